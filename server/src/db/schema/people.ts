/** People: teachers and students, with their photos. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { bytea, requiredRef, tstz } from './columns';
import { departments, educationForms, groups, positions } from './academic';

export const photos = pgTable('photos', {
  id: serial('id').primaryKey(),
  mime: text('mime').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

const person = {
  surname: text('surname').notNull(),
  name: text('name').notNull(),
  patronymic: text('patronymic'),
  gender: text('gender').notNull(),
  birthDate: date('birth_date'),
  nationality: text('nationality'),
  citizenship: text('citizenship'),
  /** Personal number (PIN/INN), 14 digits in Kyrgyzstan. */
  taxId: text('tax_id'),
  phone: text('phone'),
  email: text('email'),
  education: text('education'),
  photoId: integer('photo_id').references(() => photos.id, { onDelete: 'set null' }),
};

export const teachers = pgTable(
  'teachers',
  {
    id: serial('id').primaryKey(),
    ...person,
    /** The university's teacher code (the teachers import matches by it); the demo's are 'T' and the id in four digits. */
    code: text('code').unique(),
    departmentId: requiredRef('department_id', () => departments.id),
    positionId: requiredRef('position_id', () => positions.id),
  },
  (t) => [index('teachers_department_idx').on(t.departmentId), check('teachers_gender_ck', sql`${t.gender} in ('m', 'f')`)],
);

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    ...person,
    groupId: requiredRef('group_id', () => groups.id),
    /** Student number (record book). */
    code: text('code').notNull().unique(),
    admissionYear: integer('admission_year').notNull(),
    educationFormId: requiredRef('education_form_id', () => educationForms.id),
    /** 1 or 2: the half of the group in laboratory classes. */
    subgroup: smallint('subgroup').notNull().default(1),
  },
  (t) => [
    index('students_group_idx').on(t.groupId),
    check('students_gender_ck', sql`${t.gender} in ('m', 'f')`),
    check('students_subgroup_ck', sql`${t.subgroup} in (1, 2)`),
  ],
);
