/**
 * The grading sheet's tables (docs/areas/gradingsheet.md): a sheet is the official record of one
 * discipline's results for one group in one half-year (attempt 1), or of one student's resit
 * (attempt 2) or commission (attempt 3) made from a signed sheet; its lines hold each student's module
 * points (read from the journals while the sheet is open, kept as signed), exam points and total, and
 * whether he has left the group since the line was made;
 * its history keeps every exam entry, signature, reopening (with the dean's office's reason) and resit.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, unique, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { academicYears, controlForms, disciplines, groups, semesters, students, teachers, teachingAssignments, users, workingSemesters } from '../../db/schema';
import { tstz } from '../../db/schema/columns';

export const gradingSheets = pgTable(
  'grading_sheets',
  {
    id: serial('id').primaryKey(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    workingSemesterId: integer('working_semester_id')
      .notNull()
      .references(() => workingSemesters.id),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    credits: smallint('credits').notNull(),
    controlFormId: integer('control_form_id')
      .notNull()
      .references(() => controlForms.id),
    /** The journal it was opened through (the final results name it); the module points are read from every journal of its discipline for its group. */
    teachingAssignmentId: integer('teaching_assignment_id')
      .notNull()
      .references(() => teachingAssignments.id),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
    /** 1 first sitting, 2 resit, 3 commission. */
    attempt: smallint('attempt').notNull().default(1),
    /** A resit's or commission's one student (null: the whole group's first sheet). */
    studentId: integer('student_id').references(() => students.id),
    /** The signed sheet a resit was made from. */
    parentId: integer('parent_id').references((): AnyPgColumn => gradingSheets.id),
    signed: boolean('signed').notNull().default(false),
    signedAt: tstz('signed_at'),
    signedByUserId: integer('signed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('grading_sheets_first_uq')
      .on(t.disciplineId, t.groupId, t.academicYearId, t.workingSemesterId)
      .where(sql`${t.attempt} = 1`),
    uniqueIndex('grading_sheets_resit_uq')
      .on(t.disciplineId, t.academicYearId, t.workingSemesterId, t.studentId, t.attempt)
      .where(sql`${t.attempt} > 1`),
    index('grading_sheets_student_idx').on(t.studentId),
    check('grading_sheets_attempt_ck', sql`${t.attempt} between 1 and 3`),
    check('grading_sheets_resit_ck', sql`(${t.attempt} = 1) = (${t.studentId} is null)`),
  ],
);

export const gradingSheetLines = pgTable(
  'grading_sheet_lines',
  {
    id: serial('id').primaryKey(),
    sheetId: integer('sheet_id')
      .notNull()
      .references(() => gradingSheets.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    /** Each module's points as signed ([{id_module, points}]); null while the sheet is open (read from the journal). */
    modules: jsonb('modules').$type<{ id_module: number; points: number }[]>(),
    /** The modules' points together as signed (null while open). */
    modulePoints: smallint('module_points'),
    examPoints: smallint('exam_points'),
    /** The total as signed (null while open). */
    total: smallint('total'),
    /** When the student was found to have left the sheet's group (null: in it): his line stays, with its points. */
    leftAt: tstz('left_at'),
  },
  (t) => [
    unique('grading_sheet_lines_uq').on(t.sheetId, t.studentId),
    check('grading_sheet_lines_exam_ck', sql`${t.examPoints} is null or ${t.examPoints} between 0 and 100`),
    check('grading_sheet_lines_total_ck', sql`${t.total} is null or ${t.total} between 0 and 100`),
  ],
);

/** Every change of a sheet: 'exam' (a student's exam points, old → new), 'sign', 'reopen' (with the reason), 'resit' (a resit made from it). */
export const gradingSheetHistory = pgTable(
  'grading_sheet_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sheetId: integer('sheet_id')
      .notNull()
      .references(() => gradingSheets.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    studentId: integer('student_id').references(() => students.id),
    oldPoints: smallint('old_points'),
    newPoints: smallint('new_points'),
    reason: text('reason'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    index('grading_sheet_history_sheet_idx').on(t.sheetId, t.id),
    check('grading_sheet_history_action_ck', sql`${t.action} in ('exam', 'sign', 'reopen', 'resit')`),
  ],
);
