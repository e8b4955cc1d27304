/**
 * The projector at 1366 × 768, as a classroom projector shows it (docs/areas/qr.md#for-users): full screen
 * holds the code, the typed code, the countdown and the count, large, with nothing of the portal
 * and no names; leaving full screen brings the teacher's list back.
 */
import { describe, expect, it } from 'vitest';
import { TEACHER } from './support/accounts';
import { expectHidden, expectPath, expectVisible, setupE2E, signIn } from './support/e2e';
import { firstLessonId, openAttendance } from './support/qr';
import { ru, text } from './support/texts';

const e2e = setupE2E();

describe('the QR projector in full screen', () => {
  it('shows only the code, the countdown and the count, readable across a room', async () => {
    const teacher = await e2e.page({ viewport: { width: 1366, height: 768 } });
    await signIn(teacher, TEACHER);
    await expectPath(teacher, '/lms');
    const idShed = await firstLessonId(teacher);
    await teacher.goto(`/lms/qrlesson?shed=${idShed}`);
    const code = await openAttendance(teacher);

    await teacher.getByRole('button', { name: ru('qr:projector.fullscreen') }).click();
    const stage = teacher.getByTestId('qr-stage');
    await expect.poll(() => stage.evaluate((el) => document.fullscreenElement === el)).toBe(true);
    await expectVisible(teacher.getByTestId('qr-countdown'));
    if (process.env.SCREENSHOT_DIR) await teacher.screenshot({ path: `${process.env.SCREENSHOT_DIR}/projector-1366.png` });
    expect(await teacher.getByTestId('qr-count').textContent()).toMatch(/^Отметились \d+ из \d+$/);
    await expectHidden(teacher.getByText(ru('qr:projector.present'), { exact: true }));
    // Readable from the back of a room: the typed code and the count in large type, the QR code most of the height.
    const size = (testId: string) => teacher.getByTestId(testId).evaluate((el) => parseFloat(getComputedStyle(el.querySelector('strong') ?? el).fontSize));
    expect(await size('qr-code')).toBeGreaterThanOrEqual(96);
    expect(await size('qr-count')).toBeGreaterThanOrEqual(48);
    // The count keeps to one line: its text's boxes all share one top.
    const lines = await teacher.getByTestId('qr-count').evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    expect((await code.boundingBox())!.height).toBeGreaterThanOrEqual(500);

    await teacher.getByRole('button', { name: ru('qr:projector.exitFullscreen') }).click();
    await expect.poll(() => teacher.evaluate(() => document.fullscreenElement === null)).toBe(true);
    await expectVisible(teacher.getByText(ru('qr:projector.present'), { exact: true }));
    if (process.env.SCREENSHOT_DIR) {
      await teacher.screenshot({ path: `${process.env.SCREENSHOT_DIR}/projector-teacher-1366.png`, fullPage: true });
      await teacher.emulateMedia({ colorScheme: 'dark' });
      await teacher.setViewportSize({ width: 390, height: 844 });
      await teacher.screenshot({ path: `${process.env.SCREENSHOT_DIR}/projector-teacher-390-dark.png`, fullPage: true });
    }
  });
});

describe('the QR projector in Kyrgyz', () => {
  it('keeps the count to one line at 1366 × 768', async () => {
    const teacher = await e2e.page({ viewport: { width: 1366, height: 768 } });
    await signIn(teacher, TEACHER);
    await expectPath(teacher, '/lms');
    // The portal in Kyrgyz from the next page on.
    await teacher.context().addCookies([{ name: 'lang', value: 'kg', url: e2e.server.origin }]);
    await teacher.goto('/lms/schedule');
    const lesson = teacher.locator('[data-testid^="lesson-"]').first();
    await expectVisible(lesson, 20000);
    const idShed = Number((await lesson.getAttribute('data-testid'))!.slice('lesson-'.length));
    await teacher.goto(`/lms/qrlesson?shed=${idShed}`);
    const makeup = teacher.getByRole('button', { name: text('kg', 'qr:projector.startMakeup') });
    const code = teacher.getByTestId('qr-token');
    await expect.poll(async () => (await code.isVisible()) || (await makeup.isVisible()), { timeout: 20000 }).toBe(true);
    if (await makeup.isVisible()) await makeup.click();
    await expectVisible(code, 20000);
    await teacher.getByRole('button', { name: text('kg', 'qr:projector.fullscreen') }).click();
    const stage = teacher.getByTestId('qr-stage');
    await expect.poll(() => stage.evaluate((el) => document.fullscreenElement === el)).toBe(true);
    const count = teacher.getByTestId('qr-count');
    await expectVisible(count);
    if (process.env.SCREENSHOT_DIR) await teacher.screenshot({ path: `${process.env.SCREENSHOT_DIR}/projector-kg-1366.png` });
    await expect.poll(() => count.textContent()).toMatch(/^\d+ \/ \d+ белгиленди$/);
    expect(await count.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(48);
    const lines = await count.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
  });
});
