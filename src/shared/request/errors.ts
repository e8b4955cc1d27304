/** Human text for a failed call: the server's code translated (errors.<CODE>), else its message, else the problem class. */
import i18n, { type TFunction } from 'i18next';
import type { Failure } from '@api/http';
import { formatDateTime } from '@lib/dates';

/** A moment as the server sends it in a failure's params (an ISO time, e.g. TEST_NOT_OPEN's opensAt). */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The params with each moment written as the portal writes times (lib/dates.ts), in the language in use. */
function shownParams(params: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' && ISO_MOMENT.test(value) ? formatDateTime(value, i18n.resolvedLanguage) : value,
    ]),
  );
}

function numberParam(params: Record<string, string | number> | undefined, ...names: string[]): number | undefined {
  for (const name of names) {
    const value = Number(params?.[name]);
    if (params && name in params && Number.isFinite(value)) return value;
  }
  return undefined;
}

/** Minutes to wait after a 429, from the error params or the Retry-After header (at least 1). */
export function retryMinutes(failure: Failure): number {
  const seconds = numberParam(failure.error?.params, 'retryAfter', 'retryAfterSeconds', 'seconds', 'wait') ?? failure.retryAfter ?? 60;
  return Math.max(1, Math.ceil(seconds / 60));
}

export function describeFailure(t: TFunction, failure: Failure | null | undefined): string {
  if (!failure) return '';
  const code = failure.error?.code;
  if (code === 'TOO_MANY_REQUESTS' || failure.status === 429) {
    return t('cm:errors.TOO_MANY_REQUESTS', { minutes: retryMinutes(failure) });
  }
  if (code && i18n.exists(`cm:errors.${code}`)) {
    const params = failure.error?.params ?? {};
    const min = numberParam(params, 'min', 'minLength', 'passwordMinLength');
    return t(`cm:errors.${code}`, { ...shownParams(params), min: min ?? '' });
  }
  if (failure.error?.message) return failure.error.message;
  switch (failure.problem) {
    case 'TIMEOUT_ERROR':
      return t('cm:errors.timeout');
    case 'CONNECTION_ERROR':
    case 'NETWORK_ERROR':
      return t('cm:errors.network');
    case 'SERVER_ERROR':
      return t('cm:errors.server');
    default:
      return t('cm:errors.unknown');
  }
}
