/**
 * The text of a QR refusal by its reason (params.reason of the server's failure), or '' when it has
 * none; `typed` when the refused mark was sent with a typed code.
 */
import type { TFunction } from 'i18next';
import type { Failure } from '@api/http';

const REASONS = ['token', 'stale', 'notOpen', 'notYours', 'room', 'marked', 'notNow', 'decided'] as const;

export function problemText(t: TFunction, failure: Failure | null, typed = false): string {
  const reason = failure?.error?.params?.reason;
  // A typed code that matches no current token was mistyped or read off an old screen: not "scan again".
  if (typed && reason === 'token') return t('qr:refused.tokenTyped');
  return typeof reason === 'string' && (REASONS as readonly string[]).includes(reason) ? t(`qr:refused.${reason}`) : '';
}
