/**
 * Rooms in Chromium: the demo teacher finds a room free the day after tomorrow from the side menu (1366 px), books
 * it for a make-up lesson of one of his lessons for the demo student's group, and the student, on a
 * phone at 390 px in dark mode, sees the lesson in his schedule after refreshing it; no serious axe
 * violation on either screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/a11y';
import { PHONE, WIDE } from './support/contexts';
import { expectHidden, expectPath, expectVisible, setupE2E } from './support/e2e';
import { teacherAndStudent } from './support/qr';
import { ru } from './support/texts';

const e2e = setupE2E();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Searches the rooms free on the date at a pair, opens the first and books it for the lesson; true when booked, false when refused. */
async function tryBooking(page: Page, date: string, pair: string, idShed: string): Promise<boolean> {
  // The week opened before is closed first: its form and its refusal start anew.
  const week = page.getByTestId('rm-week');
  if (await week.isVisible()) await week.getByRole('button', { name: ru('rooms:week.close') }).click();
  await expectHidden(week);
  const search = page.getByTestId('rm-search');
  await search.getByLabel(ru('rooms:search.date'), { exact: true }).fill(date);
  await search.getByLabel(ru('rooms:search.time'), { exact: true }).selectOption(pair);
  await search.getByRole('button', { name: ru('rooms:search.submit') }).click();
  const first = page.getByTestId('rm-room').first();
  await expectVisible(first, 20000);
  await page.waitForFunction(() => !document.querySelector('.rm-screen[aria-busy="true"]'));
  await first.getByRole('button').click();
  const form = page.getByTestId('rm-book');
  await expectVisible(form, 20000);
  await form.getByLabel(ru('rooms:form.lesson')).selectOption(idShed);
  await form.getByLabel(ru('rooms:form.kind')).selectOption('makeup');
  await form.getByRole('button', { name: ru('rooms:form.submit'), exact: true }).click();
  const done = page.getByTestId('rm-book-done');
  const refusal = page.getByTestId('rm-book-refusal');
  await expect.poll(async () => (await done.isVisible()) || (await refusal.textContent()) !== '', { timeout: 20000 }).toBe(true);
  if (!(await done.isVisible())) console.log(`pair ${pair}: ${await refusal.textContent()}`);
  return done.isVisible();
}

describe('rooms', () => {
  it('a teacher books a free room for his group and a student of the group sees the lesson in his schedule', async () => {
    const { teacher, student, lessons } = await teacherAndStudent(e2e, {
      teacher: { viewport: WIDE },
      student: { viewport: PHONE, isMobile: true, hasTouch: true },
    });
    await student.context().addCookies([{ name: 'theme', value: 'dark', url: e2e.server.origin }]);
    expect(lessons.length).toBeGreaterThan(0);
    await teacher
      .getByTestId('side-menu')
      .getByRole('link', { name: ru('cm:menu.rooms'), exact: true })
      .click();
    await expectPath(teacher, '/lms/rooms');
    await expectVisible(teacher.getByTestId('rm-free'), 20000);
    expect(await seriousViolations(teacher)).toEqual([]);

    const later = new Date();
    later.setDate(later.getDate() + 2);
    const date = isoDay(later);
    const options = await teacher
      .getByTestId('rm-search')
      .getByLabel(ru('rooms:search.time'), { exact: true })
      .locator('option')
      .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
    let booked = false;
    let idShed = '';
    for (const pair of options) {
      // A lesson of the teacher's load for the student's group (its first weekly lesson is the load's entry).
      if (!idShed) {
        await teacher
          .getByTestId('rm-search')
          .getByRole('button', { name: ru('rooms:search.submit') })
          .click();
        await expectVisible(teacher.getByTestId('rm-room').first(), 20000);
        await teacher.getByTestId('rm-room').first().getByRole('button').click();
        await expectVisible(teacher.getByTestId('rm-book').getByLabel(ru('rooms:form.lesson')), 20000);
        const values = await teacher
          .getByTestId('rm-book')
          .getByLabel(ru('rooms:form.lesson'))
          .locator('option')
          .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
        idShed = String(lessons.find((id) => values.includes(String(id))) ?? '');
        expect(idShed).not.toBe('');
      }
      if (await tryBooking(teacher, date, pair, idShed)) {
        booked = true;
        break;
      }
    }
    expect(booked).toBe(true);
    const mine = teacher.getByTestId('rm-mine');
    await expectVisible(mine.getByTestId('rm-booking').first());
    await teacher.screenshot({ path: `${SHOTS}/rooms-1366.png`, fullPage: true });

    // The student refreshes his schedule: the make-up lesson is there, on its weekday.
    await student.goto('/lms/schedule');
    await student.getByRole('button', { name: ru('schedule:refresh') }).click();
    await expectVisible(student.getByText(ru('rooms:bookingKinds.makeup'), { exact: false }).first(), 20000);
    expect(await student.getByTestId(`lesson-${idShed}`).count()).toBeGreaterThan(0);
    expect(await seriousViolations(student)).toEqual([]);
    expect(await student.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await student.screenshot({ path: `${SHOTS}/rooms-390-student.png` });
  }, 240000);
});
