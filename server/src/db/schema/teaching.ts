/** Teaching assignments: they join the university's structure (academic.ts) to its teachers (people.ts). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { academicYears, controlForms, disciplines, groups, lessonTypes, semesters, streams, workingSemesters } from './academic';
import { teachers } from './people';
import { requiredRef } from './columns';

/**
 * Who teaches what: a teacher gives a lesson type of a discipline to a group (or a stream, for
 * lectures) in a year and semester; subgroup 0 is the whole group, 1 and 2 its halves.
 */
export const teachingAssignments = pgTable(
  'teaching_assignments',
  {
    id: serial('id').primaryKey(),
    teacherId: requiredRef('teacher_id', () => teachers.id),
    disciplineId: requiredRef('discipline_id', () => disciplines.id),
    academicYearId: requiredRef('academic_year_id', () => academicYears.id),
    workingSemesterId: requiredRef('working_semester_id', () => workingSemesters.id),
    semesterId: requiredRef('semester_id', () => semesters.id),
    lessonTypeId: requiredRef('lesson_type_id', () => lessonTypes.id),
    groupId: integer('group_id').references(() => groups.id),
    streamId: integer('stream_id').references(() => streams.id),
    subgroup: smallint('subgroup').notNull().default(0),
    credits: smallint('credits').notNull(),
    controlFormId: requiredRef('control_form_id', () => controlForms.id),
    /** The marks its journal takes besides '+', 'н/б' and 'ув' (contract/journal.ts MARK_SCALES): '2-5' or '0-100'. */
    markScale: text('mark_scale').notNull().default('2-5'),
  },
  (t) => [
    index('teaching_teacher_idx').on(t.teacherId, t.academicYearId, t.workingSemesterId),
    index('teaching_group_idx').on(t.groupId, t.academicYearId, t.workingSemesterId),
    index('teaching_stream_idx').on(t.streamId, t.academicYearId, t.workingSemesterId),
    check('teaching_subgroup_ck', sql`${t.subgroup} in (0, 1, 2)`),
    check('teaching_target_ck', sql`(${t.groupId} is null) <> (${t.streamId} is null)`),
    check('teaching_mark_scale_ck', sql`${t.markScale} in ('2-5', '0-100')`),
  ],
);
