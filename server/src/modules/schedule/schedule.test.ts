/** /api/schedule/*: the timetable by role and day, one lesson's QR details, and the calendar feed behind a revocable secret. */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Schedule } from '@contract/schedule';
import { testClock, type TestSession } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';

const clock = testClock(new Date(2026, 9, 5, 9, 0));

const body = (who: TestSession, over: object = {}) => ({ year: 2026, ws: 1, uid: who.user.uid, role: who.user.role, isWeeklyUpdated: false, ...over });

const fx = useTestApp({ now: clock.now, timeoutMs: 120_000 });
const { post } = fx;

describe('the timetable', () => {
  it('the teacher sees lessons grouped by day with the group; the student sees them with the teacher', async () => {
    const t = (await post('/api/schedule/teacher.json', fx.teacher, body(fx.teacher))).json().data as Schedule;
    expect(t.days.length).toBe(6);
    expect(t.days.map((d) => d.day_number)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const d of t.days) {
      expect(d.lessons.every((l) => l.day_number === d.day_number)).toBe(true);
      const starts = d.lessons.map((l) => l.startsAt);
      expect([...starts].sort()).toEqual(starts);
    }
    const s = (await post('/api/schedule/student.json', fx.student, body(fx.student))).json().data as Schedule;
    const lessons = s.days.flatMap((d) => d.lessons);
    expect(lessons.length).toBeGreaterThan(0);
    const shared = lessons.find((l) => t.days.some((d) => d.lessons.some((x) => x.idShed === l.idShed)))!;
    expect(shared.who.split(' ').length).toBeGreaterThanOrEqual(2);
    const asTaught = t.days.flatMap((d) => d.lessons).find((l) => l.idShed === shared.idShed)!;
    expect(asTaught.who).toMatch(/^ПИ-/);
  });

  it("the spring half-year has the demo teacher's lessons with the demo student's group; a year without lessons is an empty list", async () => {
    const t = (await post('/api/schedule/teacher.json', fx.teacher, body(fx.teacher, { ws: 2 }))).json().data as Schedule;
    const s = (await post('/api/schedule/student.json', fx.student, body(fx.student, { ws: 2 }))).json().data as Schedule;
    const taught = t.days.flatMap((d) => d.lessons);
    expect(taught.length).toBeGreaterThan(0);
    expect(taught.every((l) => /^ПИ-/.test(l.who))).toBe(true);
    expect(s.days.flatMap((d) => d.lessons).some((l) => taught.some((x) => x.idShed === l.idShed))).toBe(true);
    const none = (await post('/api/schedule/teacher.json', fx.teacher, body(fx.teacher, { year: 2024, ws: 2 }))).json().data as Schedule;
    expect(none.days).toEqual([]);
  });

  it('refuses the other role’s call and ids that are not the caller’s', async () => {
    expect((await post('/api/schedule/teacher.json', fx.student, body(fx.student))).statusCode).toBe(403);
    expect((await post('/api/schedule/student.json', fx.teacher, body(fx.teacher))).statusCode).toBe(403);
    expect((await post('/api/schedule/student.json', fx.student, body(fx.student, { uid: fx.student.user.uid + 1 }))).statusCode).toBe(403);
    expect((await post('/api/schedule/student.json', null, body(fx.student))).statusCode).toBe(401);
  });

  it('qr.json gives a lesson of the caller, the room position to its teacher only, and refuses others', async () => {
    const s = (await post('/api/schedule/student.json', fx.student, body(fx.student))).json().data as Schedule;
    const lesson = s.days[0].lessons[0];
    const res = await post('/api/schedule/qr.json', fx.student, { idShed: lesson.idShed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: lesson.idShed, audid: lesson.idAud, uid: fx.student.user.uid, role: 2, daynum: lesson.day_number });
    // A student never learns where the room is (a relayed code could be sent with its point).
    expect(res.json().data).not.toHaveProperty('xGps');
    expect(res.json().data).not.toHaveProperty('yGps');
    expect(res.json().data).not.toHaveProperty('radiusM');
    const t = (await post('/api/schedule/teacher.json', fx.teacher, body(fx.teacher))).json().data as Schedule;
    const own = await post('/api/schedule/qr.json', fx.teacher, { idShed: t.days[0].lessons[0].idShed });
    expect(own.json().data.xGps).toBeGreaterThan(42);
    expect(own.json().data.radiusM).toBeGreaterThan(0);
    const notHers = t.days.flatMap((d) => d.lessons).filter((l) => !s.days.some((d) => d.lessons.some((x) => x.idShed === l.idShed)));
    // The demo teacher also teaches groups other than the demo student's (db/seed/schedule.test.ts).
    expect(notHers.length).toBeGreaterThan(0);
    expect((await post('/api/schedule/qr.json', fx.student, { idShed: notHers[0].idShed })).statusCode).toBe(403);
    expect((await post('/api/schedule/qr.json', fx.student, { idShed: 2147483647 })).statusCode).toBe(404);
  });
});

describe('the calendar feed', () => {
  it('a secret link serves weekly events without a session; revoking it ends the old link', async () => {
    const link = (await post('/api/schedule/calendar.json', fx.student, {})).json().data.path as string;
    expect(link).toMatch(/^\/api\/schedule\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect((await post('/api/schedule/calendar.json', fx.student, {})).json().data.path).toBe(link);
    const feed = await fx.app.inject({ method: 'GET', url: link });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain('RRULE:FREQ=WEEKLY');
    expect(feed.body.match(/BEGIN:VEVENT/g)!.length).toBeGreaterThan(0);
    const renewed = (await post('/api/schedule/calendar/revoke.json', fx.student, {})).json().data.path as string;
    expect(renewed).not.toBe(link);
    expect((await fx.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    expect((await fx.app.inject({ method: 'GET', url: renewed })).statusCode).toBe(200);
    expect((await fx.app.inject({ method: 'GET', url: '/api/schedule/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics' })).statusCode).toBe(404);
  });

  it("lessons carry the server's time zone, described in the feed, so a phone elsewhere shows the right hour", async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const link = (await post('/api/schedule/calendar.json', fx.student, {})).json().data.path as string;
    const feed = await fx.app.inject({ method: 'GET', url: link });
    expect(feed.statusCode).toBe(200);
    // Read the way a calendar app reads it: the feed's own VTIMEZONE turns each start into an instant.
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones).toHaveLength(1);
    const tzid = zones[0].getFirstPropertyValue('tzid') as string;
    expect([zone, `Etc/${zone}`]).toContain(tzid);
    ICAL.TimezoneService.register(zones[0]);
    // Beside a start with a TZID, the stamp and the weekly rule's end are UTC (RFC 5545).
    expect(feed.body.match(/^DTSTAMP:.*$/gm)!.every((line) => /^DTSTAMP:\d{8}T\d{6}Z\r?$/.test(line))).toBe(true);
    expect(feed.body.match(/UNTIL=[^;\r\n]*/g)!.every((until) => until.endsWith('Z'))).toBe(true);
    const s = (await post('/api/schedule/student.json', fx.student, body(fx.student))).json().data as Schedule;
    const lessons = s.days.flatMap((d) => d.lessons);
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(lessons.length);
    for (const lesson of lessons) {
      const event = events.find((e) => e.uid === `lms-schedule-${lesson.idShed}`)!;
      expect(event.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(tzid);
      const start = event.startDate.toJSDate();
      // The first week of the autumn half-year, on the lesson's weekday at its local start time.
      expect(start.getFullYear()).toBe(2026);
      expect(start.getMonth()).toBe(8);
      expect(start.getDate()).toBeLessThanOrEqual(7);
      expect(((start.getDay() + 6) % 7) + 1).toBe(lesson.day_number);
      expect(`${String(start.getHours()).padStart(2, '0')}:${String(start.getMinutes()).padStart(2, '0')}`).toBe(lesson.startsAt);
      expect(event.endDate.toJSDate().getTime()).toBeGreaterThan(start.getTime());
    }
  });
});
