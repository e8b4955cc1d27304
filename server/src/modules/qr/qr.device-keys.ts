/**
 * Device keys of QR marks (docs/security.md#qr-attendance): a phone registers the public half of an
 * ECDSA P-256 key pair once per student (its private half stays in the browser's IndexedDB, not
 * extractable), and each mark may carry the key's id and its signature of the mark
 * (contract/qr.ts, QrVisitBody.deviceKey). A mark whose signature checks out carries the key as its
 * device, which a cleared cookie does not change; any other mark falls back to the device cookie.
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { QrVisitBody } from '../../../../contract/qr';
import type { Db } from '../../db/client';
import { qrDeviceKeys } from '../../db/schema';

/** What the key signs for a mark (contract/qr.ts, QrVisitBody.deviceKey). */
export function deviceKeyMessage(body: Pick<QrVisitBody, 'idShed' | 'token' | 'receipt' | 'code'>, uid: number): string {
  return ['qr-mark', body.idShed, uid, body.token ?? '', body.receipt ?? '', body.code ?? ''].join('|');
}

/** The key of a raw uncompressed P-256 public key (65 bytes, 0x04 ‖ x ‖ y), or null when it is not one. */
export function publicKeyOf(raw: Buffer): KeyObject | null {
  if (raw.length !== 65 || raw[0] !== 4) return null;
  try {
    return createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    return null; // not a point of the curve
  }
}

export const keyIdOf = (raw: Buffer) => createHash('sha256').update(raw).digest('hex');

/** Registers the key for the student (once: a second registration changes nothing). */
export async function registerKey(db: Db, studentId: number, raw: Buffer): Promise<string> {
  const keyId = keyIdOf(raw);
  await db
    .insert(qrDeviceKeys)
    .values({ keyId, studentId, publicKey: raw.toString('base64url') })
    .onConflictDoNothing();
  return keyId;
}

/** The student's registered key with this id, or null. */
export async function findKey(db: Db, studentId: number, keyId: string): Promise<KeyObject | null> {
  const [row] = await db
    .select({ publicKey: qrDeviceKeys.publicKey })
    .from(qrDeviceKeys)
    .where(and(eq(qrDeviceKeys.keyId, keyId), eq(qrDeviceKeys.studentId, studentId)))
    .limit(1);
  return row ? publicKeyOf(Buffer.from(row.publicKey, 'base64url')) : null;
}

/** Does the signature (r ‖ s, base64url, as WebCrypto makes it) sign the message with the key? */
export function signedBy(key: KeyObject, message: string, signature: string): boolean {
  try {
    return verify('sha256', Buffer.from(message), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}
