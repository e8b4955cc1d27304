/**
 * Local storage keys of docs/areas/auth.md#for-users and the few helpers that touch them. The `token` is only the client's
 * marker that a session was opened here; the credential is the server's HttpOnly cookie.
 */
export const STORAGE_KEYS = {
  token: 'token',
  uid: 'uid',
  role: 'role',
  fio: 'fio',
  lang: 'lang',
  image: 'image',
  schedule: 'schedule',
  lastUpdated: 'lastUpdated',
  /** The journal this teacher opened last here (shared/request/request.saga.ts requestEarly; read by public/early.js). */
  journal: 'journal',
  /** The grading sheet this teacher opened last here (shared/request/request.saga.ts requestEarly; read by public/early.js). */
  gradingsheet: 'gradingsheet',
} as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export function readItem(key: string): string | null {
  return safe(() => window.localStorage.getItem(key), null);
}

export function writeItem(key: string, value: string): void {
  safe(() => window.localStorage.setItem(key, value), undefined);
}

export function removeItem(key: string): void {
  safe(() => window.localStorage.removeItem(key), undefined);
}

export function readToken(): string | null {
  return readItem(STORAGE_KEYS.token);
}

/** A fresh random marker for a new sign-in. */
export function newToken(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Removes the sign-in keys (token, uid, role): the first step after a successful sign-in (docs/areas/auth.md#for-users). */
export function clearAuthKeys(): void {
  removeItem(STORAGE_KEYS.token);
  removeItem(STORAGE_KEYS.uid);
  removeItem(STORAGE_KEYS.role);
}

/** Stores what the client keeps about the signed-in user. */
export function storeSession(entry: { token: string; uid: number; role: number; fio: string }): void {
  writeItem(STORAGE_KEYS.token, entry.token);
  writeItem(STORAGE_KEYS.uid, String(entry.uid));
  writeItem(STORAGE_KEYS.role, String(entry.role));
  writeItem(STORAGE_KEYS.fio, entry.fio);
}

/** Logout and an ended session clear everything except the chosen language. */
export function clearAllExceptLang(): void {
  safe(() => {
    const lang = window.localStorage.getItem(STORAGE_KEYS.lang);
    window.localStorage.clear();
    if (lang !== null) window.localStorage.setItem(STORAGE_KEYS.lang, lang);
  }, undefined);
}
