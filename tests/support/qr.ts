/** The QR attendance steps that several end-to-end files share. */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectVisible } from './e2e';
import { ru } from './texts';

/** The id of the first lesson on the signed-in teacher's schedule (opens the schedule). */
export async function firstLessonId(teacher: Page): Promise<number> {
  await teacher.goto('/lms/schedule');
  const lesson = teacher.locator('[data-testid^="lesson-"]').first();
  await expectVisible(lesson, 20000);
  return Number((await lesson.getAttribute('data-testid'))!.slice('lesson-'.length));
}

/**
 * On the teacher's attendance page of a lesson (/lms/qrlesson), opens attendance (a make-up session
 * when the lesson is not in its time now) and returns the shown code.
 */
export async function openAttendance(teacher: Page): Promise<Locator> {
  const makeup = teacher.getByRole('button', { name: ru('qr:projector.startMakeup') });
  const code = teacher.getByTestId('qr-token');
  await expect.poll(async () => (await code.isVisible()) || (await makeup.isVisible()), { timeout: 20000 }).toBe(true);
  if (await makeup.isVisible()) await makeup.click();
  try {
    await expectVisible(code, 20000);
  } catch (err) {
    // What the teacher sees instead (a refusal, a spinner, the make-up offer again) says why.
    const shown = await teacher
      .locator('.qr-screen')
      .innerText({ timeout: 1000 })
      .catch(() => '(no projector screen)');
    throw new Error(`No code on the projector after opening attendance; the screen shows: ${shown}`, { cause: err });
  }
  return code;
}
