/**
 * SQL of tests and attempts: the tests with their groups, who takes them, the attempts with their
 * papers, the answers as last saved, and the attempts' log (testing.schema.ts).
 */
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { Names } from '../../shared/names';
import { testingAnswers, testingAttemptLog, testingAttempts, testingTargets, testingTests } from './testing.schema';

export type TestRow = typeof testingTests.$inferSelect;
export type TargetRow = typeof testingTargets.$inferSelect;
export type AttemptRow = typeof testingAttempts.$inferSelect;
export type AnswerRow = typeof testingAnswers.$inferSelect;

export async function test(db: Db, id: number): Promise<TestRow | undefined> {
  const [row] = await db.select().from(testingTests).where(eq(testingTests.id, id));
  return row;
}

export async function testsOf(db: Db, disciplineId: number): Promise<TestRow[]> {
  return db.select().from(testingTests).where(eq(testingTests.disciplineId, disciplineId)).orderBy(desc(testingTests.opensAt), desc(testingTests.id));
}

export async function targetsOf(db: Db, testId: number): Promise<TargetRow[]> {
  return db.select().from(testingTargets).where(eq(testingTargets.testId, testId)).orderBy(asc(testingTargets.id));
}

export async function insertTest(db: Db, values: typeof testingTests.$inferInsert): Promise<TestRow> {
  const [row] = await db.insert(testingTests).values(values).returning();
  return row;
}

export async function updateTest(db: Db, id: number, values: Partial<typeof testingTests.$inferInsert>) {
  await db.update(testingTests).set(values).where(eq(testingTests.id, id));
}

export async function replaceTargets(db: Db, testId: number, targets: readonly { id_group: number; id_subgroup: number | null }[]) {
  await db.delete(testingTargets).where(eq(testingTargets.testId, testId));
  await db.insert(testingTargets).values(targets.map((t) => ({ testId, groupId: t.id_group, subgroupId: t.id_subgroup })));
}

export async function deleteTest(db: Db, id: number) {
  await db.delete(testingTests).where(eq(testingTests.id, id));
}

export async function attemptCount(db: Db, testId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from testing_attempts where test_id = ${testId}`);
  return row.n;
}

/** The tests the student takes: a target of his group, without a subgroup or with one he is in. */
export async function testsForStudent(db: Db, studentId: number): Promise<(TestRow & { discipline: Names })[]> {
  return rowsOf<TestRow & { discipline: Names }>(
    db,
    sql`select t.id, t.title, t.opens_at as "opensAt", t.closes_at as "closesAt", t.time_limit as "timeLimit", t.attempts, t.rules,
               t.counts, t.show_score as "showScore", t.show_answers as "showAnswers", t.password, t.networks, t.shuffle_answers as "shuffleAnswers",
               t.discipline_id as "disciplineId", t.teacher_id as "teacherId", t.created_at as "createdAt", json_build_object('nameKg', d.name_kg, 'nameRu', d.name_ru, 'nameEn', d.name_en) as discipline
          from testing_tests t join disciplines d on d.id = t.discipline_id
         where exists (select 1 from testing_targets x join students s on s.group_id = x.group_id
                        where x.test_id = t.id and s.id = ${studentId}
                          and (x.subgroup_id is null or exists (select 1 from journal_subgroup_students m where m.subgroup_id = x.subgroup_id and m.student_id = s.id)))
         order by t.closes_at, t.id`,
  ).then((rows) => rows.map((r) => ({ ...r, opensAt: new Date(r.opensAt), closesAt: new Date(r.closesAt) })));
}

export interface TestStudent {
  id: number;
  fio: string;
  group: string;
}

/** The students a test's targets name, by group and name. */
export async function studentsOf(db: Db, testId: number): Promise<TestStudent[]> {
  return rowsOf(
    db,
    sql`select distinct s.id, concat_ws(' ', s.surname, s.name, s.patronymic) as fio, g.name as "group"
          from testing_targets x join students s on s.group_id = x.group_id join groups g on g.id = s.group_id
         where x.test_id = ${testId}
           and (x.subgroup_id is null or exists (select 1 from journal_subgroup_students m where m.subgroup_id = x.subgroup_id and m.student_id = s.id))
         order by g.name, fio`,
  );
}

export async function attempt(db: Db, id: number, lock = false): Promise<AttemptRow | undefined> {
  const q = db.select().from(testingAttempts).where(eq(testingAttempts.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function attemptsOf(db: Db, testId: number, studentId?: number): Promise<AttemptRow[]> {
  return db
    .select()
    .from(testingAttempts)
    .where(and(eq(testingAttempts.testId, testId), studentId === undefined ? undefined : eq(testingAttempts.studentId, studentId)))
    .orderBy(asc(testingAttempts.studentId), asc(testingAttempts.number));
}

/** A new attempt, or undefined when another start of the same student won the race (the open one stands). */
export async function insertAttempt(db: Db, values: typeof testingAttempts.$inferInsert): Promise<AttemptRow | undefined> {
  const [row] = await db.insert(testingAttempts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function setAttempt(db: Db, id: number, values: Partial<typeof testingAttempts.$inferInsert>) {
  await db.update(testingAttempts).set(values).where(eq(testingAttempts.id, id));
}

/** Open attempts past their deadline (of one student when given): housekeeping and his next call end them. */
export async function expiredOpen(db: Db, now: Date, limit = 100, studentId?: number): Promise<number[]> {
  const rows = await db
    .select({ id: testingAttempts.id })
    .from(testingAttempts)
    .where(
      and(
        eq(testingAttempts.state, 'open'),
        lte(testingAttempts.deadline, now),
        studentId === undefined ? undefined : eq(testingAttempts.studentId, studentId),
      ),
    )
    .orderBy(asc(testingAttempts.deadline))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function answersOf(db: Db, attemptId: number): Promise<AnswerRow[]> {
  return db.select().from(testingAnswers).where(eq(testingAnswers.attemptId, attemptId)).orderBy(asc(testingAnswers.slot));
}

/**
 * Saves an answer unless the stored one's version is the same or newer: one row per question,
 * whatever the order or number of concurrent saves. Returns the version now stored and whether
 * this save wrote it.
 */
export async function saveAnswer(db: Db, values: typeof testingAnswers.$inferInsert): Promise<{ version: number; saved: boolean }> {
  const [row] = await db
    .insert(testingAnswers)
    .values(values)
    .onConflictDoUpdate({
      target: [testingAnswers.attemptId, testingAnswers.slot],
      set: { answer: sql`excluded.answer`, version: sql`excluded.version`, savedAt: sql`excluded.saved_at` },
      setWhere: gt(sql`excluded.version`, testingAnswers.version),
    })
    .returning({ version: testingAnswers.version });
  if (row) return { version: row.version, saved: true };
  const [stored] = await db
    .select({ version: testingAnswers.version })
    .from(testingAnswers)
    .where(and(eq(testingAnswers.attemptId, values.attemptId), eq(testingAnswers.slot, values.slot)));
  return { version: stored.version, saved: false };
}

/** Writes a computed score (never over a hand-given one); a slot without an answer gets a row of its own on hand grading only. */
export async function setScore(db: Db, attemptId: number, slot: number, score: number | null) {
  await db
    .update(testingAnswers)
    .set({ score })
    .where(and(eq(testingAnswers.attemptId, attemptId), eq(testingAnswers.slot, slot), eq(testingAnswers.manual, false)));
}

export async function setManualScore(db: Db, attemptId: number, slot: number, score: number, comment: string | null, userId: number, now: Date) {
  await db
    .insert(testingAnswers)
    .values({ attemptId, slot, version: 0, answer: { kind: 'essay', text: '' }, score, manual: true, comment, gradedBy: userId, savedAt: now })
    .onConflictDoUpdate({ target: [testingAnswers.attemptId, testingAnswers.slot], set: { score, manual: true, comment, gradedBy: userId } });
}

export async function log(db: Db, values: typeof testingAttemptLog.$inferInsert) {
  await db.insert(testingAttemptLog).values(values);
}

export async function logOf(db: Db, attemptId: number) {
  return db.select().from(testingAttemptLog).where(eq(testingAttemptLog.attemptId, attemptId)).orderBy(asc(testingAttemptLog.id));
}

export async function studentName(db: Db, studentId: number): Promise<string> {
  const [row] = await rowsOf<{ fio: string }>(db, sql`select concat_ws(' ', surname, name, patronymic) as fio from students where id = ${studentId}`);
  return row?.fio ?? '';
}
