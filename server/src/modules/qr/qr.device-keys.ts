/**
 * Device keys of QR marks (docs/security.md#qr-attendance): a phone registers the public half of an
 * ECDSA P-256 key pair once per student (its private half stays in the browser's IndexedDB, not
 * extractable), and each mark may carry the key's id and its signature of the mark
 * (contract/qr.ts, QrVisitBody.deviceKey). A mark whose signature checks out carries the key as its
 * device, which a cleared cookie does not change; any other mark falls back to the device cookie.
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { QrVisitBody } from '@contract/qr';
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

/**
 * signedBy off the event loop (node:crypto's thread pool): the marks of a batch are checked at once
 * while the process goes on serving the requests of the burst.
 */
export function checkSignature(key: KeyObject, message: string, signature: string): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      verify('sha256', Buffer.from(message), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'), (err, ok) => resolve(!err && ok));
    } catch {
      resolve(false);
    }
  });
}

/** Does the signature (r ‖ s, base64url, as WebCrypto makes it) sign the message with the key? */
export function signedBy(key: KeyObject, message: string, signature: string): boolean {
  try {
    return verify('sha256', Buffer.from(message), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

/** More students' keys than this kept in memory: the cache starts again. */
const MAX_KEPT_KEYS = 50_000;

/**
 * The students' registered keys this process has imported (an import costs more than a signature's
 * check), by student and key id. A key id is the hash of its public key (keyIdOf), so what is kept
 * under it never changes; a mark still finds its key registered for its student in the database
 * (the batch's read) before the kept key checks its signature.
 */
export class DeviceKeyCache {
  private readonly keys = new Map<string, { publicKey: string; key: KeyObject | null }>();

  /** The key kept for the student's key id, if any (its public key raw, base64url, and the key; null: not a key). */
  peek(studentId: number, keyId: string): { publicKey: string; key: KeyObject | null } | undefined {
    return this.keys.get(`${studentId}:${keyId}`);
  }

  /** The key of the student's registered public key (raw, base64url), imported once; null when it is not a key. */
  keyOf(studentId: number, keyId: string, publicKey: string): KeyObject | null {
    const kept = this.peek(studentId, keyId);
    if (kept && kept.publicKey === publicKey) return kept.key;
    const key = publicKeyOf(Buffer.from(publicKey, 'base64url'));
    if (this.keys.size >= MAX_KEPT_KEYS) this.keys.clear();
    this.keys.set(`${studentId}:${keyId}`, { publicKey, key });
    return key;
  }
}
