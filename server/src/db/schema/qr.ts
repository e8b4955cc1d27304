/**
 * QR attendance and the QR student card: the signing secret of attendance tokens, attendance
 * sessions (a timetable entry held on a date), the marks students send (accepted, waiting for the
 * teacher's review, or rejected), the public card tokens, the students' orders the card lists, and
 * the secret links of personal calendar feeds. Accepted marks are journal visit records (journal.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, doublePrecision, index, integer, pgTable, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { bytea, names, requiredRef, tstz } from './columns';
import { users } from './auth';
import { journalVisits } from './journal';
import { scheduleEntries } from './schedule';
import { students, teachers } from './people';

/** The HMAC key of attendance tokens: one row, made on first use, shared by every server process. */
export const qrSecrets = pgTable(
  'qr_secrets',
  {
    id: smallint('id').primaryKey(),
    secret: bytea('secret').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [check('qr_secrets_one_ck', sql`${t.id} = 1`)],
);

/**
 * An attendance session: the teacher holds timetable entry `schedule_entry_id` on `lesson_date`;
 * marks are taken from opens_at to closes_at unless closed earlier. A make-up session is one opened
 * outside the lesson's scheduled time (it lasts one pair from its opening).
 */
export const qrSessions = pgTable(
  'qr_sessions',
  {
    id: serial('id').primaryKey(),
    scheduleEntryId: requiredRef('schedule_entry_id', () => scheduleEntries.id, { onDelete: 'cascade' }),
    lessonDate: date('lesson_date').notNull(),
    teacherId: requiredRef('teacher_id', () => teachers.id),
    opensAt: tstz('opens_at').notNull(),
    closesAt: tstz('closes_at').notNull(),
    makeup: boolean('makeup').notNull().default(false),
    closedAt: tstz('closed_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [unique('qr_sessions_lesson_uq').on(t.scheduleEntryId, t.lessonDate), index('qr_sessions_teacher_idx').on(t.teacherId, t.lessonDate)],
);

/**
 * A student's mark in a session, one at most. 'accepted' marks have their journal visit record;
 * 'review' marks wait for the teacher (reason 'device': the device marked another student in the
 * session; 'distance': outside the room's radius; 'accuracy': a reading too imprecise to place;
 * 'precision': a precision implausible indoors; 'address': the network address marked another
 * student in the session; 'network': from outside the university's networks); 'rejected' ones were
 * refused by the teacher; 'expired' ones waited longer than QR_REVIEW_EXPIRES_HOURS and count as absent.
 */
export const qrMarks = pgTable(
  'qr_marks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: requiredRef('session_id', () => qrSessions.id, { onDelete: 'cascade' }),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    reason: text('reason'),
    /** The reported position: null once older than QR_POSITION_DAYS (housekeeping keeps only the distance). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyM: doublePrecision('accuracy_m'),
    distanceM: doublePrecision('distance_m').notNull(),
    /** SHA-256 (hex) of the device cookie the mark came with. */
    device: text('device').notNull(),
    /** 'token' (scanned) or 'code' (typed). */
    via: text('via').notNull(),
    /** The client's network address the mark came from. */
    ip: text('ip'),
    visitId: bigint('visit_id', { mode: 'number' }).references(() => journalVisits.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    decidedAt: tstz('decided_at'),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('qr_marks_student_uq').on(t.sessionId, t.studentId),
    index('qr_marks_device_idx').on(t.sessionId, t.device),
    index('qr_marks_student_idx').on(t.studentId),
    index('qr_marks_ip_idx').on(t.sessionId, t.ip),
    index('qr_marks_review_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'review'`),
    check('qr_marks_status_ck', sql`${t.status} in ('accepted', 'review', 'rejected', 'expired')`),
    check('qr_marks_reason_ck', sql`${t.reason} is null or ${t.reason} in ('device', 'distance', 'accuracy', 'precision', 'address', 'network')`),
    check('qr_marks_via_ck', sql`${t.via} in ('token', 'code')`),
  ],
);

/**
 * Staff who may read the QR attendance reports of every group (the dean's office; the report
 * permission, beside library_editors): a row per account. Other teachers see their own groups only.
 */
export const qrReportViewers = pgTable('qr_report_viewers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
});

/** The public card link of a student: an unguessable token; a new one replaces (revokes) the old. */
export const qrCardTokens = pgTable('qr_card_tokens', {
  studentId: integer('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** Orders concerning a student (enrolment, transfer to the next year…), listed on the card. */
export const studentOrders = pgTable(
  'student_orders',
  {
    id: serial('id').primaryKey(),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    orderDate: date('order_date').notNull(),
    ...names,
  },
  (t) => [index('student_orders_student_idx').on(t.studentId, t.orderDate)],
);

/** The secret link of a user's calendar feed; a new one replaces (revokes) the old. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull().unique(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/**
 * A phone's device key for QR marks, registered once per student and device: the public half of an
 * ECDSA P-256 key pair whose private half the browser keeps, not extractable, in IndexedDB (it
 * survives a cleared cookie). `key_id` is the SHA-256 of the raw public key (hex), the device
 * identity a mark signed with the key carries; the same key registered by two students is one phone.
 */
export const qrDeviceKeys = pgTable(
  'qr_device_keys',
  {
    id: serial('id').primaryKey(),
    keyId: text('key_id').notNull(),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    /** The raw uncompressed public key (65 bytes), base64url. */
    publicKey: text('public_key').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('qr_device_keys_key_student_uq').on(t.keyId, t.studentId),
    // A batch of marks reads the keys of its students (qr.mark.repository.ts): by student, not by key.
    index('qr_device_keys_student_idx').on(t.studentId),
    check('qr_device_keys_key_id_ck', sql`${t.keyId} ~ '^[0-9a-f]{64}$'`),
  ],
);
