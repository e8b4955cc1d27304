/**
 * SQL of the questionnaires: the caller's rights, the audience test, the lists, one questionnaire with
 * its questions, the writes of a new questionnaire and of a response, and the answers' counts.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AudienceKind, QuestionKind, QuestionnaireKind } from '@contract/pure/questionnaire';
import { rowsOf, type Db } from '../../db/client';
import type { Names } from '../../shared/names';
import { marksClosedAfterSql } from '../../shared/academic/journal-period';
import { questionnaireAnswers, questionnaireQuestions, questionnaireRespondents, questionnaireResponses, questionnaires } from './questionnaire.schema';

/** The rights an account holds now: the admin right, the dean's office of a faculty (none for a disabled account). */
export async function rightsOf(db: Db, userId: number): Promise<{ admin: boolean; deanFacultyId: number | null }> {
  const [row] = await rowsOf<{ admin: boolean; deanFacultyId: number | null }>(
    db,
    sql`select admin and not disabled as admin, case when disabled then null else dean_faculty_id end as "deanFacultyId" from users where id = ${userId}`,
  );
  return { admin: row?.admin ?? false, deanFacultyId: row?.deanFacultyId ?? null };
}

/** SQL: the questionnaire `q` counts the person among its audience (a student by his group, a teacher by his department's faculty). */
export function inAudience(role: number, uid: number): SQL {
  if (role === 2)
    return sql`(q.audience_kind = 'group' and q.audience_id = (select group_id from students where id = ${uid}))
      or (q.audience_kind = 'faculty' and q.audience_id = (select sp.faculty_id from students s join groups g on g.id = s.group_id join specialities sp on sp.id = g.speciality_id where s.id = ${uid}))
      or (q.audience_kind = 'discipline' and exists (select 1 from teaching_assignments a, students s where s.id = ${uid}
            and a.discipline_id = q.audience_id and a.academic_year_id = q.academic_year_id and a.working_semester_id = q.working_semester_id
            and (a.group_id = s.group_id or a.stream_id in (select stream_id from stream_groups where group_id = s.group_id))))`;
  return sql`q.audience_kind = 'teachers' and (q.audience_id is null
      or q.audience_id = (select d.faculty_id from teachers t join departments d on d.id = t.department_id where t.id = ${uid}))`;
}

export interface ItemRow {
  id: number;
  title: string;
  description: string;
  kind: QuestionnaireKind;
  anonymous: boolean;
  opensAt: Date;
  closesAt: Date;
  academicYearId: number;
  workingSemesterId: number;
  marksClosedAfter: string | null;
  audienceKind: AudienceKind;
  audienceId: number | null;
  facultyId: number | null;
  teacherId: number | null;
  disciplineId: number | null;
  teacher: { surname: string; name: string; patronymic: string | null } | null;
  discipline: Names | null;
  audienceName: Names | { name: string } | null;
  answered: boolean;
  answers: number;
}

const names = (alias: string) => sql.raw(`json_build_object('nameRu', ${alias}.name_ru, 'nameKg', ${alias}.name_kg, 'nameEn', ${alias}.name_en)`);

/** The questionnaires `where` selects (over alias q), with what a list shows; `userId` for `answered`. */
export async function items(db: Db, userId: number, where: SQL): Promise<ItemRow[]> {
  const rows = await rowsOf<ItemRow>(
    db,
    sql`select q.id, q.title, q.description, q.kind, q.anonymous, q.opens_at as "opensAt", q.closes_at as "closesAt",
        q.academic_year_id as "academicYearId", q.working_semester_id as "workingSemesterId", ${marksClosedAfterSql('q')} as "marksClosedAfter",
        q.audience_kind as "audienceKind", q.audience_id as "audienceId", q.faculty_id as "facultyId", q.teacher_id as "teacherId", q.discipline_id as "disciplineId",
        (select json_build_object('surname', t.surname, 'name', t.name, 'patronymic', t.patronymic) from teachers t where t.id = q.teacher_id) as teacher,
        (select ${names('d')} from disciplines d where d.id = q.discipline_id) as discipline,
        case q.audience_kind
          when 'faculty' then (select ${names('f')} from faculties f where f.id = q.audience_id)
          when 'group' then (select json_build_object('name', g.name) from groups g where g.id = q.audience_id)
          when 'discipline' then (select ${names('d')} from disciplines d where d.id = q.audience_id)
          else (select ${names('f')} from faculties f where f.id = q.audience_id) end as "audienceName",
        exists (select 1 from questionnaire_respondents r where r.questionnaire_id = q.id and r.user_id = ${userId}) as answered,
        (select count(*) from questionnaire_respondents r where r.questionnaire_id = q.id)::int as answers
      from questionnaires q where ${where}
      order by q.closes_at desc, q.id desc`,
  );
  // Raw SQL gives the timestamps as text (or as dates, by driver): always dates here.
  return rows.map((r) => ({ ...r, opensAt: new Date(r.opensAt), closesAt: new Date(r.closesAt) }));
}

export async function questions(db: Db, questionnaireId: number) {
  return db
    .select({
      id: questionnaireQuestions.id,
      kind: questionnaireQuestions.kind,
      text: questionnaireQuestions.text,
      options: questionnaireQuestions.options,
      required: questionnaireQuestions.required,
    })
    .from(questionnaireQuestions)
    .where(eq(questionnaireQuestions.questionnaireId, questionnaireId))
    .orderBy(asc(questionnaireQuestions.position))
    .then((rows) => rows.map((r) => ({ ...r, kind: r.kind as QuestionKind })));
}

export type NewQuestionnaire = typeof questionnaires.$inferInsert;
/** What an edit replaces: everything but who created it and when. */
export type QuestionnaireValues = Omit<NewQuestionnaire, 'id' | 'createdBy' | 'createdAt'>;
export interface NewQuestion {
  kind: QuestionKind;
  text: string;
  options: string[];
  required: boolean;
}

export async function insert(db: Db, q: NewQuestionnaire, qs: NewQuestion[]): Promise<number> {
  const [row] = await db.insert(questionnaires).values(q).returning({ id: questionnaires.id });
  await db.insert(questionnaireQuestions).values(qs.map((x, i) => ({ ...x, questionnaireId: row.id, position: i + 1 })));
  return row.id;
}

/**
 * Locks a questionnaire's row and reads its dates and how many have answered; null when it is gone.
 * An edit, a deletion or a move of the closing takes it `for update`; an answer `for share`, so that
 * answers go on together while a change waits for them (and they for it): an answer is written
 * against the questions in force when it commits, never against ones an edit replaces meanwhile.
 */
export async function lock(db: Db, id: number, mode: 'update' | 'share'): Promise<{ opensAt: Date; closesAt: Date; answers: number } | null> {
  const [row] = await rowsOf<{ opensAt: string | Date; closesAt: string | Date }>(
    db,
    sql`select opens_at as "opensAt", closes_at as "closesAt" from questionnaires where id = ${id} for ${sql.raw(mode === 'update' ? 'update' : 'share')}`,
  );
  if (!row) return null;
  const [n] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from questionnaire_respondents where questionnaire_id = ${id}`);
  return { opensAt: new Date(row.opensAt), closesAt: new Date(row.closesAt), answers: n.n };
}

/** Replaces a questionnaire nobody has answered: its values, and its questions anew (new ids). */
export async function replace(db: Db, id: number, q: QuestionnaireValues, qs: NewQuestion[]): Promise<void> {
  await db.update(questionnaires).set(q).where(eq(questionnaires.id, id));
  await db.delete(questionnaireQuestions).where(eq(questionnaireQuestions.questionnaireId, id));
  await db.insert(questionnaireQuestions).values(qs.map((x, i) => ({ ...x, questionnaireId: id, position: i + 1 })));
}

export async function setClosing(db: Db, id: number, closesAt: Date): Promise<void> {
  await db.update(questionnaires).set({ closesAt }).where(eq(questionnaires.id, id));
}

/** Deletes a questionnaire and its questions (nobody has answered it: the service checks under the lock). */
export async function remove(db: Db, id: number): Promise<void> {
  await db.delete(questionnaires).where(eq(questionnaires.id, id));
}

/** Records that the person has answered; false when he had already (the row exists: nothing written). */
export async function markAnswered(db: Db, questionnaireId: number, userId: number): Promise<boolean> {
  const rows = await db
    .insert(questionnaireRespondents)
    .values({ questionnaireId, userId })
    .onConflictDoNothing()
    .returning({ q: questionnaireRespondents.questionnaireId });
  return rows.length === 1;
}

export interface AnswerRow {
  questionId: number;
  choice: number | null;
  choices: number[] | null;
  text: string | null;
}

/** A response and its answers: the respondent only when given (a questionnaire that is not anonymous). */
export async function insertResponse(db: Db, questionnaireId: number, respondentId: number | null, answers: AnswerRow[]): Promise<void> {
  const [r] = await db.insert(questionnaireResponses).values({ questionnaireId, respondentId }).returning({ id: questionnaireResponses.id });
  if (answers.length > 0) await db.insert(questionnaireAnswers).values(answers.map((a) => ({ ...a, responseId: r.id })));
}

/** Every answer to the questionnaire's questions (no respondent), in a random order. */
export async function answers(db: Db, questionnaireId: number): Promise<AnswerRow[]> {
  return db
    .select({
      questionId: questionnaireAnswers.questionId,
      choice: questionnaireAnswers.choice,
      choices: questionnaireAnswers.choices,
      text: questionnaireAnswers.text,
    })
    .from(questionnaireAnswers)
    .innerJoin(questionnaireResponses, eq(questionnaireResponses.id, questionnaireAnswers.responseId))
    .where(and(eq(questionnaireResponses.questionnaireId, questionnaireId)))
    .orderBy(questionnaireAnswers.responseId);
}

/** The faculty of a group, a discipline (its department's) or a teacher (his department's); null for an unknown one. */
export async function facultyOf(db: Db, kind: 'group' | 'discipline' | 'teacher' | 'faculty', id: number): Promise<number | null> {
  const query =
    kind === 'group'
      ? sql`select sp.faculty_id as f from groups g join specialities sp on sp.id = g.speciality_id where g.id = ${id}`
      : kind === 'discipline'
        ? sql`select d.faculty_id as f from disciplines x join departments d on d.id = x.department_id where x.id = ${id}`
        : kind === 'teacher'
          ? sql`select d.faculty_id as f from teachers t join departments d on d.id = t.department_id where t.id = ${id}`
          : sql`select id as f from faculties where id = ${id}`;
  const [row] = await rowsOf<{ f: number }>(db, query);
  return row?.f ?? null;
}

/** Whether the teacher gives the discipline in the half-year. */
export async function teaches(db: Db, teacherId: number, disciplineId: number, year: number, ws: number): Promise<boolean> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from teaching_assignments where teacher_id = ${teacherId} and discipline_id = ${disciplineId} and academic_year_id = ${year} and working_semester_id = ${ws}`,
  );
  return row.n > 0;
}

/** The creation form's choices within a faculty (null: all). */
export async function choices(db: Db, facultyId: number | null) {
  const f = (col: string) => (facultyId === null ? sql`true` : sql`${sql.raw(col)} = ${facultyId}`);
  const [faculties, groups, disciplines, teachers] = await Promise.all([
    rowsOf<Names & { id: number }>(
      db,
      sql`select id, name_ru as "nameRu", name_kg as "nameKg", name_en as "nameEn" from faculties where ${f('id')} order by id`,
    ),
    rowsOf<{ id: number; name: string }>(
      db,
      sql`select g.id, g.name from groups g join specialities sp on sp.id = g.speciality_id where ${f('sp.faculty_id')} order by g.name`,
    ),
    rowsOf<Names & { id: number; code: string }>(
      db,
      sql`select x.id, x.code, x.name_ru as "nameRu", x.name_kg as "nameKg", x.name_en as "nameEn" from disciplines x join departments d on d.id = x.department_id where ${f('d.faculty_id')} order by x.name_ru`,
    ),
    rowsOf<{ id: number; surname: string; name: string; patronymic: string | null }>(
      db,
      sql`select t.id, t.surname, t.name, t.patronymic from teachers t join departments d on d.id = t.department_id where ${f('d.faculty_id')} order by t.surname, t.name`,
    ),
  ]);
  return { faculties, groups, disciplines, teachers };
}
