/**
 * Receipts and holds (qr.receipt.ts), signed and checked with node:crypto's HMAC: a genuine one
 * reads back; a changed claim or signature, another header (another algorithm, `none`), another
 * secret, a hold offered as a receipt, another device's hold and an expired one are refused.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { hashDevice, issueHold, issueReceipt, verifyHold, verifyReceipt } from './qr.receipt';

const secret = randomBytes(32);
const now = new Date('2026-11-29T08:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const subject = { sessionId: 41, idShed: 7, studentId: 1234 };
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('a receipt', () => {
  it('reads back its subject until it expires (75 s), and is a standard HS256 JWT', async () => {
    const receipt = await issueReceipt(secret, subject, now);
    expect(await verifyReceipt(secret, receipt, later(74_000))).toEqual({ ...subject, issuedAt: now });
    expect(await verifyReceipt(secret, receipt, later(75_000))).toBeNull();
    const key = createHmac('sha256', secret).update('receipt').digest();
    const { payload } = await jwtVerify(receipt, key, { algorithms: ['HS256'], audience: 'qr-mark', currentDate: now });
    expect(payload).toMatchObject({ sid: 41, shed: 7, sub: '1234' });
  });

  it('of a held scan is dated at the scan', async () => {
    const scanned = new Date(now.getTime() - 180_000);
    expect(await verifyReceipt(secret, await issueReceipt(secret, subject, now, scanned), now)).toMatchObject({ issuedAt: scanned });
  });

  it('is refused when a claim, the signature, the header or the secret differs', async () => {
    const receipt = await issueReceipt(secret, subject, now);
    const [header, payload, signature] = receipt.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = [
      `${header}.${b64({ ...claims, sub: '999' })}.${signature}`,
      `${header}.${payload}.${flipFirstByte(signature)}`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`,
      `${header}.${payload}`,
      'not a receipt',
    ];
    for (const f of forged) expect(await verifyReceipt(secret, f, now), f).toBeNull();
    expect(await verifyReceipt(randomBytes(32), receipt, now)).toBeNull();
  });
});

/** The signature with its first byte's bits inverted: always another signature (setting the byte to a value would not be, one time in 256). */
function flipFirstByte(signature: string): string {
  const bytes = Buffer.from(signature, 'base64url');
  bytes[0] ^= 0xff;
  return bytes.toString('base64url');
}

describe('a hold', () => {
  it('reads back on its device for 5 minutes; another device, a receipt in its place or a hold in a receipt’s place are refused', async () => {
    const device = hashDevice('phone-a');
    const hold = await issueHold(secret, 41, device, now);
    expect(await verifyHold(secret, hold, device, later(299_000))).toEqual({ sessionId: 41, scannedAt: now });
    expect(await verifyHold(secret, hold, device, later(300_000))).toBeNull();
    expect(await verifyHold(secret, hold, hashDevice('phone-b'), now)).toBeNull();
    expect(await verifyReceipt(secret, hold, now)).toBeNull();
    expect(await verifyHold(secret, await issueReceipt(secret, subject, now), device, now)).toBeNull();
  });
});
