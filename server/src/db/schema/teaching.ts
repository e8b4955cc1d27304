/** Teaching assignments: they join the university's structure (academic.ts) to its teachers (people.ts). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { academicYears, controlForms, disciplines, groups, lessonTypes, semesters, streams, workingSemesters } from './academic';
import { teachers } from './people';

/**
 * Who teaches what: a teacher gives a lesson type of a discipline to a group (or a stream, for
 * lectures) in a year and semester; subgroup 0 is the whole group, 1 and 2 its halves.
 */
export const teachingAssignments = pgTable(
  'teaching_assignments',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    workingSemesterId: integer('working_semester_id')
      .notNull()
      .references(() => workingSemesters.id),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    lessonTypeId: integer('lesson_type_id')
      .notNull()
      .references(() => lessonTypes.id),
    groupId: integer('group_id').references(() => groups.id),
    streamId: integer('stream_id').references(() => streams.id),
    subgroup: smallint('subgroup').notNull().default(0),
    credits: smallint('credits').notNull(),
    controlFormId: integer('control_form_id')
      .notNull()
      .references(() => controlForms.id),
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
