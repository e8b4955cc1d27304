/**
 * A receipt: a short signed note (a JWT, HS256, under a key derived from the token secret) that a
 * student's scanned token or typed code was valid for a session when it was read. The mark may
 * carry it for QR_RECEIPT_MS instead of the token or code, so that a slow position fix or a slow
 * network after a scan late in its window does not fail an honest student.
 *
 * A hold: the same kind of note for a scan made signed out (the projector's link opened on a phone
 * without a session), naming the session and the scan's time and bound to the device (the hash of
 * its lms_qrdev cookie), valid QR_HOLD_MS, so that the sign-in that follows does not cost the scan.
 *
 * Both are signed and checked here with node:crypto's HMAC, synchronously: every mark of a burst
 * carries a receipt, and a general JWT library's checks (asynchronous, for every algorithm) cost
 * some twenty times the HMAC itself per mark. Only this compact form is made or accepted: the header
 * `{"alg":"HS256","typ":"JWT"}`, base64url without padding, the claims below, `exp` checked with no
 * tolerance.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { QR_HOLD_MS, QR_RECEIPT_MS } from '@contract/qr';

export interface ReceiptSubject {
  sessionId: number;
  idShed: number;
  studentId: number;
}

/** What a valid receipt says, with when its token or code was read. */
export interface Receipt extends ReceiptSubject {
  issuedAt: Date;
}

const AUDIENCE = 'qr-mark';
const HOLD_AUDIENCE = 'qr-hold';
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** The signing key of a token secret (worked out once per secret: every mark with a receipt needs it). */
const keys = new WeakMap<Buffer, Buffer>();
function keyOf(secret: Buffer): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('receipt').digest();
    keys.set(secret, key);
  }
  return key;
}

/** A device (its cookie or key) as marks and holds keep it: hashed. */
export const hashDevice = (device: string) => createHash('sha256').update(device).digest('hex');

const mac = (secret: Buffer, signed: string) => createHmac('sha256', keyOf(secret)).update(signed).digest();

/** A compact HS256 JWT of the claims. */
function signNote(secret: Buffer, claims: Record<string, unknown>): string {
  const signed = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signed}.${mac(secret, signed).toString('base64url')}`;
}

/** The claims of a note signed by signNote for `audience`, not expired at `now`; null otherwise. */
function readNote(secret: Buffer, note: string, audience: string, now: Date): Record<string, unknown> | null {
  const parts = note.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const given = Buffer.from(parts[2], 'base64url');
  const expected = mac(secret, `${parts[0]}.${parts[1]}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { aud, exp, iat } = claims as Record<string, unknown>;
  if (aud !== audience || typeof exp !== 'number' || typeof iat !== 'number' || exp <= Math.floor(now.getTime() / 1000)) return null;
  return claims as Record<string, unknown>;
}

/**
 * The receipt of a token or code read at `readAt` (now, unless it was a held scan's), valid
 * QR_RECEIPT_MS from `now`.
 */
export function issueReceipt(secret: Buffer, s: ReceiptSubject, now: Date, readAt: Date = now): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const read = Math.floor(readAt.getTime() / 1000);
  return Promise.resolve(
    signNote(secret, {
      sid: s.sessionId,
      shed: s.idShed,
      ...(read !== iat ? { read } : {}),
      sub: String(s.studentId),
      aud: AUDIENCE,
      iat,
      exp: iat + Math.round(QR_RECEIPT_MS / 1000),
    }),
  );
}

/** The receipt's subject when it is genuine and not expired at `now`; null otherwise. */
export function verifyReceipt(secret: Buffer, receipt: string, now: Date): Promise<Receipt | null> {
  const claims = readNote(secret, receipt, AUDIENCE, now);
  if (!claims) return Promise.resolve(null);
  const { sid, shed, sub, iat, read } = claims;
  if (typeof sid !== 'number' || typeof shed !== 'number' || typeof sub !== 'string' || typeof iat !== 'number') return Promise.resolve(null);
  if (!Number.isSafeInteger(sid) || !Number.isSafeInteger(shed) || !/^\d{1,10}$/.test(sub)) return Promise.resolve(null);
  if (read !== undefined && (typeof read !== 'number' || read > iat)) return Promise.resolve(null);
  return Promise.resolve({ sessionId: sid, idShed: shed, studentId: Number(sub), issuedAt: new Date(((read as number | undefined) ?? iat) * 1000) });
}

/** What a valid hold says: the session scanned, on which device, and when. */
export interface Hold {
  sessionId: number;
  scannedAt: Date;
}

/** The hold of a scan of the session's current token at `now` on the device (its hash). */
export function issueHold(secret: Buffer, sessionId: number, deviceHash: string, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return Promise.resolve(signNote(secret, { sid: sessionId, dev: deviceHash, aud: HOLD_AUDIENCE, iat, exp: iat + Math.round(QR_HOLD_MS / 1000) }));
}

/** The hold's session and scan time when it is genuine, not expired at `now` and of this device; null otherwise. */
export function verifyHold(secret: Buffer, hold: string, deviceHash: string, now: Date): Promise<Hold | null> {
  const claims = readNote(secret, hold, HOLD_AUDIENCE, now);
  if (!claims) return Promise.resolve(null);
  const { sid, dev, iat } = claims;
  if (typeof sid !== 'number' || !Number.isSafeInteger(sid) || typeof iat !== 'number' || dev !== deviceHash) return Promise.resolve(null);
  return Promise.resolve({ sessionId: sid, scannedAt: new Date(iat * 1000) });
}
