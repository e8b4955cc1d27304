/** The QR attendance steps that several end-to-end files share. */
import { expect } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { STUDENT, TEACHER } from './accounts';
import { expectPath, expectVisible, signIn, type E2E } from './e2e';
import { ru } from './texts';

/** The ids of the lessons on the signed-in user's schedule, in its order (opens the schedule). */
export async function lessonIds(page: Page): Promise<number[]> {
  await page.goto('/lms/schedule');
  await expectVisible(page.locator('[data-testid^="lesson-"]').first(), 20000);
  return page.locator('[data-testid^="lesson-"]').evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-testid')!.slice('lesson-'.length))));
}

/** The id of the first lesson on the signed-in teacher's schedule (opens the schedule). */
export async function firstLessonId(teacher: Page): Promise<number> {
  return (await lessonIds(teacher))[0];
}

/** The room's position of a lesson, from the teacher's lesson details (a student never receives it). */
export function roomOf(teacher: Page, idShed: number): Promise<{ xGps: number; yGps: number }> {
  return teacher.evaluate(async (id) => {
    const res = await fetch('/api/schedule/qr.json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idShed: id }) });
    return ((await res.json()) as { data: { xGps: number; yGps: number } }).data;
  }, idShed);
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

/** The teacher opens the projector of a lesson and attendance on it; returns the token of the shown code. */
export async function openCode(teacher: Page, idShed: number): Promise<string> {
  await teacher.goto(`/lms/qrlesson?shed=${idShed}`);
  return (await (await openAttendance(teacher)).getAttribute('data-token'))!;
}

/** The teacher closes attendance: the projector says it is closed. */
export async function closeAttendance(teacher: Page): Promise<void> {
  await teacher.getByRole('button', { name: ru('qr:projector.close') }).click();
  await expectVisible(teacher.getByText(ru('qr:projector.closed')), 10000);
}

/** The student follows the scanned link of a code: the scanner names the lesson. */
export async function openScan(student: Page, token: string): Promise<void> {
  await student.goto(`/lms/qrscan?t=${encodeURIComponent(token)}`);
  await expectVisible(student.getByTestId('scan-lesson'), 20000);
}

/** On the scanner naming a lesson, the student sends the mark; returns what the page answers. */
export async function sendMark(student: Page): Promise<string> {
  await student.getByRole('button', { name: ru('qr:scan.send'), exact: true }).click();
  await expectVisible(student.getByTestId('scan-result'), 20000);
  return (await student.getByTestId('scan-result').textContent()) ?? '';
}

/**
 * The demo teacher and student signed in on pages of their own (the student's allowing her position,
 * at first nowhere near the room, to within `accuracy` m), and the ids of the lessons he teaches that
 * she attends, in his schedule's order.
 */
export async function teacherAndStudent(
  e2e: E2E,
  options: { accuracy?: number; teacher?: BrowserContextOptions; student?: BrowserContextOptions } = {},
): Promise<{ teacher: Page; student: Page; lessons: number[] }> {
  const teacher = await e2e.page(options.teacher);
  await signIn(teacher, TEACHER);
  await expectPath(teacher, '/lms');
  const taught = await lessonIds(teacher);
  const student = await e2e.page({
    permissions: ['geolocation'],
    geolocation: { latitude: 0, longitude: 0, accuracy: options.accuracy ?? 10 },
    ...options.student,
  });
  await signIn(student, STUDENT);
  await expectPath(student, '/lms');
  const attended = await lessonIds(student);
  return { teacher, student, lessons: taught.filter((id) => attended.includes(id)) };
}
