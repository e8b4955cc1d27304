/**
 * Questionnaires' tables (docs/areas/questionnaire.md#anonymity): the questionnaires with their
 * audience and dates, their questions, who has answered (one row per person, no link to the answers),
 * the responses (a random id; the respondent only for a questionnaire that is not anonymous) and their
 * answers. A response of an anonymous questionnaire carries no user id and no time, and its id is
 * random, so neither the id nor a timestamp orders it against the respondents' rows.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { disciplines, teachers, users } from '../../db/schema';
import { tstz } from '../../db/schema/columns';

export const questionnaires = pgTable(
  'questionnaires',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** 'evaluation' (of a teacher's discipline in the half-year) or 'survey'. */
    kind: text('kind').notNull(),
    anonymous: boolean('anonymous').notNull(),
    opensAt: tstz('opens_at').notNull(),
    closesAt: tstz('closes_at').notNull(),
    academicYearId: integer('academic_year_id').notNull(),
    workingSemesterId: smallint('working_semester_id').notNull(),
    /** 'faculty', 'group', 'discipline' (its students) or 'teachers'; audience_id names the faculty, group or discipline (teachers: a faculty, or null for all). */
    audienceKind: text('audience_kind').notNull(),
    audienceId: integer('audience_id'),
    /** The faculty the audience lies in (null: every teacher of the university): a dean's office manages its faculty's. */
    facultyId: integer('faculty_id'),
    /** An evaluation's teacher and discipline. */
    teacherId: integer('teacher_id').references(() => teachers.id),
    disciplineId: integer('discipline_id').references(() => disciplines.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('questionnaires_kind_ck', sql`${t.kind} in ('evaluation', 'survey')`),
    check('questionnaires_dates_ck', sql`${t.opensAt} < ${t.closesAt}`),
    check(
      'questionnaires_audience_ck',
      sql`${t.audienceKind} in ('faculty', 'group', 'discipline', 'teachers') and (${t.audienceId} is not null or ${t.audienceKind} = 'teachers')`,
    ),
    check('questionnaires_evaluation_ck', sql`(${t.kind} = 'evaluation') = (${t.teacherId} is not null and ${t.disciplineId} is not null)`),
    index('questionnaires_teacher_idx').on(t.teacherId),
  ],
);

export const questionnaireQuestions = pgTable(
  'questionnaire_questions',
  {
    id: serial('id').primaryKey(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** 'scale' (1–5), 'single', 'multiple' or 'text'. */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    required: boolean('required').notNull(),
  },
  (t) => [
    index('questionnaire_questions_q_idx').on(t.questionnaireId, t.position),
    check('questionnaire_questions_kind_ck', sql`${t.kind} in ('scale', 'single', 'multiple', 'text')`),
  ],
);

/** Who has answered: the one-answer-per-person rule, with no time and no link to the response written in the same transaction. */
export const questionnaireRespondents = pgTable(
  'questionnaire_respondents',
  {
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.questionnaireId, t.userId] })],
);

/** One person's answers to a questionnaire: a random id; the respondent only when the questionnaire is not anonymous. */
export const questionnaireResponses = pgTable(
  'questionnaire_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    /** Null for an anonymous questionnaire (checked by the service; the column is never written then). */
    respondentId: integer('respondent_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('questionnaire_responses_q_idx').on(t.questionnaireId)],
);

export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    responseId: uuid('response_id')
      .notNull()
      .references(() => questionnaireResponses.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questionnaireQuestions.id, { onDelete: 'cascade' }),
    /** A scale's value (1–5) or a single choice's option index. */
    choice: smallint('choice'),
    /** A multiple choice's option indexes. */
    choices: jsonb('choices').$type<number[]>(),
    text: text('text'),
  },
  (t) => [primaryKey({ columns: [t.responseId, t.questionId] }), index('questionnaire_answers_question_idx').on(t.questionId)],
);
