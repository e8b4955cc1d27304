/** Accounts and sessions: users, sessions, sign-in attempts, Google sign-ins under way. */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { requiredRef, tstz } from './columns';
import { faculties } from './academic';
import { students, teachers } from './people';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    /** scrypt hash (see shared/credentials/password-hash.ts); null: the account cannot sign in with a password. */
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
    /** Registrar: handles the single-window orders of his faculty (docs/areas/singlewindow.md#for-users). */
    registrar: boolean('registrar').notNull().default(false),
    /** Administrator of the portal: manages accounts under /lms/admin (docs/areas/admin.md#for-users). */
    admin: boolean('admin').notNull().default(false),
    /** Dean's office of this faculty: the faculty's accounts under /lms/admin (docs/areas/admin.md#for-users). */
    deanFacultyId: integer('dean_faculty_id').references(() => faculties.id, { onDelete: 'set null' }),
    /** The account's own storage quota in MB; null: QUOTA_TEACHER_MB or QUOTA_STUDENT_MB by role. */
    quotaMb: integer('quota_mb'),
    /** OpenID Connect subject of the linked Google account. */
    googleSub: text('google_sub').unique(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    passwordChangedAt: tstz('password_changed_at'),
  },
  (t) => [
    uniqueIndex('users_login_lower_uq').on(sql`lower(${t.login})`),
    check('users_dean_staff_ck', sql`${t.deanFacultyId} is null or ${t.role} = 1`),
    check('users_quota_mb_ck', sql`${t.quotaMb} is null or ${t.quotaMb} between 1 and 10000000`),
    check(
      'users_role_ck',
      sql`(${t.role} = 1 and ${t.teacherId} is not null and ${t.studentId} is null) or (${t.role} = 2 and ${t.studentId} is not null and ${t.teacherId} is null)`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 (hex) of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
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

/**
 * Sign-in, password-change and typed QR code attempts, and look-ups of the public QR card, for
 * throttling (a row is reserved before the check).
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** Lower-cased login (kind login), account id (kinds password, qrcode and upload) or the address (kind card). */
    loginKey: text('login_key').notNull(),
    ip: text('ip').notNull(),
    at: tstz('at').notNull(),
    /** pending until decided, then success or failure. */
    outcome: text('outcome').notNull(),
  },
  (t) => [
    index('login_attempts_key_idx').on(t.kind, t.loginKey, t.at),
    index('login_attempts_at_idx').on(t.at),
    check('login_attempts_kind_ck', sql`${t.kind} in ('login', 'password', 'qrcode', 'card', 'upload')`),
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
