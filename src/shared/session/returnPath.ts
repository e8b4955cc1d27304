/**
 * Where sign-in returns (docs/areas/auth.md#for-users): the page that asked for a session, with its query.
 * Only a path of this portal is accepted (under the router's base, `/lms/`); anything that could
 * lead elsewhere (`//host`, `https://…`, `..` segments, backslashes, encoded dots, slashes or
 * backslashes, control characters) is refused and sign-in goes to the home page.
 */

/** The router's base: every page of the portal is under it. */
export const PORTAL_BASE = '/lms';

/** Any origin: it only tells whether the browser would resolve the path elsewhere. */
const PROBE_ORIGIN = 'https://portal.invalid';
const MAX_LENGTH = 2048;
/** Backslashes and whitespace anywhere. */
const SUSPICIOUS = /[\\\s]/;
/** Encoded dots, slashes, backslashes and NUL in the path (the query may hold them). */
const ENCODED_TRICK = /%(2e|2f|5c|00)/i;
const hasControl = (text: string) => Array.from(text).some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * The router path (relative to the base, e.g. `/qrscan?t=abc`) of a full portal path such as
 * `/lms/qrscan?t=abc`, or null when it is not a page of this portal to return to.
 */
export function returnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith(`${PORTAL_BASE}/`) || SUSPICIOUS.test(raw) || hasControl(raw)) return null;
  const path = raw.split(/[?#]/, 1)[0];
  if (path.includes('//') || ENCODED_TRICK.test(path)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  // The browser's own reading must be the same same-site path: nothing normalised away.
  if (url.origin !== PROBE_ORIGIN || `${url.pathname}${url.search}${url.hash}` !== raw) return null;
  const inside = raw.slice(PORTAL_BASE.length);
  // Never back to the login page itself.
  if (/^\/login(?:[/?#]|$)/.test(inside)) return null;
  return inside;
}

/** Session storage key of the page to return to across Google sign-in (which leaves the portal). */
const STORED_KEY = 'returnTo';

/** Keeps the page to return to while the browser visits Google (this tab only). */
export function rememberReturn(raw: string | null | undefined): void {
  try {
    if (raw && returnPath(raw)) window.sessionStorage.setItem(STORED_KEY, raw);
    else window.sessionStorage.removeItem(STORED_KEY);
  } catch {
    // Storage refused: sign-in returns to the home page.
  }
}

/** The page kept by rememberReturn, if any. */
export function storedReturn(): string | null {
  try {
    return window.sessionStorage.getItem(STORED_KEY);
  } catch {
    return null;
  }
}

export function forgetReturn(): void {
  rememberReturn(null);
}
