/** The text of a QR refusal by its reason (params.reason of the server's failure), or '' when it has none. */
import type { TFunction } from 'i18next';
import type { Failure } from '../../api/http';

const REASONS = ['token', 'notOpen', 'notYours', 'room', 'accuracy', 'marked', 'notNow', 'decided'] as const;

export function problemText(t: TFunction, failure: Failure | null): string {
  const reason = failure?.error?.params?.reason;
  return typeof reason === 'string' && (REASONS as readonly string[]).includes(reason) ? t(`qr:refused.${reason}`) : '';
}
