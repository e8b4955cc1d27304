/** The one HTTP client of the app (docs/product.md#shell): same origin, JSON, 30 s timeout, session cookie. */
import { create } from 'apisauce';

export const API_TIMEOUT_MS = 30000;

export const api = create({
  baseURL: '/',
  timeout: API_TIMEOUT_MS,
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  withCredentials: true,
});

/** Sent so that server texts (`sms`, error messages) come in the user's language. */
export function setApiLanguage(lang: string): void {
  api.setHeader('Accept-Language', lang);
}
