/**
 * A receipt: a short signed note (a JWT, HS256, under a key derived from the token secret) that a
 * student's scanned token or typed code was valid for a session when it was read. The mark may
 * carry it for QR_RECEIPT_MS instead of the token or code, so that a slow position fix or a slow
 * network after a scan late in its window does not fail an honest student.
 */
import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { QR_RECEIPT_MS } from '../../../../contract/qr';

export interface ReceiptSubject {
  sessionId: number;
  idShed: number;
  studentId: number;
}

/** What a valid receipt says, with when it was issued. */
export interface Receipt extends ReceiptSubject {
  issuedAt: Date;
}

const AUDIENCE = 'qr-mark';
const keyOf = (secret: Buffer) => createHmac('sha256', secret).update('receipt').digest();

export function issueReceipt(secret: Buffer, s: ReceiptSubject, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: s.sessionId, shed: s.idShed })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(s.studentId))
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + Math.round(QR_RECEIPT_MS / 1000))
    .sign(keyOf(secret));
}

/** The receipt's subject when it is genuine and not expired at `now`; null otherwise. */
export async function verifyReceipt(secret: Buffer, receipt: string, now: Date): Promise<Receipt | null> {
  try {
    const { payload } = await jwtVerify(receipt, keyOf(secret), { algorithms: ['HS256'], audience: AUDIENCE, currentDate: now, clockTolerance: 0 });
    const { sid, shed, sub, iat } = payload;
    if (typeof sid !== 'number' || typeof shed !== 'number' || typeof sub !== 'string' || typeof iat !== 'number') return null;
    if (!Number.isSafeInteger(sid) || !Number.isSafeInteger(shed) || !/^\d{1,10}$/.test(sub)) return null;
    return { sessionId: sid, idShed: shed, studentId: Number(sub), issuedAt: new Date(iat * 1000) };
  } catch {
    return null;
  }
}
