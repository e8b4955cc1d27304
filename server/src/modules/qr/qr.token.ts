/**
 * The rotating attendance token: an HMAC-SHA256 of the session, its lesson (timetable entry and
 * date) and a time window of QR_ROTATE_MS, under a server secret. A token is valid in its own window
 * and QR_GRACE_MS after it; a token of another session, lesson, date or an older window is refused.
 * The typed fallback code is QR_CODE_LENGTH digits of another HMAC of the same session and window.
 * Pure functions: the clock and the secret come from the caller.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DB_INT_MAX } from '@contract/common';
import { QR_CODE_LENGTH, QR_GRACE_MS, QR_ROTATE_MS, QR_STALE_WINDOWS } from '@contract/qr';

const VERSION = 'q1';
const MAC_CHARS = 22; // 132 bits of the HMAC, base64url

export interface TokenSubject {
  sessionId: number;
  idShed: number;
  /** 'YYYY-MM-DD' */
  date: string;
}

export const windowOf = (atMs: number): number => Math.floor(atMs / QR_ROTATE_MS);

function mac(secret: Buffer, s: TokenSubject, window: number): string {
  return createHmac('sha256', secret).update(`token|${s.sessionId}|${s.idShed}|${s.date}|${window}`).digest('base64url').slice(0, MAC_CHARS);
}

/** The code typed by hand for a session's window: QR_CODE_LENGTH decimal digits. */
export function codeFor(secret: Buffer, s: TokenSubject, window: number): string {
  const digest = createHmac('sha256', secret).update(`code|${s.sessionId}|${s.idShed}|${s.date}|${window}`).digest();
  return String(digest.readUInt32BE(0) % 10 ** QR_CODE_LENGTH).padStart(QR_CODE_LENGTH, '0');
}

/** The token and code of the window containing `atMs`, and when that window's validity ends. */
export function issue(secret: Buffer, s: TokenSubject, atMs: number): { token: string; code: string; expiresAt: Date } {
  const window = windowOf(atMs);
  return {
    token: `${VERSION}.${s.sessionId}.${window}.${mac(secret, s, window)}`,
    code: codeFor(secret, s, window),
    expiresAt: new Date((window + 1) * QR_ROTATE_MS + QR_GRACE_MS),
  };
}

/**
 * The session a token claims to belong to (null when it is not a token at all, or names a session
 * the database cannot hold: 1..2³¹−1, so that it is refused as a wrong code and never reaches a query).
 */
export function parse(token: string): { sessionId: number; window: number; mac: string } | null {
  const m = /^q1\.(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const sessionId = Number(m[1]);
  const window = Number(m[2]);
  if (!Number.isSafeInteger(sessionId) || sessionId < 1 || sessionId > DB_INT_MAX || !Number.isSafeInteger(window)) return null;
  return { sessionId, window, mac: m[3] };
}

/** Windows whose tokens are still accepted at `nowMs`: the current one, and the previous one during the grace. */
export function liveWindows(nowMs: number): number[] {
  const current = windowOf(nowMs);
  return nowMs - current * QR_ROTATE_MS <= QR_GRACE_MS ? [current, current - 1] : [current];
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Is `token` a valid token of subject `s` at `nowMs`? */
export function verifyToken(secret: Buffer, s: TokenSubject, token: string, nowMs: number): boolean {
  const parsed = parse(token);
  if (!parsed || parsed.sessionId !== s.sessionId) return false;
  if (!liveWindows(nowMs).includes(parsed.window)) return false;
  return same(parsed.mac, mac(secret, s, parsed.window));
}

/** Is `code` the typed code of subject `s` at `nowMs`? */
export function verifyCode(secret: Buffer, s: TokenSubject, code: string, nowMs: number): boolean {
  return liveWindows(nowMs).some((w) => same(code, codeFor(secret, s, w)));
}

/**
 * Is `code` the typed code of one of the QR_STALE_WINDOWS windows just before the live ones? A
 * correct code typed slowly: refused as late, never counted as a wrong try.
 */
export function isStaleCode(secret: Buffer, s: TokenSubject, code: string, nowMs: number): boolean {
  const oldest = Math.min(...liveWindows(nowMs));
  return Array.from({ length: QR_STALE_WINDOWS }, (_, k) => oldest - 1 - k).some((w) => same(code, codeFor(secret, s, w)));
}
