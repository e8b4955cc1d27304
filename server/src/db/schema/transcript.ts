/**
 * Final results of disciplines (the transcript's source) and the university's grading scale that
 * turns points 0–100 into the number and letter equivalents (docs/areas/transcript.md#for-users), and
 * the history of each final result's changes made in a journal.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, doublePrecision, index, integer, pgTable, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { academicYears, controlForms, disciplines, semesters, workingSemesters } from './academic';
import { users } from './auth';
import { names, requiredRef, tstz } from './columns';
import { students, teachers } from './people';
import { teachingAssignments } from './teaching';

/** One band of the scale: points min..max → ekv_num (grade point) and ekv_bukv (letter), with the traditional mark's name. */
export const gradeScale = pgTable(
  'grade_scale',
  {
    id: serial('id').primaryKey(),
    minPoints: smallint('min_points').notNull().unique(),
    maxPoints: smallint('max_points').notNull(),
    ekvNum: doublePrecision('ekv_num').notNull(),
    ekvBukv: text('ekv_bukv').notNull(),
    ...names,
  },
  (t) => [check('grade_scale_range_ck', sql`${t.minPoints} between 0 and 100 and ${t.maxPoints} between ${t.minPoints} and 100`)],
);

/** A student's final result (points 0–100) of a discipline in a half-year, entered by its teacher. */
export const finalResults = pgTable(
  'final_results',
  {
    id: serial('id').primaryKey(),
    studentId: requiredRef('student_id', () => students.id),
    disciplineId: requiredRef('discipline_id', () => disciplines.id),
    academicYearId: requiredRef('academic_year_id', () => academicYears.id),
    workingSemesterId: requiredRef('working_semester_id', () => workingSemesters.id),
    semesterId: requiredRef('semester_id', () => semesters.id),
    credits: smallint('credits').notNull(),
    controlFormId: requiredRef('control_form_id', () => controlForms.id),
    points: smallint('points').notNull(),
    teacherId: integer('teacher_id').references(() => teachers.id),
    enteredAt: tstz('entered_at').notNull(),
  },
  (t) => [
    unique('final_results_uq').on(t.studentId, t.disciplineId, t.academicYearId, t.workingSemesterId),
    index('final_results_student_idx').on(t.studentId),
    check('final_results_points_ck', sql`${t.points} between 0 and 100`),
  ],
);

/**
 * Every change of a final result made in a journal, written in the same transaction as the result:
 * who, when, the points before and after ('insert': none before, 'delete': none after).
 */
export const finalResultHistory = pgTable(
  'final_result_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    disciplineId: requiredRef('discipline_id', () => disciplines.id),
    academicYearId: requiredRef('academic_year_id', () => academicYears.id),
    workingSemesterId: requiredRef('working_semester_id', () => workingSemesters.id),
    /** The journal it was written in. */
    teachingAssignmentId: integer('teaching_assignment_id').references(() => teachingAssignments.id, { onDelete: 'set null' }),
    /** 'insert', 'update' or 'delete'. */
    action: text('action').notNull(),
    oldPoints: smallint('old_points'),
    newPoints: smallint('new_points'),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: tstz('changed_at').notNull().defaultNow(),
  },
  (t) => [index('final_result_history_result_idx').on(t.studentId, t.disciplineId, t.academicYearId, t.workingSemesterId, t.id)],
);
