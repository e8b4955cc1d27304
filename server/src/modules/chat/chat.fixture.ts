/**
 * What the chat's test files share: the file's app (useChatTest: its own database, the demo people
 * and others reaching or not reaching the demo group, the chat put back as seeded before each test)
 * and the helpers that send and read as them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, count, eq, ne, notInArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach } from 'vitest';
import type { Db } from '../../db/client';
import { chatGroupReads, chatMessages, disciplines, files, groups, streamGroups, students, teachingAssignments, users } from '../../db/schema';
import { PDF, cookieHeader, multipartPayload, session, testClock, type MultipartPart } from '../../test/helpers';
import { requestsTo } from '../../test/requests';
import { useTestApp, type TestAppFixture } from '../../test/fixture';

export let sql_: Db;
export let fx: TestAppFixture;
export const clock = testClock(new Date(2026, 10, 20, 10, 0)); // 20 November 2026
export const LIMIT_MB = 1;

export interface Person {
  headers: Record<string, string>;
  userId: number;
  uid: number;
  role: 1 | 2;
}

export let teacher: Person; // the demo teacher: teaches ПИ-1-24 Web Programming
export let student: Person; // the demo student, ПИ-1-24
export let classmate: Person; // another student of ПИ-1-24
export let outsider: Person; // a student of a group the demo teacher never teaches
export let stranger: Person; // a teacher who never teaches ПИ-1-24
export let colleague: Person; // another teacher of ПИ-1-24 (a different discipline)
export let demoGroup: number;
export let otherGroup: number;
export let web: number;
export let swtech: number;
export let journalism: number;

const context = { year: 2026, ws: 1 as const };
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
export { PDF };

/** A session for any account (other accounts than the demo ones have no password). */
export async function sessionOf(userId: number): Promise<Person> {
  const token = await fx.app.ctx.sessions.create(userId, 'password', { ip: '127.0.0.1', userAgent: null, token: null });
  const [u] = await sql_.select().from(users).where(eq(users.id, userId));
  return { headers: cookieHeader(token), userId, uid: (u.role === 1 ? u.teacherId : u.studentId)!, role: u.role as 1 | 2 };
}

export async function demo(who: 'teacher' | 'student'): Promise<Person> {
  const s = await session(fx.app, who);
  return { headers: s.headers, userId: s.user.id, uid: s.user.uid, role: s.user.role };
}

export const { post } = requestsTo(() => fx.app, '/api/chat/');

/** The one-to-one fields from `from` to `to`. */
export const pair = (from: Person, to: Person, discipline = web) => ({
  ...context,
  id_discipline: discipline,
  id_from_type: from.role,
  id_from: from.uid,
  id_to_type: to.role,
  id_to: to.uid,
});
/** The group chat fields of `from`. */
export const groupOf = (from: Person, groupId = demoGroup, discipline = web) => ({
  ...context,
  id_discipline: discipline,
  id_humanTypeFrom: from.role,
  id_HumanFrom: from.uid,
  gr_potok: groupId,
});

export function send(who: Person, fields: Record<string, string | number>, file?: Omit<MultipartPart, 'name'> & { name?: string }) {
  const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, content: String(value) }));
  if (file) parts.push({ name: 'files', ...file });
  const { payload, contentType } = multipartPayload(parts);
  return fx.app.inject({ method: 'POST', url: '/api/chat/insert.json', payload, headers: { ...who.headers, 'content-type': contentType } });
}

export const sendText = (from: Person, to: Person, message: string) => send(from, { ...pair(from, to), message });

/** Messages written straight into the table (fast paging fixtures), oldest first. */
export async function writeMessages(from: Person, to: Person, n: number, read: boolean): Promise<number[]> {
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
export let seeded: { messages: Array<{ id: number; readAt: Date | null }>; groupReads: Array<typeof chatGroupReads.$inferSelect> };

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

export const ids = (messages: Array<{ id_message: number }>) => messages.map((m) => m.id_message);
export const filesOnDisk = () =>
  fs.existsSync(path.join(fx.dataDir, 'files')) ? fs.readdirSync(path.join(fx.dataDir, 'files')).filter((f) => !f.startsWith('.')) : [];
export const total = async (table: typeof chatMessages | typeof files) => (await sql_.select({ n: count() }).from(table))[0].n;

/** Registers the file's set-up; call once at the top of a chat test file. */
export function useChatTest(): void {
  fx = useTestApp({ now: clock.now, env: { UPLOAD_LIMIT_MB: String(LIMIT_MB) }, dataDir: 'lms-chat-', signIn: [] });
  beforeAll(async () => {
    sql_ = fx.db.database.db;
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
    await fx.app.ctx.files.runUnlinkChecks();
  });
}
