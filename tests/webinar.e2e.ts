/**
 * Online lessons in Chromium: the demo teacher (1366 px) attaches a meeting on the portal's meeting
 * server to a lesson of today for the demo student's group; the student, on a phone at 390 px in dark
 * mode, sees Join on that lesson in her schedule and joins (the meeting opens in a new tab); the
 * teacher sees her among the participants and marks her present in the journal. No serious axe
 * violation on either screen.
 *
 * A lesson must be under way for Join to show, whenever the test runs: the first server tells which
 * weekdays and pairs the two share, and a second server runs in a fixed-offset zone (TZ, as a
 * university's time zone) whose wall clock is inside one of them now.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/a11y';
import { STUDENT, TEACHER } from './support/accounts';
import { openContext, PHONE, sessionOf, WIDE } from './support/contexts';
import { expectVisible, setupE2E } from './support/e2e';
import { startServer, type RunningServer } from './support/server';
import { ru } from './support/texts';

const e2e = setupE2E();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

interface Lesson {
  id: number;
  day: number;
  start: number;
  end: number;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The lessons on the signed-in user's schedule page: id, weekday and pair (minutes of the day). */
async function scheduleOf(page: Page): Promise<Lesson[]> {
  await page.goto('/lms/schedule');
  await expectVisible(page.locator('[data-testid^="lesson-"]').first(), 20000);
  const rows = await page.locator('[data-testid^="lesson-"]').evaluateAll((items) =>
    items.map((li) => ({
      id: Number(li.getAttribute('data-testid')!.slice('lesson-'.length)),
      day: Number(li.closest('section')!.getAttribute('aria-labelledby')!.slice('schedule-day-'.length)),
      time: li.querySelector('.schedule-time')!.textContent ?? '',
    })),
  );
  return rows.map((r) => {
    const [, from, to] = /(\d\d:\d\d)\D+(\d\d:\d\d)/.exec(r.time)!;
    return { id: r.id, day: r.day, start: minutesOf(from), end: minutesOf(to) };
  });
}

/** A fixed-offset zone whose wall clock is now inside one of the lessons (from 8 minutes before it to 20 before its end), and that lesson. */
function zoneInLesson(lessons: Lesson[], taken: Set<string>): { zone: string; lesson: Lesson; date: string } | null {
  for (let h = -12; h <= 14; h++) {
    const wall = new Date(Date.now() + h * 3_600_000);
    const day = ((wall.getUTCDay() + 6) % 7) + 1;
    const minute = wall.getUTCHours() * 60 + wall.getUTCMinutes();
    const date = wall.toISOString().slice(0, 10);
    const lesson = lessons.find((l) => l.day === day && minute >= l.start - 8 && minute <= l.end - 20 && !taken.has(`${l.id}|${date}`));
    if (lesson) return { zone: h === 0 ? 'Etc/GMT' : `Etc/GMT${h > 0 ? '-' : '+'}${Math.abs(h)}`, lesson, date };
  }
  return null;
}

describe('webinar', () => {
  it('a teacher attaches a meeting to a lesson of today, a student of the group joins from her schedule, and is marked present', async () => {
    // The lessons the two share, from the file's first server.
    const probeTeacher = await (await openContext(e2e.browser, e2e.server, { storageState: await sessionOf(e2e.browser, e2e.server, TEACHER) })).newPage();
    const probeStudent = await (await openContext(e2e.browser, e2e.server, { storageState: await sessionOf(e2e.browser, e2e.server, STUDENT) })).newPage();
    const taught = new Set((await scheduleOf(probeTeacher)).map((l) => l.id));
    const shared = (await scheduleOf(probeStudent)).filter((l) => taught.has(l.id));
    expect(shared.length).toBeGreaterThan(0);
    // The seed's own demo meetings stay as they are: their lessons are not taken again.
    const seeded = await probeTeacher.evaluate(async () => {
      const res = await fetch('/api/webinar/meetings.json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return ((await res.json()) as { data: { idShed: number; date: string }[] }).data.map((m) => `${m.idShed}|${m.date}`);
    });
    const chosen = zoneInLesson(shared, new Set(seeded));
    if (!chosen) throw new Error(`No time zone puts now inside one of the shared lessons: ${JSON.stringify(shared)}`);
    await probeTeacher.context().close();
    await probeStudent.context().close();

    let server: RunningServer | undefined;
    try {
      server = await startServer({ env: { TZ: chosen.zone } });
      const teacher = await (await openContext(e2e.browser, server, { viewport: WIDE, storageState: await sessionOf(e2e.browser, server, TEACHER) })).newPage();
      await teacher.goto('/lms/webinar');
      const row = teacher.getByTestId(`wb-lesson-${chosen.lesson.id}-${chosen.date}`);
      await expectVisible(row, 20000);
      await row.getByRole('button', { name: new RegExp(ru('webinar:coming.attach')) }).click();
      const form = teacher.getByTestId('wb-attach');
      await expectVisible(form);
      expect(await form.getByLabel(new RegExp(ru('webinar:attach.portal').slice(0, 20))).isChecked()).toBe(true);
      await form.getByRole('button', { name: ru('webinar:attach.submit'), exact: true }).click();
      await expectVisible(row.getByText(ru('webinar:coming.attached')), 20000);
      const card = teacher.locator('[data-testid^="wb-meeting-"]').first();
      await expectVisible(card);
      const meetingId = Number((await card.getAttribute('data-testid'))!.slice('wb-meeting-'.length));
      expect(await seriousViolations(teacher)).toEqual([]);

      // The student, on a phone in dark mode: Join on that lesson of her schedule.
      const student = await (
        await openContext(e2e.browser, server, { viewport: PHONE, theme: 'dark', storageState: await sessionOf(e2e.browser, server, STUDENT) })
      ).newPage();
      await student.goto('/lms/schedule');
      const join = student.getByTestId(`lesson-${chosen.lesson.id}`).getByTestId(`join-${meetingId}`);
      await expectVisible(join, 30000);
      const tab = student.context().waitForEvent('page');
      await join.click();
      await (await tab).close();
      const link = student.getByTestId(`join-link-${meetingId}`);
      await expectVisible(link, 20000);
      expect(await link.getAttribute('href')).toMatch(/^https:\/\/meet\.tshsu\.example\/lms-[0-9a-f]{32}$/);
      expect(await seriousViolations(student)).toEqual([]);
      expect(await student.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await student.screenshot({ path: `${SHOTS}/webinar-390-student.png` });

      // The teacher sees her among the participants and marks those who joined present.
      await card.getByRole('button', { name: new RegExp(ru('webinar:meetings.participants')) }).click();
      const people = card.getByTestId('wb-participants');
      await expectVisible(people.getByTestId('wb-joined').filter({ hasText: 'Сыдыкова Айпери' }), 20000);
      await people.getByRole('button', { name: ru('webinar:people.mark') }).click();
      await expectVisible(people.getByTestId('wb-marked'), 20000);
      expect(await people.getByTestId('wb-marked').textContent()).toContain(ru('webinar:people.marked', { written: 1, kept: 0 }));
      await teacher.screenshot({ path: `${SHOTS}/webinar-1366.png`, fullPage: true });
      await teacher.context().close();
      await student.context().close();
    } finally {
      await server?.stop({ discard: true });
    }
  }, 300000);
});
