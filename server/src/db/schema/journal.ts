/**
 * The attendance-and-grades journal: visit records (one per student and lesson occurrence, written
 * by the teacher's journal or by QR attendance), planned topics, the topic of each lesson, modules,
 * custom subgroups, students taken off a list, and the audit trail of every mark change. The weekly
 * timetable is schedule.ts.
 *
 * A journal is a teaching assignment (teaching.ts): a teacher, a discipline, a lesson type and a
 * group or stream (and subgroup) in a year and half-year. A lesson occurrence is that assignment on
 * a date at a lesson time.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, pgTable, primaryKey, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { names, requiredRef, tstz } from './columns';
import { academicYears, disciplines, educationForms, groups, lessonTimes, lessonTypes, semesters, streams, workingSemesters } from './academic';
import { users } from './auth';
import { students, teachers } from './people';
import { scheduleEntries } from './schedule';
import { teachingAssignments } from './teaching';

/**
 * Visit records (id_studentJournalVisit): a student at one lesson occurrence. mark null: present
 * without a mark; 'н/б': absent; 'ув': absent for a valid reason (excused); otherwise an integer
 * mark 0..100 written as text. At most one record per student and occurrence.
 */
export const journalVisits = pgTable(
  'journal_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teachingAssignmentId: requiredRef('teaching_assignment_id', () => teachingAssignments.id, { onDelete: 'cascade' }),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    visitDate: date('visit_date').notNull(),
    lessonTimeId: requiredRef('lesson_time_id', () => lessonTimes.id),
    mark: text('mark'),
    /** The assignment's columns, copied so that reports need no join. */
    teacherId: requiredRef('teacher_id', () => teachers.id),
    academicYearId: requiredRef('academic_year_id', () => academicYears.id),
    workingSemesterId: requiredRef('working_semester_id', () => workingSemesters.id),
    semesterId: requiredRef('semester_id', () => semesters.id),
    disciplineId: requiredRef('discipline_id', () => disciplines.id),
    credits: smallint('credits').notNull(),
    isSelect: boolean('is_select').notNull().default(false),
    lessonTypeId: requiredRef('lesson_type_id', () => lessonTypes.id),
    /** The student's group; stream_id is the assignment's stream for stream lectures. */
    groupId: requiredRef('group_id', () => groups.id),
    streamId: integer('stream_id').references(() => streams.id),
    subgroup: smallint('subgroup').notNull().default(0),
    dayNumber: smallint('day_number').notNull(),
    educationFormId: requiredRef('education_form_id', () => educationForms.id),
    /** The timetable entry the lesson came from, when known (always for QR marks). */
    scheduleEntryId: integer('schedule_entry_id').references(() => scheduleEntries.id, { onDelete: 'set null' }),
    /** How the record was last written: 'journal' (a cell), 'bulk' (mark all present), 'qr' (the student's QR scan), 'webinar' (joined the lesson's online meeting), 'seed'. */
    source: text('source').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('journal_visits_occurrence_uq').on(t.teachingAssignmentId, t.studentId, t.visitDate, t.lessonTimeId),
    index('journal_visits_assignment_idx').on(t.teachingAssignmentId, t.visitDate),
    index('journal_visits_student_idx').on(t.studentId, t.academicYearId, t.workingSemesterId),
    check('journal_visits_mark_ck', sql`${t.mark} is null or ${t.mark} in ('н/б', 'ув') or ${t.mark} ~ '^(100|[1-9]?[0-9])$'`),
    check('journal_visits_source_ck', sql`${t.source} in ('journal', 'bulk', 'qr', 'webinar', 'seed')`),
    check('journal_visits_day_ck', sql`${t.dayNumber} between 1 and 7`),
  ],
);

/**
 * Every change of a visit record: who, when, the old and the new value. Kept when the record goes
 * (no foreign key to it); the occurrence columns say which cell it was.
 */
export const journalVisitChanges = pgTable(
  'journal_visit_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitId: bigint('visit_id', { mode: 'number' }),
    teachingAssignmentId: requiredRef('teaching_assignment_id', () => teachingAssignments.id, { onDelete: 'cascade' }),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    visitDate: date('visit_date').notNull(),
    lessonTimeId: requiredRef('lesson_time_id', () => lessonTimes.id),
    /** 'insert' (old is nothing), 'update', 'delete' (new is nothing). */
    action: text('action').notNull(),
    /** Marks as stored: null is "present without a mark" unless the action says the record did not exist. */
    oldMark: text('old_mark'),
    newMark: text('new_mark'),
    /** As the record's source, or 'test' for a mark given from a test's results (server/src/shared/journal-marks.ts). */
    source: text('source').notNull(),
    /** What gave the mark, as it was named then (the test's title); null for the journal's own writes. */
    sourceTitle: text('source_title'),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: tstz('changed_at').notNull().defaultNow(),
  },
  (t) => [
    index('journal_changes_cell_idx').on(t.teachingAssignmentId, t.studentId, t.visitDate, t.lessonTimeId, t.id),
    check('journal_changes_action_ck', sql`${t.action} in ('insert', 'update', 'delete')`),
  ],
);

/** Modules (content blocks) of a discipline's semester: 1, 2, 3. */
export const journalModules = pgTable('journal_modules', { id: integer('id').primaryKey(), number: smallint('number').notNull().unique(), ...names });

/** The topics a teacher plans for an assignment (input topics), in order, with hours and module. */
export const journalPlanTopics = pgTable(
  'journal_plan_topics',
  {
    id: serial('id').primaryKey(),
    teachingAssignmentId: requiredRef('teaching_assignment_id', () => teachingAssignments.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    topic: text('topic').notNull(),
    hours: smallint('hours').notNull().default(2),
    moduleId: integer('module_id').references(() => journalModules.id),
  },
  (t) => [
    unique('journal_plan_topics_number_uq').on(t.teachingAssignmentId, t.number),
    check('journal_plan_topics_hours_ck', sql`${t.hours} between 1 and 12`),
  ],
);

/**
 * A lesson occurrence the teacher added to a journal (the journal's "Add lesson"): its column exists
 * from then on, with or without records or a topic, until the lesson is deleted.
 */
export const journalLessons = pgTable(
  'journal_lessons',
  {
    id: serial('id').primaryKey(),
    teachingAssignmentId: requiredRef('teaching_assignment_id', () => teachingAssignments.id, { onDelete: 'cascade' }),
    visitDate: date('visit_date').notNull(),
    lessonTimeId: requiredRef('lesson_time_id', () => lessonTimes.id),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [unique('journal_lessons_occurrence_uq').on(t.teachingAssignmentId, t.visitDate, t.lessonTimeId)],
);

/**
 * What one lesson occurrence covered (topic times): its topic (a planned one or free text), the
 * lesson number within the day's block (order1..order5 = 1..5), hours and module.
 */
export const journalLessonTopics = pgTable(
  'journal_lesson_topics',
  {
    id: serial('id').primaryKey(),
    teachingAssignmentId: requiredRef('teaching_assignment_id', () => teachingAssignments.id, { onDelete: 'cascade' }),
    visitDate: date('visit_date').notNull(),
    lessonTimeId: requiredRef('lesson_time_id', () => lessonTimes.id),
    planTopicId: integer('plan_topic_id').references(() => journalPlanTopics.id, { onDelete: 'set null' }),
    topic: text('topic').notNull(),
    lessonNumber: smallint('lesson_number').notNull().default(1),
    hours: smallint('hours').notNull().default(2),
    moduleId: integer('module_id').references(() => journalModules.id),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('journal_lesson_topics_occurrence_uq').on(t.teachingAssignmentId, t.visitDate, t.lessonTimeId),
    check('journal_lesson_topics_number_ck', sql`${t.lessonNumber} between 1 and 5`),
    check('journal_lesson_topics_hours_ck', sql`${t.hours} between 1 and 12`),
  ],
);

/**
 * A teacher's own subgroups of an assignment's students: when an assignment has any, its list is
 * the members of the subgroup whose number equals the assignment's subgroup (0: all its subgroups).
 */
export const journalSubgroups = pgTable(
  'journal_subgroups',
  {
    id: serial('id').primaryKey(),
    teachingAssignmentId: requiredRef('teaching_assignment_id', () => teachingAssignments.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    name: text('name').notNull(),
  },
  (t) => [unique('journal_subgroups_number_uq').on(t.teachingAssignmentId, t.number), check('journal_subgroups_number_ck', sql`${t.number} between 1 and 9`)],
);

export const journalSubgroupStudents = pgTable(
  'journal_subgroup_students',
  {
    subgroupId: requiredRef('subgroup_id', () => journalSubgroups.id, { onDelete: 'cascade' }),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.subgroupId, t.studentId] }), index('journal_subgroup_students_student_idx').on(t.studentId)],
);

/** Students a teacher hid in an assignment (their records stay), who hid each and when. */
export const journalRemovedStudents = pgTable(
  'journal_removed_students',
  {
    teachingAssignmentId: requiredRef('teaching_assignment_id', () => teachingAssignments.id, { onDelete: 'cascade' }),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    removedByUserId: integer('removed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    removedAt: tstz('removed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teachingAssignmentId, t.studentId] })],
);
