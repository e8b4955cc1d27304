/**
 * Online lessons in Chromium: the demo teacher (1366 px) attaches a meeting on the portal's meeting
 * server to a lesson of today for the demo student's group; the student, on a phone at 390 px in dark
 * mode, sees Join on that lesson in her schedule and joins (the meeting opens in a new tab); the
 * teacher sees her among the participants and marks her present in the journal. No serious axe
 * violation on either screen.
 *
 * A lesson must be under way for Join to show, whenever the test runs: the first server tells which
 * weekdays and pairs the two share, and a second server (and the browsers) run with their clocks set
 * to the next of those lessons, two minutes after it starts (the server's clock moved by a module it
 * loads first, the browsers' by Playwright's clock).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The next of the lessons (on this machine's clock, the servers' zone) whose date has no meeting yet: two minutes after its start, or now when one is under way. */
function nextLesson(lessons: Lesson[], taken: Set<string>): { at: number; lesson: Lesson; date: string } | null {
  const now = new Date();
  for (let i = 0; i < 21; i++) {
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + i);
    const weekday = ((day.getDay() + 6) % 7) + 1;
    const found = lessons
      .filter((l) => l.day === weekday && !taken.has(`${l.id}|${isoDay(day)}`))
      .map((l) => ({
        lesson: l,
        start: new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, l.start + 2).getTime(),
        end: day.getTime() + (l.end - 20) * 60_000,
      }))
      .filter((c) => c.end > now.getTime())
      .sort((a, b) => a.start - b.start)[0];
    if (found) return { at: Math.max(found.start, now.getTime()), lesson: found.lesson, date: isoDay(day) };
  }
  return null;
}

/** A module the server loads first (NODE_OPTIONS) that moves its clock `offsetMs` ahead. */
function clockModule(offsetMs: number): string {
  const file = path.join(os.tmpdir(), `lms-webinar-clock-${process.pid}.mjs`);
  fs.writeFileSync(
    file,
    `const D = ${offsetMs}; const R = Date;
class Moved extends R { constructor(...a) { super(...(a.length ? a : [R.now() + D])); } static now() { return R.now() + D; } }
globalThis.Date = Moved;\n`,
  );
  return pathToFileURL(file).href;
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
    const chosen = nextLesson(shared, new Set(seeded));
    if (!chosen) throw new Error(`No lesson of the two in the next three weeks: ${JSON.stringify(shared)}`);
    const offset = chosen.at - Date.now();
    await probeTeacher.context().close();
    await probeStudent.context().close();

    let server: RunningServer | undefined;
    try {
      server = await startServer({ env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${clockModule(offset)}`.trim() } });
      const teacherContext = await openContext(e2e.browser, server, { viewport: WIDE, storageState: await sessionOf(e2e.browser, server, TEACHER) });
      await teacherContext.clock.install({ time: Date.now() + offset });
      const teacher = await teacherContext.newPage();
      await teacher.goto('/lms/webinar');
      const row = teacher.getByTestId(`wb-lesson-${chosen.lesson.id}-${chosen.date}`);
      await expectVisible(row, 20000);
      await row.getByRole('button', { name: new RegExp(ru('webinar:coming.attach')) }).click();
      const form = teacher.getByTestId('wb-attach');
      await expectVisible(form);
      expect(await form.getByLabel(new RegExp(ru('webinar:attach.portal').slice(0, 20))).isChecked()).toBe(true);
      await form.getByRole('button', { name: ru('webinar:attach.submit'), exact: true }).click();
      await expectVisible(row.getByText(ru('webinar:coming.attached')), 20000);
      // The new meeting's card (the seed's own are of other dates), its date as the screen writes it.
      const shown = `${chosen.date.slice(8, 10)}.${chosen.date.slice(5, 7)}.${chosen.date.slice(0, 4)}`;
      const card = teacher.locator('[data-testid^="wb-meeting-"]').filter({ hasText: shown });
      await expectVisible(card);
      const meetingId = Number((await card.getAttribute('data-testid'))!.slice('wb-meeting-'.length));
      expect(await seriousViolations(teacher)).toEqual([]);

      // The student, on a phone in dark mode: Join on that lesson of her schedule.
      const studentContext = await openContext(e2e.browser, server, {
        viewport: PHONE,
        theme: 'dark',
        storageState: await sessionOf(e2e.browser, server, STUDENT),
      });
      await studentContext.clock.install({ time: Date.now() + offset });
      const student = await studentContext.newPage();
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
      await teacherContext.close();
      await studentContext.close();
    } finally {
      await server?.stop({ discard: true });
      fs.rmSync(path.join(os.tmpdir(), `lms-webinar-clock-${process.pid}.mjs`), { force: true });
    }
  }, 300000);
});
