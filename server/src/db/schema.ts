/**
 * The university's database (PostgreSQL dialect, used on PGlite and on PostgreSQL alike).
 * Change this file, then run `npm run db:generate` to write a new migration under ./migrations;
 * migrations are committed and never edited after they land.
 *
 * Multilingual names are three columns: name_kg, name_ru, name_en.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** bytea as a Buffer on both drivers (PGlite returns Uint8Array, node-postgres Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const names = {
  nameKg: text('name_kg').notNull(),
  nameRu: text('name_ru').notNull(),
  nameEn: text('name_en').notNull(),
};

// ---------------------------------------------------------------------------------------------
// Reference data

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
  workingSemesterId: integer('working_semester_id')
    .notNull()
    .references(() => workingSemesters.id),
});

/** Pairs of the timetable: number, start and end (local time). */
export const lessonTimes = pgTable('lesson_times', {
  id: integer('id').primaryKey(),
  startsAt: time('starts_at').notNull(),
  endsAt: time('ends_at').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Structure

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
    facultyId: integer('faculty_id')
      .notNull()
      .references(() => faculties.id),
    ...names,
  },
  (t) => [index('departments_faculty_idx').on(t.facultyId)],
);

export const specialities = pgTable(
  'specialities',
  {
    id: serial('id').primaryKey(),
    facultyId: integer('faculty_id')
      .notNull()
      .references(() => faculties.id),
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
    specialityId: integer('speciality_id')
      .notNull()
      .references(() => specialities.id),
    educationFormId: integer('education_form_id')
      .notNull()
      .references(() => educationForms.id),
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
  specialityId: integer('speciality_id')
    .notNull()
    .references(() => specialities.id),
  admissionYear: integer('admission_year').notNull(),
});

export const streamGroups = pgTable(
  'stream_groups',
  {
    streamId: integer('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
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
  },
  (t) => [unique('auditoria_building_name_uq').on(t.building, t.name)],
);

// ---------------------------------------------------------------------------------------------
// People

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
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id),
  },
  (t) => [index('teachers_department_idx').on(t.departmentId), check('teachers_gender_ck', sql`${t.gender} in ('m', 'f')`)],
);

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    ...person,
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    /** Student number (record book). */
    code: text('code').notNull().unique(),
    admissionYear: integer('admission_year').notNull(),
    educationFormId: integer('education_form_id')
      .notNull()
      .references(() => educationForms.id),
    /** 1 or 2: the half of the group in laboratory classes. */
    subgroup: smallint('subgroup').notNull().default(1),
  },
  (t) => [
    index('students_group_idx').on(t.groupId),
    check('students_gender_ck', sql`${t.gender} in ('m', 'f')`),
    check('students_subgroup_ck', sql`${t.subgroup} in (1, 2)`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Teaching

export const disciplines = pgTable(
  'disciplines',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    ...names,
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
  },
  (t) => [index('disciplines_department_idx').on(t.departmentId)],
);

/** The study plan: what a cohort (speciality, education form, admission year) studies in a semester. */
export const curriculum = pgTable(
  'curriculum',
  {
    id: serial('id').primaryKey(),
    specialityId: integer('speciality_id')
      .notNull()
      .references(() => specialities.id),
    educationFormId: integer('education_form_id')
      .notNull()
      .references(() => educationForms.id),
    admissionYear: integer('admission_year').notNull(),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    credits: smallint('credits').notNull(),
    controlFormId: integer('control_form_id')
      .notNull()
      .references(() => controlForms.id),
  },
  (t) => [
    unique('curriculum_row_uq').on(t.specialityId, t.educationFormId, t.admissionYear, t.semesterId, t.disciplineId),
    index('curriculum_year_idx').on(t.academicYearId, t.semesterId),
  ],
);

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
  },
  (t) => [
    index('teaching_teacher_idx').on(t.teacherId, t.academicYearId, t.workingSemesterId),
    index('teaching_group_idx').on(t.groupId, t.academicYearId, t.workingSemesterId),
    index('teaching_stream_idx').on(t.streamId, t.academicYearId, t.workingSemesterId),
    check('teaching_subgroup_ck', sql`${t.subgroup} in (0, 1, 2)`),
    check('teaching_target_ck', sql`(${t.groupId} is null) <> (${t.streamId} is null)`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Accounts and sessions

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    /** scrypt hash (see modules/auth/password.ts); null: the account cannot sign in with a password. */
    passwordHash: text('password_hash'),
    role: smallint('role').notNull(),
    teacherId: integer('teacher_id')
      .unique()
      .references(() => teachers.id),
    studentId: integer('student_id')
      .unique()
      .references(() => students.id),
    /** LOG_PAS: the login and password must be changed before anything else. */
    mustUpdateCredentials: boolean('must_update_credentials').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    newsPerms: boolean('news_perms').notNull().default(false),
    /** OpenID Connect subject of the linked Google account. */
    googleSub: text('google_sub').unique(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    passwordChangedAt: tstz('password_changed_at'),
  },
  (t) => [
    uniqueIndex('users_login_lower_uq').on(sql`lower(${t.login})`),
    check('users_role_ck', sql`(${t.role} = 1 and ${t.teacherId} is not null and ${t.studentId} is null) or (${t.role} = 2 and ${t.studentId} is not null and ${t.teacherId} is null)`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 (hex) of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull(),
    lastSeenAt: tstz('last_seen_at').notNull(),
    /** Absolute end of life. */
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    via: text('via').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), check('sessions_via_ck', sql`${t.via} in ('password', 'google')`)],
);

/** Sign-in and password-change attempts, for throttling (a row is reserved before the check). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** Lower-cased login (kind login) or account id (kind password). */
    loginKey: text('login_key').notNull(),
    ip: text('ip').notNull(),
    at: tstz('at').notNull(),
    /** pending until decided, then success or failure. */
    outcome: text('outcome').notNull(),
  },
  (t) => [
    index('login_attempts_key_idx').on(t.kind, t.loginKey, t.at),
    index('login_attempts_at_idx').on(t.at),
    check('login_attempts_kind_ck', sql`${t.kind} in ('login', 'password')`),
    check('login_attempts_outcome_ck', sql`${t.outcome} in ('pending', 'success', 'failure')`),
  ],
);

/** OpenID Connect sign-ins under way: state (hashed), nonce and PKCE verifier, for 10 minutes. */
export const oidcRequests = pgTable(
  'oidc_requests',
  {
    stateHash: text('state_hash').primaryKey(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** Set when a signed-in user links a Google account. */
    linkUserId: integer('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('oidc_requests_expires_idx').on(t.expiresAt)],
);

// ---------------------------------------------------------------------------------------------
// Site

/** Key/value settings: university_name_{kg,ru,en}, logo_url, logo_width, logo_fontsize... */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Side-menu entries that open an external URL; a key without a row is hidden. */
export const menuLinks = pgTable('menu_links', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  url: text('url').notNull(),
  /** Roles that see the entry (1 teacher, 2 student). */
  roles: smallint('roles').array().notNull(),
});

/** The apps panel (dinurls): the university's other services. */
export const appLinks = pgTable('app_links', {
  id: serial('id').primaryKey(),
  ...names,
  url: text('url').notNull(),
  icon: text('icon').notNull(),
  sort: smallint('sort').notNull().default(0),
});

/** Seed steps already applied to this database (see db/seed). */
export const seedSteps = pgTable('seed_steps', {
  name: text('name').primaryKey(),
  appliedAt: tstz('applied_at').notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Files, news and chat

/**
 * Uploaded files (news, chat, later the library): the bytes live in DATA_DIR/files under a random
 * storage name; the user's file name is only metadata, never a path.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    storageName: text('storage_name').notNull().unique(),
    originalName: text('original_name').notNull(),
    /** Type sniffed from the content (never the browser's claim). */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerUserId), check('files_size_ck', sql`${t.size} >= 0`)],
);

/** News items (id_eventMessage), addressed to everyone, teachers or students, optionally one faculty. */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    /** 0 everyone, 1 teachers, 2 students. */
    audience: smallint('audience').notNull().default(0),
    /** Only people of this faculty (students of its groups, teachers of its departments). */
    facultyId: integer('faculty_id').references(() => faculties.id),
    /** Pinned items stay on top of the feed. */
    pinned: boolean('pinned').notNull().default(false),
    /** Readers see the item from this moment (a post can be scheduled). */
    publishAt: tstz('publish_at').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('news_feed_idx').on(t.pinned, t.publishAt),
    index('news_author_idx').on(t.authorUserId),
    check('news_audience_ck', sql`${t.audience} in (0, 1, 2)`),
  ],
);

export const newsFiles = pgTable(
  'news_files',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.fileId] }), index('news_files_file_idx').on(t.fileId)],
);

/** Who has seen a news item (for "read by N of M"). */
export const newsReads = pgTable(
  'news_reads',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: tstz('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.userId] })],
);

/**
 * Chat messages: one-to-one (recipient_user_id) or to a group's chat about a discipline
 * (group_id + discipline_id). The discipline, year and working semester record where it was written.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id),
    recipientUserId: integer('recipient_user_id').references(() => users.id),
    groupId: integer('group_id').references(() => groups.id),
    disciplineId: integer('discipline_id').references(() => disciplines.id),
    academicYearId: integer('academic_year_id').references(() => academicYears.id),
    workingSemesterId: integer('working_semester_id').references(() => workingSemesters.id),
    message: text('message').notNull(),
    fileId: integer('file_id').references(() => files.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** One-to-one messages: when the recipient read it. */
    readAt: tstz('read_at'),
  },
  (t) => [
    index('chat_pair_idx').on(t.senderUserId, t.recipientUserId, t.id),
    index('chat_inbox_idx').on(t.recipientUserId, t.readAt),
    index('chat_group_idx').on(t.groupId, t.disciplineId, t.id),
    check('chat_target_ck', sql`(${t.recipientUserId} is null) <> (${t.groupId} is null)`),
    check('chat_group_discipline_ck', sql`${t.groupId} is null or ${t.disciplineId} is not null`),
  ],
);

/** How far each member has read a group chat (unread = later messages by others). */
export const chatGroupReads = pgTable(
  'chat_group_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id, { onDelete: 'cascade' }),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId, t.disciplineId] })],
);
