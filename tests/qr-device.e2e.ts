/**
 * The phone's device key in Chromium: the student's first mark registers a key kept in IndexedDB and
 * signs the mark with it; the browser's cookies are then cleared (the device cookie and the session
 * with them), she signs in again, and her next mark is signed with the same key, which the server
 * still knows: no new registration, and the mark is accepted on the key's signature.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STUDENT } from './support/accounts';
import { expectPath, setupE2E, signIn } from './support/e2e';
import { closeAttendance, openCode, openScan, roomOf, sendMark, teacherAndStudent } from './support/qr';

const e2e = setupE2E();

interface SentMark {
  deviceKey?: { id: string; signature: string };
}

/** The teacher opens attendance for the lesson; the student follows the scanned link and marks. Returns the mark's body and whether the key was registered on the way. */
async function markLesson(teacher: Page, student: Page, idShed: number): Promise<{ body: SentMark; registered: boolean; result: string }> {
  const room = await roomOf(teacher, idShed);
  await student.context().setGeolocation({ latitude: room.xGps, longitude: room.yGps, accuracy: 8 });
  const token = await openCode(teacher, idShed);
  let registered = false;
  const onRequest = (r: { url(): string }) => {
    if (r.url().endsWith('/api/qr/device/register.json')) registered = true;
  };
  student.on('request', onRequest);
  await openScan(student, token);
  const sent = student.waitForRequest((r) => r.url().endsWith('/api/qr/student/visit.json'));
  const result = await sendMark(student);
  const body = (await sent).postDataJSON() as SentMark;
  student.off('request', onRequest);
  await closeAttendance(teacher);
  return { body, registered, result };
}

describe("the phone's device key", () => {
  it('survives cleared cookies: the next mark is signed with the same registered key', async () => {
    const { teacher, student, lessons } = await teacherAndStudent(e2e);
    const [first, second] = lessons;
    expect(second).toBeDefined();

    const before = await markLesson(teacher, student, first);
    expect(before.result).toContain('Вы отмечены');
    expect(before.registered).toBe(true);
    expect(before.body.deviceKey?.id).toMatch(/^[0-9a-f]{64}$/);
    const cookies = await student.context().cookies();
    expect(cookies.map((c) => c.name)).toContain('lms_qrdev');

    // The browser's cookies go (the device cookie and the session): the key in IndexedDB stays.
    await student.context().clearCookies();
    await student.goto('/lms/login');
    await signIn(student, STUDENT);
    await expectPath(student, '/lms');
    const after = await markLesson(teacher, student, second);
    expect(after.result).toContain('Вы отмечены');
    expect(after.registered).toBe(false);
    expect(after.body.deviceKey?.id).toBe(before.body.deviceKey?.id);
    expect(after.body.deviceKey?.signature).not.toBe(before.body.deviceKey?.signature);
  });
});
