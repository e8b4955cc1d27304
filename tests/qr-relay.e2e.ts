/**
 * A relayed code in Chromium: the server trusts its proxy's X-Forwarded-For (TRUST_PROXY) and lists
 * the university's network (QR_ALLOWED_NETWORKS). The student marks one lesson from the campus
 * network (accepted); the next code is relayed home and sent from another address with the room's
 * exact point and a 3 m fix: the mark is not refused, it waits for the teacher's review, and the
 * projector names the reason (not from the university's network) and counts the mark as one from outside it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectVisible, setupE2E } from './support/e2e';
import { seriousViolations } from './support/a11y';
import { closeAttendance, openCode, openScan, roomOf, sendMark, teacherAndStudent } from './support/qr';
import { ru } from './support/texts';

const e2e = setupE2E({ env: { TRUST_PROXY: 'true', QR_ALLOWED_NETWORKS: '10.0.0.0/8' } });

/** The teacher opens attendance; the student, at the room's exact point to within `accuracy` m, follows the scanned link and marks. */
async function markLesson(teacher: Page, student: Page, idShed: number, accuracy: number): Promise<string> {
  const room = await roomOf(teacher, idShed);
  await student.context().setGeolocation({ latitude: room.xGps, longitude: room.yGps, accuracy });
  await openScan(student, await openCode(teacher, idShed));
  return sendMark(student);
}

describe('a relayed code', () => {
  it('sent from outside the university network with the room’s exact point goes to review, named so on the projector', async () => {
    const { teacher, student, lessons } = await teacherAndStudent(e2e, {
      teacher: { extraHTTPHeaders: { 'X-Forwarded-For': '10.20.0.5' } },
      student: { extraHTTPHeaders: { 'X-Forwarded-For': '10.20.0.77' } },
    });
    const [inClass, relayed] = lessons;
    expect(relayed).toBeDefined();

    // In the room, on the campus network: accepted.
    expect(await markLesson(teacher, student, inClass, 8)).toContain('Вы отмечены');
    await closeAttendance(teacher);

    // The next code relayed home: another address, the room's exact point, a 3 m fix.
    await student.context().setExtraHTTPHeaders({ 'X-Forwarded-For': '203.0.113.7' });
    expect(await markLesson(teacher, student, relayed, 3)).toBe(ru('qr:scan.review'));
    const review = teacher.locator('.qr-review-item').filter({ hasText: 'Сыдыкова' });
    await expectVisible(review, 20000);
    expect(await review.locator('.qr-reason').textContent()).toBe(` — ${ru('qr:reason.network')}`);
    // The teacher's own panel counts the marks from outside the university's networks.
    await expect.poll(() => teacher.getByTestId('qr-networks').textContent(), { timeout: 20000 }).toBe(ru('qr:projector.networksOutside', { count: 1 }));
    expect(await seriousViolations(teacher)).toEqual([]);
    if (process.env.SCREENSHOT_DIR) await teacher.screenshot({ path: `${process.env.SCREENSHOT_DIR}/qr-projector-outside-networks.png`, fullPage: true });
  });
});
