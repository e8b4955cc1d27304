/**
 * SQL of the question bank: the disciplines, groups and journal subgroups a teacher teaches, the
 * categories and questions (testing.schema.ts), and whether papers hold a question.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { Names } from '../../shared/names';
import { testingAttempts, testingCategories, testingQuestions } from './testing.schema';

export type CategoryRow = typeof testingCategories.$inferSelect;
export type QuestionRow = typeof testingQuestions.$inferSelect;

/** Whether the teacher teaches the discipline (a teaching assignment of his, any year). */
export async function teachesDiscipline(db: Db, teacherId: number, disciplineId: number): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`select 1 as one from teaching_assignments where teacher_id = ${teacherId} and discipline_id = ${disciplineId} limit 1`,
  );
  return rows.length > 0;
}

export interface TaughtRow extends Names {
  disciplineId: number;
  groupId: number;
  group: string;
  subgroupId: number | null;
  subgroup: string | null;
}

/** The disciplines the teacher teaches with their groups (a stream's groups too) and his journal subgroups. */
export async function taught(db: Db, teacherId: number): Promise<TaughtRow[]> {
  return rowsOf<TaughtRow>(
    db,
    sql`select distinct d.id as "disciplineId", d.name_kg as "nameKg", d.name_ru as "nameRu", d.name_en as "nameEn",
              g.id as "groupId", g.name as "group", js.id as "subgroupId", js.name as subgroup
         from teaching_assignments a
         join disciplines d on d.id = a.discipline_id
         join groups g on g.id = a.group_id or g.id in (select group_id from stream_groups where stream_id = a.stream_id)
         left join journal_subgroups js on js.teaching_assignment_id = a.id
        where a.teacher_id = ${teacherId}
        order by d.name_ru, d.id, g.name, g.id, js.name, js.id`,
  );
}

/** Whether the teacher teaches the discipline to the group (and the subgroup is one of his journal subgroups of that group). */
export async function teachesTarget(db: Db, teacherId: number, disciplineId: number, groupId: number, subgroupId: number | null): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`select 1 as one from teaching_assignments a
         where a.teacher_id = ${teacherId} and a.discipline_id = ${disciplineId}
           and (a.group_id = ${groupId} or a.stream_id in (select stream_id from stream_groups where group_id = ${groupId}))
           and (${subgroupId}::int is null or exists (select 1 from journal_subgroups js where js.id = ${subgroupId}::int and js.teaching_assignment_id = a.id))
         limit 1`,
  );
  return rows.length > 0;
}

export async function categoriesOf(db: Db, disciplineId: number): Promise<{ id: number; name: string; questions: number }[]> {
  return rowsOf(
    db,
    sql`select c.id, c.name, (select count(*)::int from testing_questions q where q.category_id = c.id) as questions
          from testing_categories c where c.discipline_id = ${disciplineId} order by c.name, c.id`,
  );
}

export async function category(db: Db, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(testingCategories).where(eq(testingCategories.id, id));
  return row;
}

export async function categoryByName(db: Db, disciplineId: number, name: string): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(testingCategories)
    .where(and(eq(testingCategories.disciplineId, disciplineId), eq(testingCategories.name, name)));
  return row;
}

export async function insertCategory(db: Db, disciplineId: number, name: string, now: Date) {
  await db.insert(testingCategories).values({ disciplineId, name, createdAt: now });
}

export async function renameCategory(db: Db, id: number, name: string) {
  await db.update(testingCategories).set({ name }).where(eq(testingCategories.id, id));
}

export async function deleteCategory(db: Db, id: number) {
  await db.delete(testingCategories).where(eq(testingCategories.id, id));
}

export async function questionsOf(db: Db, disciplineId: number, categoryId?: number): Promise<QuestionRow[]> {
  return db
    .select({ q: testingQuestions })
    .from(testingQuestions)
    .innerJoin(testingCategories, eq(testingCategories.id, testingQuestions.categoryId))
    .where(and(eq(testingCategories.disciplineId, disciplineId), categoryId === undefined ? undefined : eq(testingQuestions.categoryId, categoryId)))
    .orderBy(asc(testingQuestions.categoryId), asc(testingQuestions.id))
    .then((rows) => rows.map((r) => r.q));
}

export async function question(db: Db, id: number, lock = false): Promise<QuestionRow | undefined> {
  const q = db.select().from(testingQuestions).where(eq(testingQuestions.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function questionsById(db: Db, ids: readonly number[]): Promise<Map<number, QuestionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(testingQuestions)
    .where(inArray(testingQuestions.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function insertQuestion(db: Db, values: typeof testingQuestions.$inferInsert): Promise<QuestionRow> {
  const [row] = await db.insert(testingQuestions).values(values).returning();
  return row;
}

export async function updateQuestion(db: Db, id: number, values: Partial<typeof testingQuestions.$inferInsert>): Promise<QuestionRow> {
  const [row] = await db.update(testingQuestions).set(values).where(eq(testingQuestions.id, id)).returning();
  return row;
}

export async function deleteQuestion(db: Db, id: number) {
  await db.delete(testingQuestions).where(eq(testingQuestions.id, id));
}

/** The questions of the list that papers hold. */
export async function inUse(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select distinct (s->>'q')::int as id from testing_attempts a, jsonb_array_elements(a.paper) s
         where (s->>'q')::int in (${sql.join(
           ids.map((i) => sql`${i}`),
           sql`, `,
         )})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The finished attempts whose paper holds the question (to regrade). */
export async function attemptsHolding(db: Db, questionId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select a.id from ${testingAttempts} a where a.state <> 'open' and exists (select 1 from jsonb_array_elements(a.paper) s where (s->>'q')::int = ${questionId}) order by a.id`,
  );
  return rows.map((r) => r.id);
}

export async function disciplineName(db: Db, id: number): Promise<Names | undefined> {
  const [row] = await rowsOf<Names>(db, sql`select name_kg as "nameKg", name_ru as "nameRu", name_en as "nameEn" from disciplines where id = ${id}`);
  return row;
}

/** A paper's points by the draw rules: each rule's count times its category's mean points (exact when they are equal). */
export async function maxOfRules(db: Db, rules: readonly { id_category: number; count: number }[]): Promise<number> {
  let total = 0;
  for (const r of rules) {
    const [row] = await rowsOf<{ mean: number | null }>(
      db,
      sql`select avg(points)::float8 as mean from testing_questions where category_id = ${r.id_category}`,
    );
    total += (row?.mean ?? 0) * r.count;
  }
  return Math.round(total * 100) / 100;
}

export interface TeacherJournalRow extends Names {
  id: number;
  year: number;
  ws: number;
  groupName: string;
  subgroup: number;
}

/** The teacher's journals of the discipline taught to any of the test's groups (the group itself or a stream holding it), the latest half-year first. */
export async function journalsForTest(db: Db, teacherId: number, disciplineId: number, testId: number): Promise<TeacherJournalRow[]> {
  return rowsOf(
    db,
    sql`select a.id, a.academic_year_id as year, a.working_semester_id as ws, coalesce(s.name, g.name) as "groupName", a.subgroup,
               lt.name_ru as "nameRu", lt.name_en as "nameEn", lt.name_kg as "nameKg"
          from teaching_assignments a
          join lesson_types lt on lt.id = a.lesson_type_id
          left join groups g on g.id = a.group_id
          left join streams s on s.id = a.stream_id
         where a.teacher_id = ${teacherId} and a.discipline_id = ${disciplineId}
           and exists (select 1 from testing_targets x where x.test_id = ${testId}
                        and (a.group_id = x.group_id or a.stream_id in (select stream_id from stream_groups where group_id = x.group_id)))
         order by a.academic_year_id desc, a.working_semester_id desc, a.lesson_type_id, coalesce(s.name, g.name), a.subgroup`,
  );
}
