/**
 * /api/chat/*: conversations of 20 a page around the first unread, sending with a file or photo,
 * read marks and counts, deletion of one's own messages, attachments, who may talk to whom (Z3),
 * file limits (F1, F2, F4), and live events over Server-Sent Events.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, count, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Db } from '../../db/client';
import { chatGroupReads, chatMessages, disciplines, files, groups, streamGroups, students, teachingAssignments, users } from '../../db/schema';
import { appOn, cookieHeader, createTestDatabase, multipartPayload, session, testClock, type MultipartPart, type TestDatabase } from '../../test/helpers';
import { requestsTo } from '../../test/requests';

let db: TestDatabase;
let sql_: Db;
let app: App;
let dataDir: string;
const clock = testClock(new Date(2026, 10, 20, 10, 0)); // 20 November 2026
const LIMIT_MB = 1;

interface Person {
  headers: Record<string, string>;
  userId: number;
  uid: number;
  role: 1 | 2;
}

let teacher: Person; // the demo teacher: teaches ПИ-1-24 Web Programming
let student: Person; // the demo student, ПИ-1-24
let classmate: Person; // another student of ПИ-1-24
let outsider: Person; // a student of a group the demo teacher never teaches
let stranger: Person; // a teacher who never teaches ПИ-1-24
let colleague: Person; // another teacher of ПИ-1-24 (a different discipline)
let demoGroup: number;
let otherGroup: number;
let web: number;
let swtech: number;
let journalism: number;

const context = { year: 2026, ws: 1 as const };
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A session for any account (other accounts than the demo ones have no password). */
async function sessionOf(userId: number): Promise<Person> {
  const token = await app.ctx.sessions.create(userId, 'password', { ip: '127.0.0.1', userAgent: null, token: null });
  const [u] = await sql_.select().from(users).where(eq(users.id, userId));
  return { headers: cookieHeader(token), userId, uid: (u.role === 1 ? u.teacherId : u.studentId)!, role: u.role as 1 | 2 };
}

async function demo(who: 'teacher' | 'student'): Promise<Person> {
  const s = await session(app, who);
  return { headers: s.headers, userId: s.user.id, uid: s.user.uid, role: s.user.role };
}

const { post } = requestsTo(() => app, '/api/chat/');

/** The one-to-one fields from `from` to `to`. */
const pair = (from: Person, to: Person, discipline = web) => ({
  ...context,
  id_discipline: discipline,
  id_from_type: from.role,
  id_from: from.uid,
  id_to_type: to.role,
  id_to: to.uid,
});
/** The group chat fields of `from`. */
const groupOf = (from: Person, groupId = demoGroup, discipline = web) => ({
  ...context,
  id_discipline: discipline,
  id_humanTypeFrom: from.role,
  id_HumanFrom: from.uid,
  gr_potok: groupId,
});

function send(who: Person, fields: Record<string, string | number>, file?: Omit<MultipartPart, 'name'> & { name?: string }) {
  const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, content: String(value) }));
  if (file) parts.push({ name: 'files', ...file });
  const { payload, contentType } = multipartPayload(parts);
  return app.inject({ method: 'POST', url: '/api/chat/insert.json', payload, headers: { ...who.headers, 'content-type': contentType } });
}

const sendText = (from: Person, to: Person, message: string) => send(from, { ...pair(from, to), message });

/** Messages written straight into the table (fast paging fixtures), oldest first. */
async function writeMessages(from: Person, to: Person, n: number, read: boolean): Promise<number[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    senderUserId: from.userId,
    recipientUserId: to.userId,
    disciplineId: web,
    academicYearId: 2026,
    workingSemesterId: 1,
    message: `m${i + 1}`,
    createdAt: new Date(clock.now().getTime() + i * 1000),
    readAt: read ? clock.now() : null,
  }));
  const out = await sql_.insert(chatMessages).values(rows).returning({ id: chatMessages.id });
  return out.map((r) => r.id);
}

/** The chat as seeded: its messages with their read marks, and how far each member had read group chats. */
let seeded: { messages: Array<{ id: number; readAt: Date | null }>; groupReads: Array<typeof chatGroupReads.$inferSelect> };

/**
 * Puts the chat back as seeded before each test, so that no test depends on what another one wrote
 * or read (whatever order they run in): messages written since are deleted, read marks restored.
 */
async function restoreSeededChat(): Promise<void> {
  await sql_.transaction(async (tx) => {
    const keep = seeded.messages.map((m) => m.id);
    await tx.delete(chatMessages).where(notInArray(chatMessages.id, keep));
    await tx.execute(
      sql`update ${chatMessages} m set read_at = (s->>'readAt')::timestamptz from jsonb_array_elements(${JSON.stringify(seeded.messages)}::jsonb) s where m.id = (s->>'id')::bigint and m.read_at is distinct from (s->>'readAt')::timestamptz`,
    );
    await tx.delete(chatGroupReads);
    if (seeded.groupReads.length) await tx.insert(chatGroupReads).values(seeded.groupReads);
  });
}

const ids = (messages: Array<{ id_message: number }>) => messages.map((m) => m.id_message);
const filesOnDisk = () => (fs.existsSync(path.join(dataDir, 'files')) ? fs.readdirSync(path.join(dataDir, 'files')).filter((f) => !f.startsWith('.')) : []);
const total = async (table: typeof chatMessages | typeof files) => (await sql_.select({ n: count() }).from(table))[0].n;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-chat-'));
  db = await createTestDatabase();
  sql_ = db.database.db;
  app = await appOn(db, { now: clock.now, env: { DATA_DIR: dataDir, UPLOAD_LIMIT_MB: String(LIMIT_MB) } });
  teacher = await demo('teacher');
  student = await demo('student');

  const name = async (n: string) => (await sql_.select({ id: disciplines.id }).from(disciplines).where(eq(disciplines.nameRu, n)))[0].id;
  web = await name('Веб-программирование');
  swtech = await name('Технологии разработки программного обеспечения');
  journalism = await name('Основы журналистики');
  const group = async (n: string) => (await sql_.select({ id: groups.id }).from(groups).where(eq(groups.name, n)))[0].id;
  demoGroup = await group('ПИ-1-24');
  otherGroup = await group('ЖУР-1-24');

  const [mate] = await sql_
    .select({ id: users.id })
    .from(users)
    .innerJoin(students, eq(students.id, users.studentId))
    .where(and(eq(students.groupId, demoGroup), ne(users.id, student.userId)))
    .orderBy(asc(users.id))
    .limit(1);
  classmate = await sessionOf(mate.id);
  const [out] = await sql_
    .select({ id: users.id })
    .from(users)
    .innerJoin(students, eq(students.id, users.studentId))
    .where(eq(students.groupId, otherGroup))
    .limit(1);
  outsider = await sessionOf(out.id);

  // Teachers reaching ПИ-1-24 (directly or by stream) in any year.
  const reaching = await sql_
    .selectDistinct({ teacherId: teachingAssignments.teacherId, disciplineId: teachingAssignments.disciplineId })
    .from(teachingAssignments)
    .leftJoin(streamGroups, eq(streamGroups.streamId, teachingAssignments.streamId))
    .where(sql`coalesce(${teachingAssignments.groupId}, ${streamGroups.groupId}) = ${demoGroup}`);
  const teachesDemo = new Set(reaching.map((r) => r.teacherId));
  const other = reaching.find((r) => r.disciplineId === swtech && r.teacherId !== teacher.uid)!;
  const [col] = await sql_.select({ id: users.id }).from(users).where(eq(users.teacherId, other.teacherId));
  colleague = await sessionOf(col.id);
  const journ = await sql_
    .selectDistinct({ teacherId: teachingAssignments.teacherId })
    .from(teachingAssignments)
    .where(eq(teachingAssignments.disciplineId, journalism));
  const far = journ.find((t) => !teachesDemo.has(t.teacherId))!;
  const [str] = await sql_.select({ id: users.id }).from(users).where(eq(users.teacherId, far.teacherId));
  stranger = await sessionOf(str.id);

  seeded = {
    messages: await sql_.select({ id: chatMessages.id, readAt: chatMessages.readAt }).from(chatMessages).orderBy(asc(chatMessages.id)),
    groupReads: await sql_.select().from(chatGroupReads),
  };
});
beforeEach(async () => {
  await restoreSeededChat();
  // Bytes of files deleted by an earlier test go now, not in the middle of a test counting files on disk.
  await app.ctx.files.runUnlinkChecks();
});
afterAll(async () => {
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('chat calls need a session', () => {
  it.each(['messages.json', 'group/messages.json', 'old.json', 'new.json', 'insert.json', 'read.json', 'readall.json', 'count.json', 'deletemessage.json'])(
    'POST %s → 401',
    async (url) => {
      const res = await post(url, null, {});
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    },
  );

  it('GET download.file and events.json → 401', async () => {
    expect((await app.inject({ url: '/api/chat/download.file?id=1' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/chat/events.json' })).statusCode).toBe(401);
  });
});

describe('opening a conversation (seeded)', () => {
  it('the teacher opens the demo student around her two unread messages', async () => {
    const res = await post('messages.json', teacher, pair(teacher, student));
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.unreades_total).toBe(2);
    expect(page.existsNextNew).toBe(false);
    const last = page.messages.slice(-2);
    expect(page.unreades_start).toBe(last[0].id_message);
    expect(last.map((m: { ismine: boolean; fio: string }) => [m.ismine, m.fio])).toEqual([
      [false, 'Сыдыкова Айпери Талантовна'],
      [false, 'Сыдыкова Айпери Талантовна'],
    ]);
    expect(page.messages.length).toBe(10);
    const withFile = page.messages.find((m: { file: unknown }) => m.file)!;
    expect(withFile.file).toMatchObject({ image: false, mime: 'application/pdf', name: 'Требования к курсовому проекту.pdf' });
    expect(page.messages.some((m: { file: { image: boolean } | null }) => m.file?.image)).toBe(true);
  });

  it('the student sees the same conversation from her side, nothing unread', async () => {
    const page = (await post('messages.json', student, pair(student, teacher))).json().data;
    expect(page).toMatchObject({ unreades_start: null, unreades_total: 0, existsNextNew: false });
    expect(page.messages.filter((m: { ismine: boolean }) => m.ismine).length).toBe(6);
    expect(page.messages.at(-1)).toMatchObject({ ismine: true, isread: false, id_from_type: 2, id_from: student.uid });
    expect(page.messages[0]).toMatchObject({ ismine: true, isread: true });
  });

  it('the group chat of her group about Web Programming, with unread messages', async () => {
    const page = (await post('group/messages.json', student, groupOf(student))).json().data;
    expect(page.messages.length).toBe(10);
    expect(page.unreades_total).toBeGreaterThan(0);
    expect(page.messages[0].fio).toBe('Асанов Бакыт Кубанычбекович');
  });
});

describe('paging by id cursor, 20 a page', () => {
  it('latest 20, then older pages until one is under 20', async () => {
    const written = await writeMessages(classmate, teacher, 45, true);
    const page = (await post('messages.json', teacher, pair(teacher, classmate))).json().data;
    expect(ids(page.messages)).toEqual(written.slice(25));
    expect(page).toMatchObject({ unreades_start: null, unreades_total: 0, existsNextNew: false });
    const older = (await post('old.json', teacher, { ...pair(teacher, classmate), id_lastMessage: written[25] })).json().data;
    expect(ids(older)).toEqual(written.slice(5, 25));
    const oldest = (await post('old.json', teacher, { ...pair(teacher, classmate), id_lastMessage: written[5] })).json().data;
    expect(ids(oldest)).toEqual(written.slice(0, 5));
    const newer = (await post('new.json', teacher, { ...pair(teacher, classmate), id_lastMessage: written[20] })).json().data;
    expect(ids(newer)).toEqual(written.slice(21, 41));
    expect(newer.every((m: { ismine: boolean }) => !m.ismine)).toBe(true);
  });

  it('opens around the first unread: 5 before it, 15 from it, newer ones follow', async () => {
    const mate = classmate;
    await writeMessages(mate, teacher, 10, true);
    const seen = await sql_
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.senderUserId, mate.userId), eq(chatMessages.recipientUserId, teacher.userId)))
      .orderBy(asc(chatMessages.id));
    const unread = await writeMessages(mate, teacher, 30, false);
    const page = (await post('messages.json', teacher, pair(teacher, mate))).json().data;
    expect(page.unreades_start).toBe(unread[0]);
    expect(page.unreades_total).toBe(30);
    expect(page.existsNextNew).toBe(true);
    expect(ids(page.messages)).toEqual([...seen.slice(-5).map((r) => r.id), ...unread.slice(0, 15)]);
    const rest = (await post('new.json', teacher, { ...pair(teacher, mate), id_lastMessage: unread[14] })).json().data;
    expect(ids(rest)).toEqual(unread.slice(15));
  });
});

describe('unread counts and read marks', () => {
  it('count.json has the total, per person and per group chat', async () => {
    const counts = (await post('count.json', student)).json().data;
    const fromColleague = counts.contacts.find((c: { idid: number }) => c.idid === colleague.uid);
    expect(counts.total).toBe(
      counts.contacts.reduce((n: number, c: { countMessages: number }) => n + c.countMessages, 0) +
        counts.groups.reduce((n: number, g: { countMessages: number }) => n + g.countMessages, 0),
    );
    expect(counts.groups.find((g: { id_discipline: number }) => g.id_discipline === web)).toMatchObject({ gr_potok: demoGroup });
    expect(fromColleague === undefined || fromColleague.id_type === 1).toBe(true);
  });

  it('count.json counts each discipline (its group chats and the one-to-one messages written about it); they add up to the total, and follow reading', async () => {
    const sum = (rows: { countMessages: number }[]) => rows.reduce((n, r) => n + r.countMessages, 0);
    const of = (counts: { disciplines: { id_discipline: number; countMessages: number }[] }) =>
      counts.disciplines.find((d) => d.id_discipline === web)?.countMessages ?? 0;
    const before = (await post('count.json', teacher)).json().data;
    expect(sum(before.disciplines)).toBe(before.total);
    expect(before.disciplines.every((d: { countMessages: number }) => d.countMessages > 0)).toBe(true);
    const group = before.groups.filter((g: { id_discipline: number }) => g.id_discipline === web);
    expect(of(before)).toBeGreaterThanOrEqual(sum(group));

    const res = await send(student, { ...pair(student, teacher), message: 'Вопрос по лабораторной' });
    expect(res.statusCode).toBe(200);
    const more = (await post('count.json', teacher)).json().data;
    expect(of(more)).toBe(of(before) + 1);
    expect(sum(more.disciplines)).toBe(more.total);

    const readAll = (await post('readall.json', teacher, pair(teacher, student))).json().data;
    const after = (await post('count.json', teacher)).json().data;
    expect(readAll.marked).toBeGreaterThan(0);
    expect(of(after)).toBeLessThan(of(more));
    expect(after.total).toBe(more.total - readAll.marked);
    expect(sum(after.disciplines)).toBe(after.total);
  });

  it('read.json marks one message read once; readall the rest; counts follow', async () => {
    const before = (await post('count.json', teacher)).json().data;
    const fromStudent = before.contacts.find((c: { idid: number; id_type: number }) => c.idid === student.uid && c.id_type === 2);
    expect(fromStudent.countMessages).toBe(2);
    const page = (await post('messages.json', teacher, pair(teacher, student))).json().data;
    const first = page.unreades_start;
    expect((await post('read.json', teacher, { id_message: first })).json().data).toEqual({ marked: true });
    expect((await post('read.json', teacher, { id_message: first })).json().data).toEqual({ marked: false });
    const mid = (await post('count.json', teacher)).json().data;
    expect(mid.total).toBe(before.total - 1);
    expect((await post('readall.json', teacher, pair(teacher, student))).json().data).toEqual({ marked: 1 });
    const after = (await post('count.json', teacher)).json().data;
    expect(after.contacts.find((c: { idid: number }) => c.idid === student.uid)).toBeUndefined();
    expect(after.total).toBe(before.total - 2);
    // The sender's own message: nothing to mark.
    expect((await post('read.json', student, { id_message: first })).json().data).toEqual({ marked: false });
    // The student now sees her messages as read.
    const hers = (await post('messages.json', student, pair(student, teacher))).json().data;
    expect(hers.messages.at(-1).isread).toBe(true);
  });

  it('group chats: read.json moves the mark, readall reads everything, own messages never count', async () => {
    const page = (await post('group/messages.json', student, groupOf(student))).json().data;
    const unreadBefore = page.unreades_total;
    expect(unreadBefore).toBeGreaterThan(0);
    expect((await post('read.json', student, { id_message: page.unreades_start })).json().data).toEqual({ marked: true });
    expect((await post('group/messages.json', student, groupOf(student))).json().data.unreades_total).toBe(unreadBefore - 1);
    expect((await post('readall.json', student, { ...groupOf(student), id_to: -1 })).json().data).toEqual({ marked: unreadBefore - 1 });
    const res = await send(student, { ...groupOf(student), message: 'Всем привет!' });
    expect(res.statusCode).toBe(200);
    const counts = (await post('count.json', student)).json().data;
    expect(counts.groups.find((g: { id_discipline: number }) => g.id_discipline === web)).toBeUndefined();
    const teacherCounts = (await post('count.json', teacher)).json().data;
    expect(
      teacherCounts.groups.find((g: { gr_potok: number; id_discipline: number }) => g.gr_potok === demoGroup && g.id_discipline === web)?.countMessages,
    ).toBeGreaterThan(0);
  });
});

describe('sending', () => {
  it('text: the recipient sees it unread; HTML is kept as plain text', async () => {
    const payload = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    // The teacher has read everything the student wrote before (the seeded conversation has unread lines).
    expect((await post('readall.json', teacher, pair(teacher, student))).statusCode).toBe(200);
    const res = await sendText(student, teacher, payload);
    expect(res.statusCode).toBe(200);
    const sent = res.json().data;
    expect(sent).toMatchObject({ message: payload, ismine: true, isread: false, file: null, id_from: student.uid, id_from_type: 2 });
    const page = (await post('messages.json', teacher, pair(teacher, student))).json().data;
    expect(page.unreades_start).toBe(sent.id_message);
    expect(page.messages.at(-1)).toMatchObject({ message: payload, ismine: false });
  });

  it('a photo: stored once, shown as an image, downloadable by both people only', async () => {
    const res = await send(teacher, { ...pair(teacher, student), message: 'Фото доски' }, { filename: 'доска.png', content: PNG, type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const sent = res.json().data;
    expect(sent.file).toMatchObject({ name: 'доска.png', mime: 'image/png', image: true, size: PNG.length });
    for (const who of [student, teacher]) {
      const file = await app.inject({ url: `/api/chat/download.file?id=${sent.id_message}`, headers: who.headers });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG)).toBe(true);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toMatch(/^attachment;/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const who of [outsider, classmate, stranger])
      expect((await app.inject({ url: `/api/chat/download.file?id=${sent.id_message}`, headers: who.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/chat/download.file?id=99999999', headers: student.headers })).statusCode).toBe(404);
  });

  it('a file alone (no text) is a message; an empty message is 400', async () => {
    const res = await send(student, pair(student, teacher), { filename: 'report.pdf', content: PDF, type: 'application/pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ message: '', file: { name: 'report.pdf', image: false } });
    const empty = await send(student, { ...pair(student, teacher), message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('BAD_REQUEST');
  });

  it('1 byte over the limit: 413, nothing on disk, no row (F1)', async () => {
    const [messagesBefore, filesBefore, diskBefore] = [await total(chatMessages), await total(files), filesOnDisk().length];
    const big = Buffer.concat([PDF, Buffer.alloc(LIMIT_MB * 1024 * 1024 + 1 - PDF.length, 0x20)]);
    const res = await send(student, { ...pair(student, teacher), message: 'Большой файл' }, { filename: 'big.pdf', content: big, type: 'application/pdf' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'TOO_LARGE', params: { maxSizeMb: LIMIT_MB } });
    expect([await total(chatMessages), await total(files), filesOnDisk().length]).toEqual([messagesBefore, filesBefore, diskBefore]);
  });

  it('HTML renamed .png or a spoofed type: 400, nothing stored (F2)', async () => {
    const [messagesBefore, filesBefore, diskBefore] = [await total(chatMessages), await total(files), filesOnDisk().length];
    for (const file of [
      { filename: 'photo.png', content: '<html><script>alert(1)</script></html>', type: 'image/png' },
      { filename: 'x.svg', content: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', type: 'image/svg+xml' },
    ]) {
      const res = await send(student, { ...pair(student, teacher), message: 'x' }, file);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('UNSUPPORTED_TYPE');
    }
    expect([await total(chatMessages), await total(files), filesOnDisk().length]).toEqual([messagesBefore, filesBefore, diskBefore]);
  });

  it('a refused conversation keeps nothing either, even with a valid file', async () => {
    const [messagesBefore, filesBefore, diskBefore] = [await total(chatMessages), await total(files), filesOnDisk().length];
    const res = await send(outsider, { ...pair(outsider, teacher), message: 'hi' }, { filename: 'a.png', content: PNG, type: 'image/png' });
    expect(res.statusCode).toBe(403);
    expect([await total(chatMessages), await total(files), filesOnDisk().length]).toEqual([messagesBefore, filesBefore, diskBefore]);
  });

  it('two files, a non-multipart body, or a bad year are refused with 400', async () => {
    const { payload, contentType } = multipartPayload([
      ...Object.entries({ ...pair(student, teacher), message: 'two' }).map(([name, v]) => ({ name, content: String(v) })),
      { name: 'files', filename: 'a.png', content: PNG },
      { name: 'files', filename: 'b.png', content: PNG },
    ]);
    expect(
      (await app.inject({ method: 'POST', url: '/api/chat/insert.json', payload, headers: { ...student.headers, 'content-type': contentType } })).statusCode,
    ).toBe(400);
    expect((await post('insert.json', student, { ...pair(student, teacher), message: 'json' })).statusCode).toBe(400);
    expect((await send(student, { ...pair(student, teacher), year: 2090, message: 'x' })).statusCode).toBe(400);
  });
});

describe('who may talk to whom (Z3)', () => {
  const refused = async (res: { statusCode: number; json(): { error: { code: string } } }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  };

  it('a student outside the teacher’s groups can neither read nor write to him', async () => {
    await refused(await post('messages.json', outsider, pair(outsider, teacher)));
    await refused(await sendText(outsider, teacher, 'Здравствуйте'));
    await refused(await post('old.json', outsider, { ...pair(outsider, teacher), id_lastMessage: 1 }));
    await refused(await post('new.json', outsider, { ...pair(outsider, teacher), id_lastMessage: 1 }));
    await refused(await post('readall.json', outsider, pair(outsider, teacher)));
  });

  it('a teacher who does not teach the group cannot reach its students or its chat', async () => {
    await refused(await post('messages.json', stranger, pair(stranger, student)));
    await refused(await sendText(stranger, student, 'Здравствуйте'));
    await refused(await post('group/messages.json', stranger, groupOf(stranger)));
  });

  it('no teacher–teacher or student–student conversations', async () => {
    await refused(await post('messages.json', teacher, pair(teacher, colleague)));
    await refused(await post('messages.json', student, pair(student, classmate)));
  });

  it("someone else's identity in the body is 403", async () => {
    await refused(await post('messages.json', outsider, pair(student, teacher)));
    await refused(await post('group/messages.json', outsider, groupOf(student)));
    await refused(await send(outsider, { ...pair(student, teacher), message: 'от её имени' }));
  });

  it("a student cannot read or post in another group's chat, nor a discipline not taught to her group", async () => {
    await refused(await post('group/messages.json', student, groupOf(student, otherGroup, journalism)));
    await refused(await send(student, { ...groupOf(student, otherGroup, journalism), message: 'Привет' }));
    await refused(await post('group/messages.json', student, groupOf(student, demoGroup, journalism)));
    await refused(await post('group/messages.json', outsider, groupOf(outsider)));
    // The colleague is in the group's chat of his discipline only.
    expect((await post('group/messages.json', colleague, groupOf(colleague, demoGroup, swtech))).statusCode).toBe(200);
    await refused(await post('group/messages.json', colleague, groupOf(colleague, demoGroup, web)));
  });

  it("marking, reading files of, or deleting messages of others' conversations is 403", async () => {
    const sent = (await send(student, { ...pair(student, teacher), message: 'только для вас' }, { filename: 'note.pdf', content: PDF })).json().data;
    await refused(await post('read.json', outsider, { id_message: sent.id_message }));
    await refused(await post('read.json', classmate, { id_message: sent.id_message }));
    expect((await app.inject({ url: `/api/chat/download.file?id=${sent.id_message}`, headers: outsider.headers })).statusCode).toBe(403);
    await refused(await post('deletemessage.json', outsider, { id_message: sent.id_message, uid: outsider.uid }));
    // A participant may not delete the other one's message either.
    await refused(await post('deletemessage.json', teacher, { id_message: sent.id_message, uid: teacher.uid }));
    // uid naming someone else.
    await refused(await post('deletemessage.json', outsider, { id_message: sent.id_message, uid: student.uid }));
    expect((await sql_.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.id, sent.id_message))).length).toBe(1);
    expect((await post('read.json', teacher, { id_message: 99999999 })).statusCode).toBe(404);
  });
});

describe('deleting', () => {
  it('one’s own message, with its file: [{result: 1}], gone for both', async () => {
    const sent = (await send(student, { ...pair(student, teacher), message: 'Удалю' }, { filename: 'del.pdf', content: PDF })).json().data;
    const res = await post('deletemessage.json', student, { id_message: sent.id_message, uid: student.uid });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ result: 1 }]);
    const page = (await post('messages.json', teacher, pair(teacher, student))).json().data;
    expect(ids(page.messages)).not.toContain(sent.id_message);
    expect((await sql_.select({ id: files.id }).from(files).where(eq(files.id, sent.file.id))).length).toBe(0);
    expect((await app.inject({ url: `/api/chat/download.file?id=${sent.id_message}`, headers: teacher.headers })).statusCode).toBe(404);
    expect((await post('deletemessage.json', student, { id_message: sent.id_message, uid: student.uid })).statusCode).toBe(404);
  });
});

// ------------------------------------------------------------------------------------------------
// Live events

interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * Opens GET /api/chat/events.json on a listening server and collects its events. `until` waits
 * for a condition on what has arrived: it is checked again each time the stream delivers
 * something (an event, a comment, its end), never on a clock; the test's time-out bounds it.
 */
async function openStream(base: string, who: Person) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/chat/events.json`, { headers: who.headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  let waiters: Array<() => void> = [];
  const changed = () => {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) });
        }
        changed();
      }
    } catch {
      // aborted
    }
    ended = true;
    changed();
  })();
  const until = async <T>(check: () => T | undefined | false): Promise<T> => {
    for (;;) {
      const result = check();
      if (result) return result;
      if (ended) throw new Error(`the stream ended first; got ${JSON.stringify(events)}`);
      await new Promise<void>((wake) => waiters.push(wake));
    }
  };
  return {
    res,
    events,
    comments,
    until,
    waitFor: (predicate: (e: SseEvent) => boolean): Promise<SseEvent> => until(() => events.find(predicate)),
    ended: () => (ended ? true : until(() => ended)),
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}

/**
 * Publishes a marker (a `resync`) to `userId` through the live bus, after everything published
 * before it, and waits for it on `stream`. Streams deliver in order, so an event published before
 * the marker would have arrived by then: a round trip that proves there was none.
 */
async function throughMarker(target: App, userId: number, stream: Awaited<ReturnType<typeof openStream>>): Promise<void> {
  const before = stream.events.filter((e) => e.event === 'resync').length;
  await target.ctx.live.publish(sql_, 'chat.counts', [userId], null);
  await stream.until(() => stream.events.filter((e) => e.event === 'resync').length > before);
}

async function listening(target: App): Promise<string> {
  await target.listen({ port: 0, host: '127.0.0.1' });
  const address = target.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('live events (Server-Sent Events)', () => {
  let live: App;
  let base: string;

  beforeAll(async () => {
    live = await appOn(db, { now: clock.now, env: { DATA_DIR: dataDir } });
    live.ctx.live.heartbeatMs = 100;
    base = await listening(live);
  });
  afterAll(async () => {
    await live.close();
  });

  it('the stream opens with the counts, security headers and a heartbeat', async () => {
    const stream = await openStream(base, teacher);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers.get('cache-control')).toBe('no-store');
    expect(stream.res.headers.get('x-content-type-options')).toBe('nosniff');
    const counts = await stream.waitFor((e) => e.event === 'counts');
    expect(counts.data).toMatchObject({ total: expect.any(Number), contacts: expect.any(Array), groups: expect.any(Array) });
    await stream.until(() => stream.comments.includes('ping'));
    await stream.close();
  });

  it('a new message reaches the recipient (ismine false) and the sender’s other tab (ismine true), not a third person', async () => {
    const [toTeacher, toStudent, toClassmate] = await Promise.all([openStream(base, teacher), openStream(base, student), openStream(base, classmate)]);
    await Promise.all([toTeacher, toStudent, toClassmate].map((s) => s.waitFor((e) => e.event === 'counts')));
    const sent = (await sendText(student, teacher, 'Живое сообщение')).json().data;
    const got = await toTeacher.waitFor((e) => e.event === 'message');
    expect(got.data).toEqual({ conversation: { kind: 'private', id_type: 2, idid: student.uid }, message: { ...sent, ismine: false } });
    // A one-to-one message is a notification too, kept and sent live.
    expect((await toTeacher.waitFor((e) => e.event === 'notification')).data).toMatchObject({
      notification: { kind: 'chat.reply', link: '/chat', read: false },
    });
    const own = await toStudent.waitFor((e) => e.event === 'message');
    expect(own.data).toEqual({ conversation: { kind: 'private', id_type: 1, idid: teacher.uid }, message: sent });

    // Reading on one device tells the other devices the new counts, and the sender that it was read.
    const counted = toTeacher.events.filter((e) => e.event === 'counts').length;
    await post('read.json', teacher, { id_message: sent.id_message });
    await toTeacher.until(() => toTeacher.events.filter((e) => e.event === 'counts').length >= counted + 1);
    expect(toTeacher.events.filter((e) => e.event === 'counts')).toHaveLength(counted + 1);
    expect((await toStudent.waitFor((e) => e.event === 'read')).data).toEqual({
      conversation: { kind: 'private', id_type: 1, idid: teacher.uid },
      ids: [sent.id_message],
    });
    const second = (await sendText(student, teacher, 'Ещё одно')).json().data;
    await post('readall.json', teacher, pair(teacher, student));
    const upTo = await toStudent.waitFor((e) => e.event === 'read' && (e.data as { upTo?: number }).upTo !== undefined);
    expect(upTo.data).toEqual({ conversation: { kind: 'private', id_type: 1, idid: teacher.uid }, upTo: second.id_message });
    expect(toTeacher.events.filter((e) => e.event === 'read')).toEqual([]);

    // Deleting tells both.
    await post('deletemessage.json', student, { id_message: sent.id_message, uid: student.uid });
    expect((await toTeacher.waitFor((e) => e.event === 'deleted')).data).toEqual({
      conversation: { kind: 'private', id_type: 2, idid: student.uid },
      id_message: sent.id_message,
    });
    await toStudent.waitFor((e) => e.event === 'deleted');

    // The opening counts (chat, notifications) only.
    expect(toClassmate.events.filter((e) => e.event !== 'counts' && e.event !== 'notificationCount')).toEqual([]);
    await Promise.all([toTeacher.close(), toStudent.close(), toClassmate.close()]);
  });

  it('a group chat message reaches the group and its teacher', async () => {
    const [toTeacher, toClassmate, toOutsider] = await Promise.all([openStream(base, teacher), openStream(base, classmate), openStream(base, outsider)]);
    await Promise.all([toTeacher, toClassmate, toOutsider].map((s) => s.waitFor((e) => e.event === 'counts')));
    await send(student, { ...groupOf(student), message: 'Кто идёт на консультацию?' });
    for (const s of [toTeacher, toClassmate])
      expect((await s.waitFor((e) => e.event === 'message')).data).toMatchObject({
        conversation: { kind: 'group', gr_potok: demoGroup, id_discipline: web },
        message: { message: 'Кто идёт на консультацию?', ismine: false },
      });
    await throughMarker(live, outsider.userId, toOutsider);
    expect(toOutsider.events.filter((e) => e.event === 'message')).toEqual([]);
    await Promise.all([toTeacher.close(), toClassmate.close(), toOutsider.close()]);
  });

  it('a rolled-back send sends no event', async () => {
    const stream = await openStream(base, teacher);
    await stream.waitFor((e) => e.event === 'counts');
    const big = Buffer.concat([PDF, Buffer.alloc(LIMIT_MB * 1024 * 1024 + 10, 0x20)]);
    expect((await send(student, { ...pair(student, teacher), message: 'x' }, { filename: 'big.pdf', content: big })).statusCode).toBe(413);
    await throughMarker(live, teacher.userId, stream);
    expect(stream.events.filter((e) => e.event === 'message')).toEqual([]);
    await stream.close();
  });

  it('the stream ends when the session is revoked', async () => {
    const other = await sessionOf(student.userId);
    live.ctx.live.sessionCheckMs = 50;
    const stream = await openStream(base, other);
    await stream.waitFor((e) => e.event === 'counts');
    await app.inject({ method: 'POST', url: '/api/auth/logout.json', payload: {}, headers: other.headers });
    await stream.ended();
    expect(stream.events.at(-1)?.event).toBe('end');
    live.ctx.live.sessionCheckMs = 60_000;
  });
});

describe('shutdown with open streams', () => {
  it('ends the streams at once instead of waiting for the grace period', async () => {
    const other = await appOn(db, { now: clock.now, env: { DATA_DIR: dataDir } });
    const base = await listening(other);
    const stream = await openStream(base, teacher);
    await stream.waitFor((e) => e.event === 'counts');
    expect(other.ctx.live.openStreams).toBe(1);
    // A grace period far longer than the test's time-out: returning at all means the open stream
    // was ended rather than waited for.
    await other.shutdown(3_600_000);
    await stream.ended();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  it('a message posted through one server reaches a stream opened on the other', async () => {
    // Two apps with their own pools and LISTEN connections, like two processes behind a load balancer.
    const { openDatabase } = await import('../../db/client');
    const second = await openDatabase(db.target);
    const a = await appOn(db, { now: clock.now, env: { DATA_DIR: dataDir } });
    const b = await appOn({ ...db, database: second }, { now: clock.now, env: { DATA_DIR: dataDir } });
    const [baseA, baseB] = [await listening(a), await listening(b)];
    try {
      const onB = await openStream(baseB, teacher);
      await onB.waitFor((e) => e.event === 'counts');
      const res = await fetch(`${baseA}/api/chat/insert.json`, {
        method: 'POST',
        headers: student.headers,
        body: (() => {
          const form = new FormData();
          for (const [k, v] of Object.entries({ ...pair(student, teacher), message: 'Через другой сервер' })) form.append(k, String(v));
          return form;
        })(),
      });
      expect(res.status).toBe(200);
      const got = await onB.waitFor((e) => e.event === 'message');
      expect(got.data).toMatchObject({
        conversation: { kind: 'private', id_type: 2, idid: student.uid },
        message: { message: 'Через другой сервер', ismine: false },
      });
      await onB.close();
    } finally {
      await a.close();
      await b.close();
      await second.close();
    }
  });
});

describe('count of messages in a database', () => {
  it('seeded rows are consistent: every message is either one-to-one or in a group chat', async () => {
    const bad = await sql_
      .select({ n: count() })
      .from(chatMessages)
      .where(sql`(${chatMessages.recipientUserId} is null) = (${chatMessages.groupId} is null)`);
    expect(bad[0].n).toBe(0);
    const inGroups = await sql_
      .select({ n: count() })
      .from(chatMessages)
      .where(inArray(chatMessages.groupId, [demoGroup]));
    expect(inGroups[0].n).toBeGreaterThan(5);
  });
});
