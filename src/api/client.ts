/**
 * The one HTTP client of the app (docs/product.md#shell): same origin, JSON, 30 s timeout, session
 * cookie. No XSRF cookie is read before a request: the portal never sets one (cross-site writes are
 * refused by their origin, server/src/plugins/origin.ts), and where the browser keeps its cookies
 * out of the page's process (Chromium) that read is a round trip before every request is sent.
 */
import { create } from 'apisauce';

export const API_TIMEOUT_MS = 30000;

export const api = create({
  baseURL: '/',
  timeout: API_TIMEOUT_MS,
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  withCredentials: true,
  withXSRFToken: false,
});

/** Sent so that server texts (`sms`, error messages) come in the user's language. */
export function setApiLanguage(lang: string): void {
  api.setHeader('Accept-Language', lang);
}
