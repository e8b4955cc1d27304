/**
 * The teaching materials (UMK): their types and the materials of a discipline (a material may also
 * be a book of the library, library.ts).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { academicYears, controlForms, disciplines, semesters, specialities } from './academic';
import { names, requiredRef, tstz } from './columns';
import { files } from './files';
import { books } from './library';
import { teachers } from './people';

export const umkTypes = pgTable('umk_types', { id: integer('id').primaryKey(), ...names });

export const umkItems = pgTable(
  'umk_items',
  {
    id: serial('id').primaryKey(),
    typeId: requiredRef('type_id', () => umkTypes.id),
    name: text('name').notNull(),
    author: text('author').notNull().default(''),
    description: text('description').notNull().default(''),
    totalPages: integer('total_pages').notNull().default(0),
    disciplineId: requiredRef('discipline_id', () => disciplines.id),
    semesterId: requiredRef('semester_id', () => semesters.id),
    academicYearId: requiredRef('academic_year_id', () => academicYears.id),
    controlFormId: requiredRef('control_form_id', () => controlForms.id),
    /** The speciality it is meant for; null: every speciality studying the discipline. */
    specialityId: integer('speciality_id').references(() => specialities.id),
    teacherId: requiredRef('teacher_id', () => teachers.id),
    credits: smallint('credits').notNull().default(0),
    /** 0 every student, 1 full-time, 2 part-time. */
    audience: smallint('audience').notNull().default(0),
    fileId: requiredRef('file_id', () => files.id),
    /** The library book it is also shared as (isForEBooks). */
    bookId: integer('book_id').references(() => books.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('umk_items_discipline_idx').on(t.disciplineId, t.semesterId),
    index('umk_items_teacher_idx').on(t.teacherId),
    check('umk_items_audience_ck', sql`${t.audience} in (0, 1, 2)`),
    check('umk_items_pages_ck', sql`${t.totalPages} >= 0`),
  ],
);
