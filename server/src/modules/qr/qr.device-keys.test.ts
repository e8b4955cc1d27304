/**
 * Device keys of QR marks: a phone's key registered once per student, a mark signed with it carries
 * the key as its device, so a second student marking from that phone after the cookie was cleared
 * goes to review ('device'); a signature that does not check out falls back to the cookie; only
 * students register, and only P-256 public keys.
 */
import { webcrypto } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QrSession, QrToken, QrVisitBody } from '@contract/qr';
import { qrSessions } from '../../db/schema';
import * as timetable from '../../shared/timetable.repository';
import type { TestSession } from '../../test/helpers';
import { deviceKeyMessage } from './qr.device-keys';
import { db, device, lesson, mates, moveTo, post, student, teacher, useQrApp, visitBody } from './qr.testing';

/** A phone's key pair as the browser makes it: the private half not extractable. */
async function phoneKey() {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const raw = Buffer.from(await webcrypto.subtle.exportKey('raw', pair.publicKey));
  const sign = async (text: string) =>
    Buffer.from(await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, Buffer.from(text))).toString('base64url');
  return { publicKey: raw.toString('base64url'), sign };
}

useQrApp();
beforeAll(async () => {
  await moveTo(new Date(2026, 9, 6, 7, 0)); // Tuesday 6 October 2026, 07:00
  const members = new Set((await timetable.studentsOfEntry(db.database.db, lesson.id)).map((s) => s.id));
  expect(mates.slice(0, 2).filter((m) => members.has(m.user.uid))).toHaveLength(2);
  await db.database.db.delete(qrSessions).where(eq(qrSessions.scheduleEntryId, lesson.id));
});

describe('device keys', () => {
  it('a key registered once per student; a second student signing with it after the cookie is cleared goes to review; a bad signature falls back to the cookie', async () => {
    const phone = await phoneKey();
    const registered = await post('/api/qr/device/register.json', student, { publicKey: phone.publicKey });
    expect(registered.statusCode, registered.body).toBe(200);
    const { id } = registered.json().data as { id: string };
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect((await post('/api/qr/device/register.json', student, { publicKey: phone.publicKey })).json().data).toEqual({ id });

    const opened = await post('/api/qr/session/open.json', teacher, { idShed: lesson.id, makeup: true });
    expect(opened.statusCode, opened.body).toBe(200);
    const { sessionId } = opened.json().data as QrSession;
    const { token } = (await post('/api/qr/session/token.json', teacher, { sessionId })).json().data as QrToken;
    const signed = async (who: TestSession, body: QrVisitBody) => ({
      ...body,
      deviceKey: { id, signature: await phone.sign(deviceKeyMessage(body, who.user.uid)) },
    });

    const mine = await post('/api/qr/student/visit.json', student, await signed(student, visitBody(student, token)), device('key-phone-1'));
    expect(mine.json().data, mine.body).toMatchObject({ status: 'accepted' });

    // The same phone, its cookie cleared, another student signed in: the key still names the phone.
    const [mate, third] = mates;
    expect((await post('/api/qr/device/register.json', mate, { publicKey: phone.publicKey })).json().data).toEqual({ id });
    const relayed = await post('/api/qr/student/visit.json', mate, await signed(mate, visitBody(mate, token)), device('key-phone-2'));
    expect(relayed.json().data, relayed.body).toMatchObject({ status: 'review', reason: 'device' });

    // A signature of another mark (or a key he never registered) proves nothing: his own cookie is the device.
    const forged = {
      ...visitBody(third, token),
      deviceKey: { id, signature: await phone.sign(deviceKeyMessage(visitBody(student, token), student.user.uid)) },
    };
    const own = await post('/api/qr/student/visit.json', third, forged, device('key-phone-3'));
    expect(own.json().data, own.body).toMatchObject({ status: 'accepted' });
  });

  it('signs the text the client signs (src/features/qr/deviceKey.test.ts has the same examples)', () => {
    expect(deviceKeyMessage({ idShed: 12, receipt: 'r.e.c' }, 34)).toBe('qr-mark|12|34||r.e.c|');
    expect(deviceKeyMessage({ idShed: 12, token: 't' }, 34)).toBe('qr-mark|12|34|t||');
  });

  it('only students register, and only a P-256 public key', async () => {
    const phone = await phoneKey();
    expect((await post('/api/qr/device/register.json', teacher, { publicKey: phone.publicKey })).statusCode).toBe(403);
    const notAPoint = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    expect((await post('/api/qr/device/register.json', student, { publicKey: notAPoint })).statusCode).toBe(400);
    expect((await post('/api/qr/device/register.json', student, { publicKey: 'short' })).statusCode).toBe(400);
  });
});
