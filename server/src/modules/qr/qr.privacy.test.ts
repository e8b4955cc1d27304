/**
 * QR attendance privacy (docs/security.md#qr-attendance): a teacher's reports cover only the groups
 * he teaches unless he holds the report permission; the public card's token and a calendar feed's
 * secret stay out of the log; the card is never cached; positions are forgotten after QR_POSITION_DAYS.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { rowsOf } from '../../db/client';
import { qrMarks, qrReportViewers, qrSessions, scheduleEntries } from '../../db/schema';
import { housekeeping } from '../../housekeeping';
import { appOn, createTestDatabase, session, testClock, type TestDatabase, type TestSession } from '../../test/helpers';

let db: TestDatabase;
let app: App;
const lines: string[] = [];
const clock = testClock(new Date(2026, 9, 5, 9, 0)); // Monday 5 October 2026
let teacher: TestSession;
let student: TestSession;
/** A lesson of another teacher, for a group the demo teacher does not teach this half-year, held with QR attendance. */
let foreign: { entryId: number; groupId: number; specialityId: number; teacherId: number; studentId: number; sessionId: number };

beforeAll(async () => {
  db = await createTestDatabase();
  app = await appOn(db, { now: clock.now, env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line), flushSync: () => {} } });
  teacher = await session(app, 'teacher');
  student = await session(app, 'student');
  const d = db.database.db;
  // A group the demo teacher does not teach this half-year, given one lesson of another teacher.
  const [group] = await rowsOf<{ groupId: number; specialityId: number; studentId: number }>(
    d,
    sql`select g.id as "groupId", g.speciality_id as "specialityId", min(st.id)::int as "studentId" from groups g join students st on st.group_id = g.id
        where not exists (select 1 from schedule_entries te left join stream_groups tsg on tsg.stream_id = te.stream_id
                          where te.teacher_id = ${teacher.user.uid} and te.academic_year_id = 2026 and te.working_semester_id = 1
                            and (te.group_id = g.id or tsg.group_id = g.id))
        group by g.id having count(st.id) > 1 order by g.id limit 1`,
  );
  const [model] = await d
    .select()
    .from(scheduleEntries)
    .where(and(eq(scheduleEntries.academicYearId, 2026), eq(scheduleEntries.workingSemesterId, 1), ne(scheduleEntries.teacherId, teacher.user.uid)))
    .limit(1);
  const [room] = await rowsOf<{ id: number }>(
    d,
    sql`select a.id from auditoria a where not exists (select 1 from schedule_entries e where e.auditorium_id = a.id and e.academic_year_id = 2026
        and e.working_semester_id = 1 and e.day_number = 6 and e.lesson_time_id = ${model.lessonTimeId}) order by a.id limit 1`,
  );
  const { id: _id, ...copy } = model;
  const [entry] = await d
    .insert(scheduleEntries)
    .values({ ...copy, dayNumber: 6, auditoriumId: room.id, groupId: group.groupId, streamId: null, subgroup: 0 })
    .returning({ id: scheduleEntries.id });
  const row = { ...group, entryId: entry.id, teacherId: model.teacherId };
  const [s] = await d
    .insert(qrSessions)
    .values({
      scheduleEntryId: row.entryId,
      lessonDate: '2026-09-12',
      teacherId: row.teacherId,
      opensAt: new Date(2026, 8, 12, 8, 0),
      closesAt: new Date(2026, 8, 12, 9, 20),
      closedAt: new Date(2026, 8, 12, 9, 20),
    })
    .returning({ id: qrSessions.id });
  foreign = { ...row, sessionId: s.id };
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
});

type Rate = { id: number; expected: number; present: number };
const report = async (url: string, who: TestSession) => {
  const res = await app.inject({ method: 'GET', url, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Rate[];
};

describe('who sees QR reports', () => {
  it('a teacher sees only the groups he teaches; with the report permission, every group', async () => {
    const groups = `/api/misc/getstudentqrrate?year=2026&ws=1&speciality=${foreign.specialityId}`;
    const students = `/api/misc/getqrforreportstudent?year=2026&ws=1&group=${foreign.groupId}`;
    expect((await report(groups, teacher)).map((r) => r.id)).not.toContain(foreign.groupId);
    expect(await report(students, teacher)).toEqual([]);

    await db.database.db.insert(qrReportViewers).values({ userId: teacher.user.id });
    try {
      expect((await report(groups, teacher)).map((r) => r.id)).toContain(foreign.groupId);
      expect((await report(students, teacher)).map((r) => r.id)).toContain(foreign.studentId);
    } finally {
      await db.database.db.delete(qrReportViewers).where(eq(qrReportViewers.userId, teacher.user.id));
    }
  });
});

describe("the administrator's QR report viewer right (docs/areas/admin.md#calls)", () => {
  it('granted on the accounts screen, the teacher reads the whole university; revoked, only his own groups again', async () => {
    const admin = await session(app, 'admin');
    const setRight = async (granted: boolean) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/rights.json',
        headers: admin.headers,
        payload: { id: teacher.user.id, right: 'qrReports', granted },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.qrReports).toBe(granted);
    };
    const groups = `/api/misc/getstudentqrrate?year=2026&ws=1&speciality=${foreign.specialityId}`;
    const disciplines = `/api/qr/report/disciplines.json?year=2026&ws=1&group=${foreign.groupId}`;
    const groupReport = async () => (await app.inject({ method: 'GET', url: disciplines, headers: teacher.headers })).statusCode;
    const teacherOnly = async () => {
      expect((await report(groups, teacher)).map((r) => r.id)).not.toContain(foreign.groupId);
      expect(await groupReport()).toBe(403);
    };

    await teacherOnly();
    await setRight(true);
    try {
      expect((await report(groups, teacher)).map((r) => r.id)).toContain(foreign.groupId);
      expect(await groupReport()).toBe(200);
    } finally {
      await setRight(false);
    }
    await teacherOnly();
  });
});

describe('secrets and the log', () => {
  it("the card's token and the calendar's secret never reach the log; the card is not cached", async () => {
    const card = (await app.inject({ method: 'POST', url: '/api/qr/card.json', payload: {}, headers: student.headers })).json().data as { data: string };
    const feed = (await app.inject({ method: 'POST', url: '/api/schedule/calendar.json', payload: {}, headers: student.headers })).json().data as {
      path: string;
    };
    const secret = feed.path
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    const before = lines.length;

    const shown = await app.inject({ method: 'GET', url: `/api/misc/getstudentqrinfo?data=${card.data}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: feed.path })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/lms/studentqr?data=${card.data}` });

    const logged = lines.slice(before).join('');
    expect(logged).toContain('getstudentqrinfo?data=…');
    expect(logged).toContain('/api/schedule/calendar/…');
    expect(logged).not.toContain(card.data);
    expect(logged).not.toContain(secret);
  });
});

describe('positions are kept for QR_POSITION_DAYS', () => {
  it('housekeeping clears the positions of older marks and keeps their distance', async () => {
    const d = db.database.db;
    const mark = (createdAt: Date, studentId: number) => ({
      sessionId: foreign.sessionId,
      studentId,
      status: 'accepted',
      latitude: 42.87,
      longitude: 74.59,
      accuracyM: 12,
      distanceM: 23,
      device: 'd'.repeat(64),
      via: 'token',
      createdAt,
    });
    const [other] = await rowsOf<{ id: number }>(
      d,
      sql`select id from students where group_id = ${foreign.groupId} and id <> ${foreign.studentId} order by id limit 1`,
    );
    const [old, recent] = await d
      .insert(qrMarks)
      .values([mark(new Date(2026, 7, 31, 9, 0), foreign.studentId), mark(new Date(2026, 8, 12, 9, 0), other.id)])
      .returning({ id: qrMarks.id });

    await housekeeping(app.ctx); // 5 October: the first is 35 days old, the second 23

    const byId = async (id: number) => (await d.select().from(qrMarks).where(eq(qrMarks.id, id)))[0];
    expect(await byId(old.id)).toMatchObject({ latitude: null, longitude: null, accuracyM: null, distanceM: 23 });
    expect(await byId(recent.id)).toMatchObject({ latitude: 42.87, longitude: 74.59, accuracyM: 12, distanceM: 23 });
  });
});
