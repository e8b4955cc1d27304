/** Reference data (forms, lesson types, positions, years, half-years, semesters, pairs), the university's structure (faculties, departments, specialities, groups, streams, rooms) and teaching (disciplines, the study plan); who teaches what is in teaching.ts. */
import { date, doublePrecision, index, integer, pgTable, primaryKey, serial, smallint, text, time, unique } from 'drizzle-orm/pg-core';
import { names, requiredRef } from './columns';

/** Full-time, part-time, distance. */
export const educationForms = pgTable('education_forms', { id: integer('id').primaryKey(), ...names });

/** Lecture, practice, laboratory (id_vid_zaniatiy). */
export const lessonTypes = pgTable('lesson_types', { id: integer('id').primaryKey(), ...names });

/** Exam, credit (zachet), differentiated credit (id_examination). */
export const controlForms = pgTable('control_forms', { id: integer('id').primaryKey(), ...names });

/** Teaching positions: professor, associate professor (docent), senior lecturer, lecturer. */
export const positions = pgTable('positions', { id: integer('id').primaryKey(), ...names, sort: smallint('sort').notNull() });

/** Academic years; the id is the starting calendar year (2026 = '2026-27'). */
export const academicYears = pgTable('academic_years', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  startsOn: date('starts_on').notNull(),
  endsOn: date('ends_on').notNull(),
});

/** Working semesters (half-years): 1 autumn, 2 spring (id_w_s). */
export const workingSemesters = pgTable('working_semesters', { id: integer('id').primaryKey(), ...names });

/** Semesters of study 1..10, each in the autumn or spring half-year. */
export const semesters = pgTable('semesters', {
  id: integer('id').primaryKey(),
  number: smallint('number').notNull().unique(),
  workingSemesterId: requiredRef('working_semester_id', () => workingSemesters.id),
});

/** Pairs of the timetable: number, start and end (local time). */
export const lessonTimes = pgTable('lesson_times', {
  id: integer('id').primaryKey(),
  startsAt: time('starts_at').notNull(),
  endsAt: time('ends_at').notNull(),
});

export const faculties = pgTable('faculties', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  ...names,
});

/** Departments (kafedra). */
export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    facultyId: requiredRef('faculty_id', () => faculties.id),
    ...names,
  },
  (t) => [index('departments_faculty_idx').on(t.facultyId)],
);

export const specialities = pgTable(
  'specialities',
  {
    id: serial('id').primaryKey(),
    facultyId: requiredRef('faculty_id', () => faculties.id),
    departmentId: integer('department_id').references(() => departments.id),
    /** Classifier code, e.g. '710400'. */
    code: text('code').notNull().unique(),
    /** Short name used in group names: 'ПИ'. */
    abbr: text('abbr').notNull().unique(),
    ...names,
    durationYears: smallint('duration_years').notNull().default(4),
  },
  (t) => [index('specialities_faculty_idx').on(t.facultyId)],
);

/** Study groups ('ПИ-1-24'); the course in a year is year - admission_year + 1. */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    specialityId: requiredRef('speciality_id', () => specialities.id),
    educationFormId: requiredRef('education_form_id', () => educationForms.id),
    admissionYear: integer('admission_year').notNull(),
    /** Number of the group within its speciality and admission year. */
    number: smallint('number').notNull(),
  },
  (t) => [index('groups_speciality_idx').on(t.specialityId, t.admissionYear)],
);

/** Streams (potok): groups that attend lectures together. */
export const streams = pgTable('streams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  specialityId: requiredRef('speciality_id', () => specialities.id),
  admissionYear: integer('admission_year').notNull(),
});

export const streamGroups = pgTable(
  'stream_groups',
  {
    streamId: requiredRef('stream_id', () => streams.id, { onDelete: 'cascade' }),
    groupId: requiredRef('group_id', () => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.groupId] }), index('stream_groups_group_idx').on(t.groupId)],
);

/** Rooms with the GPS position used by QR attendance (radius in metres). */
export const auditoria = pgTable(
  'auditoria',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    building: text('building').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    radiusM: integer('radius_m').notNull(),
    capacity: integer('capacity'),
    /** The room's own networks for QR marks (CIDR, IPv4 or IPv6); null or empty: the campus list (QR_ALLOWED_NETWORKS). */
    qrNetworks: text('qr_networks').array(),
  },
  (t) => [unique('auditoria_building_name_uq').on(t.building, t.name)],
);

// Teaching

export const disciplines = pgTable(
  'disciplines',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    ...names,
    departmentId: requiredRef('department_id', () => departments.id),
  },
  (t) => [index('disciplines_department_idx').on(t.departmentId)],
);

/** The study plan: what a cohort (speciality, education form, admission year) studies in a semester. */
export const curriculum = pgTable(
  'curriculum',
  {
    id: serial('id').primaryKey(),
    specialityId: requiredRef('speciality_id', () => specialities.id),
    educationFormId: requiredRef('education_form_id', () => educationForms.id),
    admissionYear: integer('admission_year').notNull(),
    academicYearId: requiredRef('academic_year_id', () => academicYears.id),
    semesterId: requiredRef('semester_id', () => semesters.id),
    disciplineId: requiredRef('discipline_id', () => disciplines.id),
    credits: smallint('credits').notNull(),
    controlFormId: requiredRef('control_form_id', () => controlForms.id),
  },
  (t) => [
    unique('curriculum_row_uq').on(t.specialityId, t.educationFormId, t.admissionYear, t.semesterId, t.disciplineId),
    index('curriculum_year_idx').on(t.academicYearId, t.semesterId),
  ],
);
