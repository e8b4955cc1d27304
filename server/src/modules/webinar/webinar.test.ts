/**
 * /api/webinar/: attaching a meeting to a teacher's lesson and each refusal (nothing written); two
 * attaches of one lesson at once (exactly one wins, the other a translated 409); who sees and joins
 * (the lesson's students only, while it is open, recorded once); the participants; marking those
 * who joined present in the journal, and the journal's period rules; recordings.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Schedule } from '@contract/schedule';
import type { Joined, MarkedPresent, Participants, StudentMeeting, TeacherMeeting, WebinarOptions } from '@contract/webinar';
import { rowsOf } from '../../db/client';
import { students } from '../../db/schema';
import { localDate } from '../../shared/lesson-clock';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';
import type { SignedIn } from '../../test/requests';

const START = new Date(2026, 10, 16, 7, 0); // Monday 16 November 2026, 07:00
const clock = testClock(START);
const fx = useTestApp({ now: clock.now, env: { SESSION_IDLE_MINUTES: '10080', SESSION_ABSOLUTE_HOURS: '720' }, signIn: ['teacher', 'student'] });
const q = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(fx.db.database.db, query);
/** 1 Monday 16 November … 7 Sunday 22 November; 8 the next Monday… */
const day = (n: number) => localDate(new Date(2026, 10, 15 + n));

/** A weekly lesson of the demo teacher for the demo student. */
let shared: { id: number; dayNumber: number; startsAt: string; endsAt: string; timeId: number; journalId: number };
let other: SignedIn;
let stranger: SignedIn;
const meetings = async () => (await q<{ n: number }>(sql`select count(*)::int as n from webinar_meetings`))[0].n;
const attach = (who: SignedIn, body: object, lang = 'en') => fx.post('/api/webinar/attach.json', who, body, lang);
/** The lesson's date `weeks` weeks after this week's. */
const lessonDate = (weeks = 0) => day(shared.dayNumber + 7 * weeks);
/** Moves the clock to `minutes` after the lesson's start on `date`. */
function at(date: string, minutes: number) {
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = shared.startsAt.split(':').map(Number);
  clock.set(new Date(y, m - 1, d, h, min + minutes));
}

beforeAll(async () => {
  const week = async (who: SignedIn, role: 1 | 2) =>
    (
      await fx.post(`/api/schedule/${role === 1 ? 'teacher' : 'student'}.json`, who, { year: 2026, ws: 1, uid: who.user.uid, role, isWeeklyUpdated: false })
    ).json().data as Schedule;
  const studentIds = new Set((await week(fx.student, 2)).days.flatMap((d) => d.lessons.map((l) => l.idShed)));
  const lesson = (await week(fx.teacher, 1)).days.flatMap((d) => d.lessons).find((l) => studentIds.has(l.idShed))!;
  const [entry] = await q<{ journalId: number }>(sql`select teaching_assignment_id as "journalId" from schedule_entries where id = ${lesson.idShed}`);
  shared = {
    id: lesson.idShed,
    dayNumber: lesson.day_number,
    startsAt: lesson.startsAt,
    endsAt: lesson.endsAt,
    timeId: lesson.id_time,
    journalId: entry.journalId,
  };
  other = await fx.signInUnused('webinar-other', 1);
  const [place] = await q<{ groupId: number }>(sql`select group_id as "groupId" from students where id = ${fx.student.user.uid}`);
  stranger = await fx.signInUnused('webinar-stranger', 2, sql`${students.groupId} <> ${place.groupId}`);
  // The seed's demo meetings are dated by the real clock: this file's dates are its own.
  await q(sql`delete from webinar_meetings`);
});
afterEach(() => clock.set(START));

describe('attaching', () => {
  it('lists the teacher’s coming lessons and attaches a meeting on the portal’s server, which the list then shows', async () => {
    const options = (await fx.post('/api/webinar/options.json', fx.teacher, {})).json().data as WebinarOptions;
    expect(options).toMatchObject({ canAttach: true, serverConfigured: true, today: day(1) });
    expect(options.lessons.some((l) => l.idShed === shared.id && l.date === lessonDate(0) && l.meetingId === null)).toBe(true);
    expect(options.lessons.every((l) => l.date >= day(1) && l.date <= day(7))).toBe(true);
    expect((await fx.post('/api/webinar/options.json', fx.student, {})).json().data).toMatchObject({ canAttach: false, lessons: [] });

    const res = await attach(fx.teacher, { idShed: shared.id, date: lessonDate(1), provider: 'portal' });
    expect(res.statusCode).toBe(200);
    const meeting = res.json().data as TeacherMeeting;
    expect(meeting).toMatchObject({ idShed: shared.id, date: lessonDate(1), provider: 'portal', joined: 0, recordings: [] });
    expect(meeting.url).toMatch(/^https:\/\/meet\.tshsu\.example\/lms-[0-9a-f]{32}$/);
    const mine = (await fx.post('/api/webinar/meetings.json', fx.teacher, {})).json().data as TeacherMeeting[];
    expect(mine.map((m) => m.id)).toContain(meeting.id);
  });

  it('refuses another teacher’s lesson, a student, another weekday, the past, another half-year and a bad link, writing nothing', async () => {
    const before = await meetings();
    const cases: [SignedIn, object, number, string][] = [
      [other, { idShed: shared.id, date: lessonDate(2), provider: 'portal' }, 403, 'FORBIDDEN'],
      [fx.student, { idShed: shared.id, date: lessonDate(2), provider: 'portal' }, 403, 'FORBIDDEN'],
      [fx.teacher, { idShed: shared.id, date: day(shared.dayNumber === 7 ? 13 : shared.dayNumber + 8), provider: 'portal' }, 400, 'WEBINAR_NOT_LESSON_DAY'],
      [fx.teacher, { idShed: shared.id, date: lessonDate(-1), provider: 'portal' }, 400, 'WEBINAR_PAST'],
      [fx.teacher, { idShed: shared.id, date: lessonDate(16), provider: 'portal' }, 400, 'OUTSIDE_PERIOD'],
      [fx.teacher, { idShed: shared.id, date: lessonDate(2), provider: 'link', url: 'javascript:alert(1)' }, 400, 'WEBINAR_BAD_LINK'],
      [fx.teacher, { idShed: shared.id, date: lessonDate(2), provider: 'link', url: 'http://meet.example.org/a' }, 400, 'WEBINAR_BAD_LINK'],
      [fx.teacher, { idShed: shared.id, date: lessonDate(2), provider: 'link', url: 'https://user:pw@meet.example.org/a' }, 400, 'WEBINAR_BAD_LINK'],
      [fx.teacher, { idShed: shared.id, date: lessonDate(2), provider: 'link' }, 400, 'WEBINAR_BAD_LINK'],
    ];
    for (const [who, body, status, code] of cases) {
      const res = await attach(who, body, 'kg');
      expect([res.statusCode, res.json().error?.code]).toEqual([status, code]);
    }
    expect(await meetings()).toBe(before);
  });

  it('lets exactly one of two attaches of one lesson made at once through, the other a translated 409', async () => {
    const body = { idShed: shared.id, date: lessonDate(2), provider: 'link', url: 'https://meet.example.org/room-a' };
    const answers = await Promise.all([attach(fx.teacher, body, 'ru'), attach(fx.teacher, { ...body, provider: 'portal' }, 'ru')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error).toMatchObject({
      code: 'WEBINAR_TAKEN',
      message: 'К этому занятию уже прикреплена онлайн-встреча',
    });
    expect((await q<{ n: number }>(sql`select count(*)::int as n from webinar_meetings where lesson_date = ${lessonDate(2)}::date`))[0].n).toBe(1);
  });
});

describe('joining and presence', () => {
  let meeting: TeacherMeeting;
  beforeAll(async () => {
    meeting = (await attach(fx.teacher, { idShed: shared.id, date: lessonDate(0), provider: 'link', url: 'https://meet.example.org/lesson-3' })).json()
      .data as TeacherMeeting;
  });
  const join = (who: SignedIn) => fx.post('/api/webinar/join.json', who, { meetingId: meeting.id }, 'en');

  it('shows the meeting on the teacher’s coming lesson, to the lesson’s students without its link, and not to a student of another group', async () => {
    const options = (await fx.post('/api/webinar/options.json', fx.teacher, {})).json().data as WebinarOptions;
    expect(options.lessons.find((l) => l.idShed === shared.id && l.date === lessonDate(0))?.meetingId).toBe(meeting.id);
    at(lessonDate(0), -60);
    const list = (await fx.post('/api/webinar/student/list.json', fx.student, {})).json().data as StudentMeeting[];
    const mine = list.find((m) => m.id === meeting.id)!;
    expect(mine).toMatchObject({ idShed: shared.id, date: lessonDate(0), joinedAt: null, thisWeek: true, dayNumber: shared.dayNumber });
    expect(JSON.stringify(mine)).not.toContain('lesson-3');
    const theirs = (await fx.post('/api/webinar/student/list.json', stranger, {})).json().data as StudentMeeting[];
    expect(theirs.map((m) => m.id)).not.toContain(meeting.id);
    expect((await fx.post('/api/webinar/student/list.json', fx.teacher, {})).statusCode).toBe(403);
  });

  it('lets the lesson’s student join from 10 minutes before until the end, once; refuses others', async () => {
    at(lessonDate(0), -11);
    const early = await join(fx.student);
    expect([early.statusCode, early.json().error.code]).toEqual([409, 'WEBINAR_NOT_OPEN']);
    expect((await join(stranger)).statusCode).toBe(403);
    expect((await join(other)).statusCode).toBe(403);
    at(lessonDate(0), -9);
    const first = (await join(fx.student)).json().data as Joined;
    expect(first.url).toBe('https://meet.example.org/lesson-3');
    at(lessonDate(0), 20);
    const second = (await join(fx.student)).json().data as Joined;
    expect(second.joinedAt).toBe(first.joinedAt);
    expect((await q<{ n: number }>(sql`select count(*)::int as n from webinar_joins where meeting_id = ${meeting.id}`))[0].n).toBe(1);
    const [h, m] = shared.endsAt.split(':').map(Number);
    const [y, mo, d] = lessonDate(0).split('-').map(Number);
    clock.set(new Date(y, mo - 1, d, h, m));
    expect((await join(fx.student)).json().error.code).toBe('WEBINAR_ENDED');
  });

  it('shows the teacher who joined and who did not; another teacher gets 403', async () => {
    const res = (await fx.post('/api/webinar/participants.json', fx.teacher, { meetingId: meeting.id })).json().data as Participants;
    expect(res.joined.map((j) => j.studentId)).toEqual([fx.student.user.uid]);
    expect(res.absent.map((a) => a.studentId)).not.toContain(fx.student.user.uid);
    expect(res.absent.length).toBeGreaterThan(0);
    expect((await fx.post('/api/webinar/participants.json', other, { meetingId: meeting.id })).statusCode).toBe(403);
    expect((await fx.post('/api/webinar/participants.json', fx.student, { meetingId: meeting.id })).statusCode).toBe(403);
  });

  it('marks those who joined present in the journal’s lesson, once; the journal’s period rules refuse', async () => {
    const visit = () =>
      q<{ mark: string | null; source: string }>(
        sql`select mark, source from journal_visits where teaching_assignment_id = ${shared.journalId} and student_id = ${fx.student.user.uid}
            and visit_date = ${lessonDate(0)}::date and lesson_time_id = ${shared.timeId}`,
      );
    // The seed's journal may hold that lesson already (its dates run to the seed's day): the cell starts empty.
    await q(
      sql`delete from journal_visits where teaching_assignment_id = ${shared.journalId} and student_id = ${fx.student.user.uid}
          and visit_date = ${lessonDate(0)}::date and lesson_time_id = ${shared.timeId}`,
    );
    // The day before the lesson: its attendance lies in the future.
    at(lessonDate(0), -24 * 60);
    const before = await fx.post('/api/webinar/mark-present.json', fx.teacher, { meetingId: meeting.id });
    expect([before.statusCode, before.json().error.code]).toEqual([400, 'FUTURE_DATE']);
    expect(await visit()).toEqual([]);
    at(lessonDate(0), 30);
    expect((await fx.post('/api/webinar/mark-present.json', other, { meetingId: meeting.id })).statusCode).toBe(403);
    const done = (await fx.post('/api/webinar/mark-present.json', fx.teacher, { meetingId: meeting.id })).json().data as MarkedPresent;
    expect(done).toEqual({ written: 1, kept: 0 });
    expect(await visit()).toEqual([{ mark: null, source: 'webinar' }]);
    const again = (await fx.post('/api/webinar/mark-present.json', fx.teacher, { meetingId: meeting.id })).json().data as MarkedPresent;
    expect(again).toEqual({ written: 0, kept: 1 });
    // The administrator closed the half-year's marks (the reference data's last day of marks).
    const [period] = await q<{ was: string | null }>(
      sql`update registration_periods p set marks_closed_after = ${day(0)}::date from registration_periods o
          where p.academic_year_id = 2026 and p.working_semester_id = 1 and o.academic_year_id = p.academic_year_id and o.working_semester_id = p.working_semester_id
          returning to_char(o.marks_closed_after, 'YYYY-MM-DD') as was`,
    );
    expect(period).toBeDefined();
    const closed = await fx.post('/api/webinar/mark-present.json', fx.teacher, { meetingId: meeting.id });
    await q(sql`update registration_periods set marks_closed_after = ${period.was}::date where academic_year_id = 2026 and working_semester_id = 1`);
    expect([closed.statusCode, closed.json().error.code]).toEqual([403, 'PERIOD_CLOSED']);
  });

  it('takes recordings’ https links after the meeting opened and shows them to the lesson’s students', async () => {
    at(lessonDate(0), -30);
    const early = await fx.post('/api/webinar/recording/add.json', fx.teacher, { meetingId: meeting.id, title: 'Part 1', url: 'https://rec.example.org/1' });
    expect(early.json().error.code).toBe('WEBINAR_NOT_OPEN');
    at(lessonDate(0), 120);
    const bad = await fx.post('/api/webinar/recording/add.json', fx.teacher, { meetingId: meeting.id, title: 'Part 1', url: 'javascript:alert(1)' });
    expect(bad.json().error.code).toBe('WEBINAR_BAD_LINK');
    expect((await fx.post('/api/webinar/recording/add.json', other, { meetingId: meeting.id, title: 'x', url: 'https://rec.example.org/x' })).statusCode).toBe(
      403,
    );
    const added = (
      await fx.post('/api/webinar/recording/add.json', fx.teacher, { meetingId: meeting.id, title: ' Part 1 ', url: 'https://rec.example.org/1' })
    ).json().data as TeacherMeeting;
    expect(added.recordings).toMatchObject([{ title: 'Part 1', url: 'https://rec.example.org/1' }]);
    const seen = ((await fx.post('/api/webinar/student/list.json', fx.student, {})).json().data as StudentMeeting[]).find((m) => m.id === meeting.id)!;
    expect(seen.recordings.map((r) => r.url)).toEqual(['https://rec.example.org/1']);
    expect(seen.joinedAt).not.toBeNull();
    const removed = (await fx.post('/api/webinar/recording/remove.json', fx.teacher, { recordingId: added.recordings[0].id })).json().data as TeacherMeeting;
    expect(removed.recordings).toEqual([]);
  });
});
