/**
 * The weekly timetable: which journal (teaching assignment, teaching.ts) is given on which day, at
 * which lesson time, in which room.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, unique } from 'drizzle-orm/pg-core';
import { academicYears, auditoria, disciplines, educationForms, groups, lessonTimes, lessonTypes, semesters, streams, workingSemesters } from './academic';
import { teachers } from './people';
import { teachingAssignments } from './teaching';
import { requiredRef } from './columns';

/**
 * The weekly timetable (idShed is the id): on day_number (1 Monday .. 6 Saturday) at a lesson time
 * in a room, the assignment's teacher gives its lesson type of its discipline to its group or stream
 * (subgroup 0: everyone, 1 and 2: that half of each group). The assignment's columns are copied so
 * that a lookup by day and time needs no join.
 */
export const scheduleEntries = pgTable(
  'schedule_entries',
  {
    id: serial('id').primaryKey(),
    academicYearId: requiredRef('academic_year_id', () => academicYears.id),
    workingSemesterId: requiredRef('working_semester_id', () => workingSemesters.id),
    semesterId: requiredRef('semester_id', () => semesters.id),
    dayNumber: smallint('day_number').notNull(),
    lessonTimeId: requiredRef('lesson_time_id', () => lessonTimes.id),
    auditoriumId: requiredRef('auditorium_id', () => auditoria.id),
    teachingAssignmentId: requiredRef('teaching_assignment_id', () => teachingAssignments.id, { onDelete: 'cascade' }),
    disciplineId: requiredRef('discipline_id', () => disciplines.id),
    lessonTypeId: requiredRef('lesson_type_id', () => lessonTypes.id),
    teacherId: requiredRef('teacher_id', () => teachers.id),
    groupId: integer('group_id').references(() => groups.id),
    streamId: integer('stream_id').references(() => streams.id),
    subgroup: smallint('subgroup').notNull().default(0),
    educationFormId: requiredRef('education_form_id', () => educationForms.id),
    /** An elective (registered) discipline rather than one of the study plan. */
    isSelect: boolean('is_select').notNull().default(false),
  },
  (t) => [
    index('schedule_slot_idx').on(t.academicYearId, t.workingSemesterId, t.dayNumber, t.lessonTimeId),
    index('schedule_teacher_idx').on(t.teacherId, t.academicYearId, t.workingSemesterId),
    index('schedule_group_idx').on(t.groupId, t.academicYearId, t.workingSemesterId),
    index('schedule_stream_idx').on(t.streamId, t.academicYearId, t.workingSemesterId),
    index('schedule_assignment_idx').on(t.teachingAssignmentId),
    unique('schedule_room_slot_uq').on(t.academicYearId, t.workingSemesterId, t.dayNumber, t.lessonTimeId, t.auditoriumId),
    check('schedule_day_ck', sql`${t.dayNumber} between 1 and 6`),
    check('schedule_subgroup_ck', sql`${t.subgroup} in (0, 1, 2)`),
    check('schedule_target_ck', sql`(${t.groupId} is null) <> (${t.streamId} is null)`),
  ],
);
