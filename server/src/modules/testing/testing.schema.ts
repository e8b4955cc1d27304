/**
 * Testing's tables (docs/areas/testing.md): a discipline's question bank (categories, questions with
 * their content by kind and an optional image), its tests (settings, the groups or journal subgroups that take them), the
 * students' attempts with the paper drawn at the start, the answers as last saved (with the client's
 * version per question), and each attempt's log.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Answer, QuestionContent } from '@contract/testing';
import { disciplines, files, groups, journalSubgroups, students, teachers, users } from '../../db/schema';
import { tstz } from '../../db/schema/columns';

export const testingCategories = pgTable(
  'testing_categories',
  {
    id: serial('id').primaryKey(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    name: text('name').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [unique('testing_categories_name_uq').on(t.disciplineId, t.name)],
);

export const testingQuestions = pgTable(
  'testing_questions',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => testingCategories.id),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    points: doublePrecision('points').notNull(),
    content: jsonb('content').$type<QuestionContent>().notNull(),
    /** The teacher who wrote or last corrected it. */
    teacherId: integer('teacher_id').references(() => teachers.id),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    /** The question's image (a stored file, PNG, JPEG, WebP or GIF) and its alt text: both or neither. */
    imageFileId: integer('image_file_id').references(() => files.id),
    imageAlt: text('image_alt'),
  },
  (t) => [
    index('testing_questions_category_idx').on(t.categoryId),
    check('testing_questions_points_ck', sql`${t.points} > 0`),
    check('testing_questions_image_ck', sql`(${t.imageFileId} is null) = (${t.imageAlt} is null)`),
  ],
);

export const testingTests = pgTable('testing_tests', {
  id: serial('id').primaryKey(),
  disciplineId: integer('discipline_id')
    .notNull()
    .references(() => disciplines.id),
  title: text('title').notNull(),
  /** [{id_category, count}] in paper order. */
  rules: jsonb('rules').$type<{ id_category: number; count: number }[]>().notNull(),
  shuffleAnswers: boolean('shuffle_answers').notNull(),
  timeLimit: smallint('time_limit'),
  opensAt: tstz('opens_at').notNull(),
  closesAt: tstz('closes_at').notNull(),
  attempts: smallint('attempts').notNull(),
  counts: text('counts').notNull(),
  showScore: text('show_score').notNull(),
  showAnswers: text('show_answers').notNull(),
  password: text('password'),
  networks: jsonb('networks').$type<string[]>().notNull(),
  teacherId: integer('teacher_id').references(() => teachers.id),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** A group (subgroup_id null) or one of its journal subgroups taking a test. */
export const testingTargets = pgTable(
  'testing_targets',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => testingTests.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    subgroupId: integer('subgroup_id').references(() => journalSubgroups.id, { onDelete: 'cascade' }),
  },
  (t) => [index('testing_targets_test_idx').on(t.testId), index('testing_targets_group_idx').on(t.groupId)],
);

/** A paper's question: the bank question and the order its options (or items, or right items) are shown in. */
export interface PaperSlot {
  q: number;
  order: number[];
}

export const testingAttempts = pgTable(
  'testing_attempts',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => testingTests.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    number: smallint('number').notNull(),
    /** 'open', 'finished' (an essay awaits its score), 'graded'. */
    state: text('state').notNull(),
    paper: jsonb('paper').$type<PaperSlot[]>().notNull(),
    device: text('device').notNull(),
    startedAt: tstz('started_at').notNull(),
    deadline: tstz('deadline').notNull(),
    finishedAt: tstz('finished_at'),
    score: doublePrecision('score'),
  },
  (t) => [
    unique('testing_attempts_number_uq').on(t.testId, t.studentId, t.number),
    uniqueIndex('testing_attempts_open_uq')
      .on(t.testId, t.studentId)
      .where(sql`${t.state} = 'open'`),
    index('testing_attempts_open_deadline_idx')
      .on(t.deadline)
      .where(sql`${t.state} = 'open'`),
    check('testing_attempts_state_ck', sql`${t.state} in ('open', 'finished', 'graded')`),
  ],
);

export const testingAnswers = pgTable(
  'testing_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => testingAttempts.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    version: integer('version').notNull(),
    answer: jsonb('answer').$type<Answer>().notNull(),
    score: doublePrecision('score'),
    /** A score given by hand (an essay's): regrading keeps it. */
    manual: boolean('manual').notNull().default(false),
    comment: text('comment'),
    gradedBy: integer('graded_by').references(() => users.id, { onDelete: 'set null' }),
    savedAt: tstz('saved_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.slot] })],
);

export const testingAttemptLog = pgTable(
  'testing_attempt_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => testingAttempts.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    device: text('device'),
    ip: text('ip'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: tstz('at').notNull(),
  },
  (t) => [index('testing_attempt_log_attempt_idx').on(t.attemptId, t.id)],
);
