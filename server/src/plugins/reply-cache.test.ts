/**
 * Replies kept in the server process (plugins/reply-cache.ts): the profile, the pages of the news
 * feed and the groups' weeks of the timetable are reused while nothing they show has changed, and
 * every change shows at once, on every server process on the database: a new item, a read mark, a
 * person's data, the language, the moment a scheduled item comes out, a lesson moved, a student
 * taken off a list or put in a subgroup.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewsItem } from '@contract/news';
import type { ScheduleLesson } from '@contract/schedule';
import type { App } from '../app';
import { rowsOf } from '../db/client';
import { silently, twoProcesses, type TwoProcesses } from '../test/processes';
import { news, teachers } from '../db/schema';
import { entriesOfGroup, entriesOfStudent, isStudentOf } from '../shared/timetable.repository';
import { signedIn } from '../test/requests';
import { appOn, multipartPayload, quickPasswordHash, session, testClock, type TestDatabase, type TestSession } from '../test/helpers';

let processes: TwoProcesses;
let db: TestDatabase;
/** Two "processes" on the database: what one changes, the other must show. */
let a: App;
let b: App;
let teacher: TestSession;
let student: TestSession;
const clock = testClock(new Date(2026, 9, 1, 10, 0));
// Kept for a minute of real time, so that only the changes under test end the reuse.
const env = { REPLY_CACHE_MS: '60000', SESSION_IDLE_MINUTES: '1440', SESSION_ABSOLUTE_HOURS: '720' };

beforeAll(async () => {
  processes = await twoProcesses({ now: clock.now, env });
  ({ db, a, b } = processes);
  teacher = await session(a, 'teacher');
  student = await session(a, 'student');
});
afterAll(() => processes.close());
beforeEach(async () => {
  await db.database.db.delete(news);
  clock.set(new Date(2026, 9, 1, 10, 0));
});

const kept = (app: App) => app.ctx.dataChanges.kept;

const profile = (app: App, who: TestSession, lang = 'ru') =>
  app.inject({
    method: 'POST',
    url: '/api/profile/data.json',
    payload: { uid: who.user.uid, role: who.user.role },
    headers: { ...who.headers, 'accept-language': lang },
  });

async function feed(app: App, who: TestSession, lang = 'ru'): Promise<NewsItem[]> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/news/data.json',
    payload: { id: who.user.id, uid: who.user.uid, role: who.user.role, page: 1 },
    headers: { ...who.headers, 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as NewsItem[];
}

async function post(app: App, fields: Record<string, string>): Promise<number> {
  const { payload, contentType } = multipartPayload(Object.entries({ audience: '0', faculty: '-1', ...fields }).map(([name, content]) => ({ name, content })));
  const res = await app.inject({ method: 'POST', url: '/api/news/insert.json', payload, headers: { ...teacher.headers, 'content-type': contentType } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id_eventMessage;
}

describe('profile', () => {
  it('a kept profile is answered without reading it again, and the same bytes as read afresh', async () => {
    const first = await profile(b, teacher);
    expect(first.statusCode).toBe(200);
    const phone = first.json().data.phone as string;
    // Changed behind the server's back (no announcement): the kept reply still answers.
    await silently(db, sql`update teachers set phone = '+996 000 000 000' where id = ${teacher.user.uid}`);
    const again = await profile(b, teacher);
    expect(again.body).toBe(first.body);
    await db.database.db.update(teachers).set({ phone }).where(eq(teachers.id, teacher.user.uid));
  });

  it("a change to the person's data shows at once on every process", async () => {
    for (const app of [a, b]) expect((await profile(app, teacher)).statusCode).toBe(200);
    const [row] = await db.database.db.select({ phone: teachers.phone }).from(teachers).where(eq(teachers.id, teacher.user.uid));
    try {
      await db.database.db.update(teachers).set({ phone: '+996 555 123 456' }).where(eq(teachers.id, teacher.user.uid));
      for (const app of [b, a]) expect((await profile(app, teacher)).json().data.phone).toBe('+996 555 123 456');
    } finally {
      await db.database.db.update(teachers).set({ phone: row.phone }).where(eq(teachers.id, teacher.user.uid));
    }
  });

  it('each language has its own reply', async () => {
    expect((await profile(b, student, 'ru')).json().data.educationForm).toBe('Очная');
    expect((await profile(b, student, 'en')).json().data.educationForm).toBe('Full-time');
    expect((await profile(b, student, 'ru')).json().data.educationForm).toBe('Очная');
  });

  it('the course follows the academic year', async () => {
    const course = (await profile(b, student)).json().data.course as number;
    clock.set(new Date(2027, 9, 1, 10, 0));
    // A year on, in a new session (the old one has ended by then).
    const later = await session(b, 'student');
    expect((await profile(b, later)).json().data.course).toBe(course + 1);
  });
});

describe('news feed', () => {
  it('a kept page is answered without reading it again', async () => {
    const id = await post(a, { message: 'Kept' });
    const first = await feed(b, student);
    await feed(b, student); // the reads are recorded now, so the page is kept
    expect(kept(b)).toBeGreaterThan(0);
    await silently(db, sql`update news set message = 'Changed silently' where id = ${id}`);
    expect(await feed(b, student)).toEqual(first);
  });

  it('a new item shows at once on every process', async () => {
    await post(a, { message: 'First' });
    for (const app of [a, b]) for (let i = 0; i < 2; i++) await feed(app, student);
    await post(a, { message: 'Second' });
    for (const app of [b, a]) expect((await feed(app, student)).map((i) => i.message)).toEqual(['Second', 'First']);
  });

  it("a read mark shows at once in the author's read count", async () => {
    const id = await post(a, { message: 'Counted' });
    const count = async (app: App) => (await feed(app, teacher)).find((i) => i.id_eventMessage === id)!.readCount;
    expect(await count(b)).toBe(0);
    expect(await count(b)).toBe(0);
    await feed(a, student);
    expect(await count(b)).toBe(1);
    expect(await count(a)).toBe(1);
  });

  it('a deleted item goes at once', async () => {
    const id = await post(a, { message: 'Gone soon' });
    for (let i = 0; i < 2; i++) await feed(b, student);
    const res = await a.inject({ method: 'POST', url: '/api/news/delete.json', payload: { id }, headers: teacher.headers });
    expect(res.statusCode).toBe(200);
    expect(await feed(b, student)).toEqual([]);
  });

  it('a scheduled item comes out at its moment', async () => {
    await post(a, { message: 'Now' });
    await post(a, { message: 'Later', publishAt: new Date(clock.now().getTime() + 3_600_000).toISOString() });
    for (let i = 0; i < 2; i++) expect((await feed(b, student)).map((i) => i.message)).toEqual(['Now']);
    clock.advance(3_600_000);
    expect((await feed(b, student)).map((i) => i.message)).toEqual(['Later', 'Now']);
    // And back in time (a clock moved by hand): not yet out.
    clock.advance(-2 * 3_600_000);
    expect((await feed(b, student)).map((i) => i.message)).toEqual([]);
  });

  it('each language has its own page', async () => {
    await post(a, { message: 'Words' });
    const role = async (lang: string) => (await feed(b, student, lang))[0].author.split('|')[1];
    const ru = await role('ru');
    await role('ru');
    const en = await role('en');
    expect(en).not.toBe(ru);
    expect(await role('ru')).toBe(ru);
    expect(await role('en')).toBe(en);
  });
});

describe("news feed: an audience's page", () => {
  /** Another student of the demo student's group, signed in. */
  async function groupmate(): Promise<TestSession> {
    const rows = await rowsOf<{ id: number }>(
      db.database.db,
      sql`select s.id from students s where s.group_id = (select group_id from students where id = ${student.user.uid}) and s.id <> ${student.user.uid} order by s.id limit 1`,
    );
    const uid = Number(rows[0].id);
    await db.database.db.execute(
      sql`insert into users (login, role, student_id, password_hash, must_update_credentials) values ('reply-cache-mate', 2, ${uid}, ${quickPasswordHash('Mate2026pass')}, false)
          on conflict (student_id) do update set login = excluded.login, password_hash = excluded.password_hash, must_update_credentials = false, disabled = false`,
    );
    return signedIn(a, 'reply-cache-mate', 'Mate2026pass');
  }

  it("one reader's read marks keep another reader's page, and what the page shows still changes at once", async () => {
    const id = await post(a, { message: 'For everyone' });
    const mate = await groupmate();
    const first = await feed(b, student);
    expect(first.map((i) => i.message)).toEqual(['For everyone']);
    // The groupmate reads it on the other process: his read mark is written there.
    expect((await feed(a, mate)).map((i) => i.message)).toEqual(['For everyone']);
    await silently(db, sql`update news set message = 'Changed silently' where id = ${id}`);
    // The student's page is his audience's, kept through the groupmate's mark: the same, not read again.
    expect(await feed(b, student)).toEqual(first);
    expect(await feed(b, mate)).toEqual(first);
    // A change to the item itself shows at once for both.
    await db.database.db.update(news).set({ message: 'Corrected' }).where(eq(news.id, id));
    for (const who of [student, mate]) expect((await feed(b, who)).map((i) => i.message)).toEqual(['Corrected']);
  });

  it("the audience's page records each reader's read mark, counted at once for the author on the other process", async () => {
    const id = await post(a, { message: 'Count me' });
    const mate = await groupmate();
    const count = async (app: App) => (await feed(app, teacher)).find((i) => i.id_eventMessage === id)!.readCount;
    await feed(b, student);
    expect(await count(a)).toBe(1);
    await feed(b, mate); // the page is kept on b, and still records the groupmate's read
    expect(await count(a)).toBe(1 + 1);
  });

  it('a reader who writes his first item gets his own page at once', async () => {
    await post(a, { message: 'By the teacher' });
    await feed(b, student);
    // The student gets the right to post and writes an item on the other process.
    await db.database.db.execute(sql`update users set news_perms = true where id = ${student.user.id}`);
    const again = await session(a, 'student');
    const { payload, contentType } = multipartPayload([
      { name: 'audience', content: '1' },
      { name: 'faculty', content: '-1' },
      { name: 'message', content: 'For teachers, by a student' },
    ]);
    const res = await a.inject({ method: 'POST', url: '/api/news/insert.json', payload, headers: { ...again.headers, 'content-type': contentType } });
    await db.database.db.execute(sql`update users set news_perms = false where id = ${student.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await feed(b, again)).find((i) => i.message === 'For teachers, by a student');
    expect(mine?.readCount).toBe(0);
  });
});

describe('schedule', () => {
  const week = async (app: App, who: TestSession = student): Promise<ScheduleLesson[]> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/schedule/student.json',
      payload: { year: 2026, ws: 1, uid: who.user.uid, role: who.user.role, isWeeklyUpdated: false },
      headers: who.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { days: { lessons: ScheduleLesson[] }[] }).days.flatMap((d) => d.lessons);
  };
  const assignmentOf = async (idShed: number) => {
    const rows = await rowsOf<{ id: number }>(db.database.db, sql`select teaching_assignment_id as id from schedule_entries where id = ${idShed}`);
    return Number(rows[0].id);
  };

  it('a kept week is answered without reading it again', async () => {
    const first = await week(b);
    expect(first.length).toBeGreaterThan(0);
    await silently(db, sql`update lesson_times set starts_at = '06:00' where id = ${first[0].id_time}`);
    expect(await week(b)).toEqual(first);
    await silently(db, sql`update lesson_times set starts_at = ${`${first[0].startsAt}:00`} where id = ${first[0].id_time}`);
  });

  it('a lesson moved to another room shows at once on every process', async () => {
    const [lesson] = await week(b);
    await week(a);
    const rows = await rowsOf<{ id: number }>(db.database.db, sql`select id from auditoria where id <> ${lesson.idAud} order by id limit 1`);
    const room = Number(rows[0].id);
    await db.database.db.execute(sql`update schedule_entries set auditorium_id = ${room} where id = ${lesson.idShed}`);
    try {
      for (const app of [b, a]) expect((await week(app)).find((l) => l.idShed === lesson.idShed)!.idAud).toBe(room);
    } finally {
      await db.database.db.execute(sql`update schedule_entries set auditorium_id = ${lesson.idAud} where id = ${lesson.idShed}`);
    }
  });

  it("a student taken off a journal loses its lessons at once, and gets them back; his group's week stays kept for the others", async () => {
    const [lesson] = await week(b);
    const assignment = await assignmentOf(lesson.idShed);
    await db.database.db.execute(sql`insert into journal_removed_students (teaching_assignment_id, student_id) values (${assignment}, ${student.user.uid})`);
    expect((await week(b)).some((l) => l.idShed === lesson.idShed)).toBe(false);
    await db.database.db.execute(sql`delete from journal_removed_students where teaching_assignment_id = ${assignment} and student_id = ${student.user.uid}`);
    expect((await week(b)).some((l) => l.idShed === lesson.idShed)).toBe(true);
  });

  it("a journal split into subgroups shows at once: the student keeps the lesson only in his subgroup's list", async () => {
    const [lesson] = await week(b);
    const assignment = await assignmentOf(lesson.idShed);
    const rows = await rowsOf<{ id: number }>(
      db.database.db,
      sql`insert into journal_subgroups (teaching_assignment_id, number, name) values (${assignment}, 1, 'First') returning id`,
    );
    const subgroup = Number(rows[0].id);
    try {
      // Split, and the student in none of its subgroups: not his lesson any more.
      expect((await week(b)).some((l) => l.idShed === lesson.idShed)).toBe(false);
      await db.database.db.execute(sql`insert into journal_subgroup_students (subgroup_id, student_id) values (${subgroup}, ${student.user.uid})`);
      expect((await week(b)).some((l) => l.idShed === lesson.idShed)).toBe(true);
    } finally {
      await db.database.db.execute(sql`delete from journal_subgroups where id = ${subgroup}`);
    }
  });

  it("the week worked out from the group's is each student's own, whatever his subgroup, list or journal subgroups", async () => {
    const d = db.database.db;
    const [lesson] = await week(b);
    const assignment = await assignmentOf(lesson.idShed);
    const mates = await rowsOf<{ id: number; group_id: number; subgroup: number }>(
      db.database.db,
      sql`select id, group_id, subgroup from students where group_id = (select group_id from students where id = ${student.user.uid}) order by id`,
    );
    expect(mates.length).toBeGreaterThan(2);
    const [removed, inFirst] = [Number(mates[1].id), Number(mates[2].id)];
    await d.execute(sql`insert into journal_removed_students (teaching_assignment_id, student_id) values (${assignment}, ${removed})`);
    const rows = await rowsOf<{ id: number }>(
      db.database.db,
      sql`insert into journal_subgroups (teaching_assignment_id, number, name) values (${assignment}, 1, 'First') returning id`,
    );
    await d.execute(sql`insert into journal_subgroup_students (subgroup_id, student_id) values (${Number(rows[0].id)}, ${inFirst})`);
    try {
      const group = await entriesOfGroup(d, Number(mates[0].group_id), 2026, 1);
      for (const m of mates) {
        const own = (await entriesOfStudent(d, Number(m.id), 2026, 1)).map((e) => e.id);
        expect(group.filter((e) => isStudentOf(e, { id: Number(m.id), subgroup: Number(m.subgroup) })).map((e) => e.id)).toEqual(own);
      }
    } finally {
      await d.execute(sql`delete from journal_subgroups where id = ${Number(rows[0].id)}`);
      await d.execute(sql`delete from journal_removed_students where teaching_assignment_id = ${assignment} and student_id = ${removed}`);
    }
  });

  it("a student moved to another subgroup gets that subgroup's lessons at once", async () => {
    const before = await week(b);
    const rows = await rowsOf<{ subgroup: number }>(db.database.db, sql`select subgroup from students where id = ${student.user.uid}`);
    const own = Number(rows[0].subgroup);
    const other = own === 1 ? 2 : 1;
    const expected = await rowsOf<{ id: number }>(db.database.db, sql`update students set subgroup = ${other} where id = ${student.user.uid} returning id`);
    expect(expected.length).toBe(1);
    try {
      const after = (await week(b)).map((l) => l.idShed);
      const fresh = (await entriesOfStudent(db.database.db, student.user.uid, 2026, 1)).map((e) => e.id);
      expect(after).toEqual(fresh);
    } finally {
      await db.database.db.execute(sql`update students set subgroup = ${own} where id = ${student.user.uid}`);
    }
    expect((await week(b)).map((l) => l.idShed)).toEqual(before.map((l) => l.idShed));
  });
});

describe('reply cache off', () => {
  it('REPLY_CACHE_MS=0 keeps nothing: every call reads', async () => {
    const off = await appOn(db, { now: clock.now, env: { ...env, REPLY_CACHE_MS: '0' } });
    try {
      const id = await post(a, { message: 'Read every time' });
      for (let i = 0; i < 2; i++) await feed(off, student);
      expect(kept(off)).toBe(0);
      await silently(db, sql`update news set message = 'Seen at once' where id = ${id}`);
      expect((await feed(off, student))[0].message).toBe('Seen at once');
    } finally {
      await off.close();
    }
  });
});
