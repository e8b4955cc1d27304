/**
 * Discipline and elective registration: the registration window and credit ceiling of a half-year,
 * the disciplines offered for registration, their subgroups (teacher, capacity, lesson slot), the
 * registrations with the waiting list, and the students allowed to choose electives.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, pgTable, primaryKey, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { academicYears, controlForms, disciplines, lessonTimes, lessonTypes, semesters, specialities, workingSemesters } from './academic';
import { requiredRef, tstz } from './columns';
import { students, teachers } from './people';

/**
 * A half-year's periods: registration open from opens_at (null: open since the row exists) until
 * closes_at, a student's registered credits within credit_limit, and marks_closed_after, the last
 * day its journals take marks and attendance (null: the half-year's end plus JOURNAL_GRACE_DAYS;
 * shared/academic/journal-period.ts).
 */
export const registrationPeriods = pgTable(
  'registration_periods',
  {
    academicYearId: requiredRef('academic_year_id', () => academicYears.id),
    workingSemesterId: requiredRef('working_semester_id', () => workingSemesters.id),
    opensAt: tstz('opens_at'),
    closesAt: tstz('closes_at').notNull(),
    creditLimit: smallint('credit_limit').notNull(),
    /** 'YYYY-MM-DD', the university's local date. */
    marksClosedAfter: date('marks_closed_after'),
  },
  (t) => [
    primaryKey({ columns: [t.academicYearId, t.workingSemesterId] }),
    check('registration_periods_opens_ck', sql`${t.opensAt} is null or ${t.opensAt} < ${t.closesAt}`),
  ],
);

/** A discipline offered for registration in a half-year, to one speciality or (null) to all; grouped on screen by desc_group_num. */
export const regOfferings = pgTable(
  'reg_offerings',
  {
    id: serial('id').primaryKey(),
    academicYearId: requiredRef('academic_year_id', () => academicYears.id),
    workingSemesterId: requiredRef('working_semester_id', () => workingSemesters.id),
    semesterId: requiredRef('semester_id', () => semesters.id),
    disciplineId: requiredRef('discipline_id', () => disciplines.id),
    specialityId: integer('speciality_id').references(() => specialities.id),
    credits: smallint('credits').notNull(),
    controlFormId: requiredRef('control_form_id', () => controlForms.id),
    /** An elective: open only to students with an elective permission. */
    isElective: boolean('is_elective').notNull().default(false),
    descGroupNum: smallint('desc_group_num').notNull().default(1),
  },
  (t) => [index('reg_offerings_period_idx').on(t.academicYearId, t.workingSemesterId), check('reg_offerings_credits_ck', sql`${t.credits} between 1 and 30`)],
);

/** A subgroup of an offering: its teacher, its weekly lesson slot and its seats (taken never exceeds capacity). */
export const regSubgroups = pgTable(
  'reg_subgroups',
  {
    id: serial('id').primaryKey(),
    offeringId: requiredRef('offering_id', () => regOfferings.id, { onDelete: 'cascade' }),
    teacherId: requiredRef('teacher_id', () => teachers.id),
    lessonTypeId: requiredRef('lesson_type_id', () => lessonTypes.id),
    number: smallint('number').notNull(),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
    /** 1 Monday … 6 Saturday. */
    dayNumber: smallint('day_number').notNull(),
    lessonTimeId: requiredRef('lesson_time_id', () => lessonTimes.id),
  },
  (t) => [
    index('reg_subgroups_offering_idx').on(t.offeringId, t.teacherId),
    unique('reg_subgroups_number_uq').on(t.offeringId, t.teacherId, t.number),
    check('reg_subgroups_taken_ck', sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`),
    check('reg_subgroups_capacity_ck', sql`${t.capacity} > 0`),
  ],
);

/** A student's registration for an offering: a seat ('registered') or a place in the waiting list ('waiting', in id order). */
export const registrations = pgTable(
  'registrations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offeringId: requiredRef('offering_id', () => regOfferings.id, { onDelete: 'cascade' }),
    subgroupId: requiredRef('subgroup_id', () => regSubgroups.id, { onDelete: 'cascade' }),
    studentId: requiredRef('student_id', () => students.id),
    status: text('status').notNull(),
    createdAt: tstz('created_at').notNull(),
    /** When a freed seat went to this student from the waiting list. */
    promotedAt: tstz('promoted_at'),
  },
  (t) => [
    unique('registrations_student_uq').on(t.offeringId, t.studentId),
    index('registrations_subgroup_idx').on(t.subgroupId, t.status, t.id),
    index('registrations_student_idx').on(t.studentId),
    check('registrations_status_ck', sql`${t.status} in ('registered', 'waiting')`),
  ],
);

/** Students allowed to register for electives in a half-year. */
export const electivePermissions = pgTable(
  'elective_permissions',
  {
    studentId: requiredRef('student_id', () => students.id),
    academicYearId: requiredRef('academic_year_id', () => academicYears.id),
    workingSemesterId: requiredRef('working_semester_id', () => workingSemesters.id),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.academicYearId, t.workingSemesterId] })],
);
