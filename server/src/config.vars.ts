/**
 * The server's settings: each environment variable with its default, its meaning (the README and
 * docs/configuration.md table) and its parser. server/src/config.ts reads and validates them.
 */
import { PASSWORD_MIN_DEFAULT, PASSWORD_MIN_FLOOR } from '@contract/password-policy';
import { CARD_FIELDS, type CardField } from '@contract/personalcard';
import {
  Invalid,
  v,
  int,
  text,
  bool,
  uploaderList,
  optionalText,
  cidrList,
  addressList,
  optionalSecret,
  httpUrl,
  optionalPostgresUrl,
  databasePooler,
  logLevel,
  logFormat,
  paymentProvider,
  sharedAddressRule,
  trustProxy,
  claimName,
  oidcScope,
  type VarSpec,
} from './config.values';

/** The documented variables, in README order. */
export const VARS = {
  port: v('PORT', '8080', 'TCP port of the HTTP server.', int(1, 65535)),
  host: v(
    'HOST',
    '127.0.0.1',
    'Address the server listens on: this machine only by default, as the demo accounts have published passwords; `0.0.0.0` (or `::`) accepts other machines, e.g. behind a proxy on another host or in a container.',
    text,
  ),
  dataDir: v('DATA_DIR', './data', 'Directory of the embedded database (DATA_DIR/pglite) and of uploaded files (DATA_DIR/files).', text),
  databaseUrl: v(
    'DATABASE_URL',
    undefined,
    'postgres://user:password@host:5432/db to use PostgreSQL; unset: embedded PGlite in DATA_DIR/pglite.',
    optionalPostgresUrl,
  ),
  databasePooler: v(
    'DATABASE_POOLER',
    'none',
    'What DATABASE_URL leads to: none (PostgreSQL itself, or a pooler in session mode) or transaction (a pooler in transaction mode, e.g. PgBouncer: no named prepared statements, no connection settings; needs DATABASE_LISTEN_URL).',
    databasePooler,
  ),
  databaseListenUrl: v(
    'DATABASE_LISTEN_URL',
    undefined,
    'A direct (session-level) connection to the same database for LISTEN (live events, cache invalidation) and the lock of migrations and seeding; unset: DATABASE_URL.',
    optionalPostgresUrl,
  ),
  databaseReplicaUrl: v(
    'DATABASE_REPLICA_URL',
    undefined,
    "A streaming replica of the database for the reads that may lag a few seconds (news pages, the library's search and book lists); unset: every read from DATABASE_URL.",
    optionalPostgresUrl,
  ),
  databaseReplicaMaxLagMs: v(
    'DATABASE_REPLICA_MAX_LAG_MS',
    '5000',
    'The most the replica may be behind for those reads to use it (checked every second); further behind, or down, they read DATABASE_URL.',
    int(0, 600000),
  ),
  uploadLimitMb: v('UPLOAD_LIMIT_MB', '25', 'Largest accepted upload in MB (sent to the client as maxSizeMb).', int(1, 1024)),
  libraryUploaders: v(
    'LIBRARY_UPLOADERS',
    'teacher,library',
    'Who may add books to the library, a comma list of teacher, student and library (staff with the library permission, whatever their role).',
    uploaderList,
  ),
  uploadsPerMinute: v(
    'UPLOADS_PER_MINUTE',
    '10',
    'Uploads one account may make within a minute (library and teaching materials, counted across server processes) before 429.',
    int(1, 10000),
  ),
  quotaTeacherMb: v(
    'QUOTA_TEACHER_MB',
    '2048',
    "Storage one teacher's uploads may take, in MB, unless an administrator set the account's own quota.",
    int(1, 10_000_000),
  ),
  quotaStudentMb: v(
    'QUOTA_STUDENT_MB',
    '200',
    "Storage one student's uploads may take, in MB, unless an administrator set the account's own quota.",
    int(1, 10_000_000),
  ),
  freeSpaceFloorMb: v(
    'FREE_SPACE_FLOOR_MB',
    '1024',
    'Free space the disk of DATA_DIR/files keeps (files on the disk only, not with FILES_S3_BUCKET): below it new uploads are refused (507) and /api/health reports storage "low" (0: never).',
    int(0, 10_000_000),
  ),
  filesS3Endpoint: v(
    'FILES_S3_ENDPOINT',
    undefined,
    'S3-compatible endpoint of the files bucket (e.g. http://minio:9000); unset: the AWS endpoint of the region.',
    (raw) => (raw === undefined ? null : httpUrl(raw)),
  ),
  filesS3Bucket: v(
    'FILES_S3_BUCKET',
    undefined,
    'Bucket that stores uploaded files instead of DATA_DIR/files; set it (and one database) when several server machines share the files.',
    optionalText,
  ),
  filesS3Region: v('FILES_S3_REGION', 'us-east-1', 'Region of the files bucket.', text),
  filesS3AccessKeyId: v('FILES_S3_ACCESS_KEY_ID', undefined, "Access key of the files bucket (unset: the SDK's default credentials).", optionalText),
  filesS3SecretAccessKey: v('FILES_S3_SECRET_ACCESS_KEY', undefined, 'Secret key of the files bucket.', optionalText),
  filesS3ForcePathStyle: v(
    'FILES_S3_FORCE_PATH_STYLE',
    'true',
    'Path-style bucket addresses (endpoint/bucket/key), as MinIO and most S3-compatible stores need.',
    bool,
  ),
  filesS3QuotaMb: v(
    'FILES_S3_QUOTA_MB',
    '0',
    'With a bucket: the total size its files may take (the sum kept in the database); at it new uploads are refused (507) and /api/health reports storage "low" (0: no limit).',
    int(0, 1_000_000_000),
  ),
  sessionIdleMinutes: v('SESSION_IDLE_MINUTES', '30', 'A session ends after this many minutes without a request.', int(1, 7 * 24 * 60)),
  sessionAbsoluteHours: v('SESSION_ABSOLUTE_HOURS', '12', 'A session ends this many hours after sign-in, whatever the activity.', int(1, 24 * 30)),
  sessionCacheMs: v(
    'SESSION_CACHE_MS',
    '5000',
    'How long a server process may reuse a checked session before reading it again (0: every request reads it); a change to the session or its account ends the reuse at once.',
    int(0, 60000),
  ),
  sessionCacheSize: v('SESSION_CACHE_SIZE', '10000', 'Sessions a server process keeps checked at most (the oldest leave first).', int(1, 1000000)),
  replyCacheMs: v(
    'REPLY_CACHE_MS',
    '10000',
    "How long a server process may reuse the reply of a frequent read (the profile, a page of the news feed, a group's week of the timetable) before reading it again (0: every call reads); a change to what it was read from ends the reuse at once.",
    int(0, 60000),
  ),
  passwordMinLength: v(
    'PASSWORD_MIN_LENGTH',
    String(PASSWORD_MIN_DEFAULT),
    `Minimum length of a new password (${PASSWORD_MIN_FLOOR} at least).`,
    int(PASSWORD_MIN_FLOOR, 128),
  ),
  throttleWindowMinutes: v('LOGIN_THROTTLE_WINDOW_MINUTES', '5', 'Window in which failed sign-ins are counted.', int(1, 24 * 60)),
  throttlePerAddress: v('LOGIN_THROTTLE_PER_ADDRESS', '10', 'Failed sign-ins for one account from one address within the window before 429.', int(1, 10000)),
  throttlePerAccount: v('LOGIN_THROTTLE_PER_ACCOUNT', '20', 'Failed sign-ins for one account from all addresses within the window before 429.', int(1, 10000)),
  throttlePerHour: v('LOGIN_THROTTLE_PER_HOUR', '100', 'Failed sign-ins for one account within an hour before 429.', int(1, 100000)),
  passwordChangePerMinute: v('PASSWORD_CHANGE_THROTTLE', '3', 'Wrong current passwords in a password change within a minute before 429.', int(1, 1000)),
  trustProxy: v(
    'TRUST_PROXY',
    'false',
    'Trust X-Forwarded-* headers: false, true, a number of hops or a comma list of proxy addresses (needed for Secure cookies and HSTS behind HTTPS).',
    trustProxy,
  ),
  publicUrl: v(
    'PUBLIC_URL',
    undefined,
    "Public origin of the portal (https://lms.example.edu): the address in the verification QR codes of transcripts and certificates (none are issued without it; npm start's demo sets its own address), the Google and university provider redirect URIs and the origin check (default http://localhost:PORT for these two).",
    (raw) => (raw === undefined ? null : httpUrl(raw)),
  ),
  googleClientId: v('GOOGLE_CLIENT_ID', undefined, 'OAuth client id; Google sign-in is on when this and the secret are set.', optionalText),
  googleClientSecret: v('GOOGLE_CLIENT_SECRET', undefined, 'OAuth client secret.', optionalText),
  googleIssuer: v('GOOGLE_ISSUER', 'https://accounts.google.com', 'OpenID Connect issuer (discovery at ISSUER/.well-known/openid-configuration).', httpUrl),
  oidcIssuer: v(
    'OIDC_ISSUER',
    undefined,
    "The university's OpenID Connect provider (Keycloak, Microsoft Entra ID...): its issuer URL (discovery at ISSUER/.well-known/openid-configuration); sign-in through it is on when this, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set.",
    (raw) => (raw === undefined ? null : httpUrl(raw)),
  ),
  oidcClientId: v('OIDC_CLIENT_ID', undefined, "The portal's client id at that provider.", optionalText),
  oidcClientSecret: v('OIDC_CLIENT_SECRET', undefined, "The portal's client secret at that provider.", optionalText),
  oidcClaim: v(
    'OIDC_CLAIM',
    'email',
    "The ID token's claim an account is matched by: email (the e-mail of the account's teacher or student; a token whose email_verified is false is refused) or the name of the claim that carries the student number (matched against the student's number, e.g. student_number).",
    claimName,
  ),
  oidcScope: v(
    'OIDC_SCOPE',
    'openid email',
    'Scopes asked of that provider (openid among them): those that put the OIDC_CLAIM claim into the ID token.',
    oidcScope,
  ),
  oidcName: v(
    'OIDC_NAME',
    undefined,
    'Name of that provider on the sign-in button (e.g. the university account), in every language; unset: a general name.',
    optionalText,
  ),
  oidcNameRu: v('OIDC_NAME_RU', undefined, "The button's name in Russian, instead of OIDC_NAME.", optionalText),
  oidcNameEn: v('OIDC_NAME_EN', undefined, "The button's name in English, instead of OIDC_NAME.", optionalText),
  oidcNameKg: v('OIDC_NAME_KG', undefined, "The button's name in Kyrgyz, instead of OIDC_NAME.", optionalText),
  dbPoolMax: v('DB_POOL_MAX', '10', 'PostgreSQL: connections in the pool.', int(1, 1000)),
  dbStatementTimeoutMs: v(
    'DB_STATEMENT_TIMEOUT_MS',
    '15000',
    'PostgreSQL: statement_timeout (and idle_in_transaction_session_timeout) of each connection (not sent with DATABASE_POOLER=transaction: set them on the database role).',
    int(100, 3600000),
  ),
  dbConnectionTimeoutMs: v('DB_CONNECTION_TIMEOUT_MS', '5000', 'PostgreSQL: wait for a free pool connection before answering 503.', int(100, 600000)),
  dbRequestTimeoutMs: v(
    'DB_REQUEST_TIMEOUT_MS',
    '4500',
    "PostgreSQL: a request's whole wait for the database (a pool connection and every statement) before it answers 503; the time its body takes to arrive is not counted; 0: unbounded.",
    int(0, 3600000),
  ),
  workers: v(
    'WORKERS',
    undefined,
    'Server processes sharing the port, with DATABASE_URL (default: the number of CPU cores); always 1 with the embedded PGlite.',
    (raw) => (raw === undefined ? null : int(1, 256)(raw)),
  ),
  bodyIdleTimeoutMs: v(
    'BODY_IDLE_TIMEOUT_MS',
    '30000',
    'A request whose body stops arriving for this long is answered 408 and its connection closed (0: never).',
    int(0, 3600000),
  ),
  bodyTimeoutMs: v(
    'BODY_TIMEOUT_MS',
    undefined,
    'A request whose body has not arrived whole this long after the request began is answered 408 and its connection closed, however steadily it trickles (default: UPLOAD_LIMIT_MB at 100 KB/s, at least 60 s; 0: never).',
    (raw) => (raw === undefined ? null : int(0, 86400000)(raw)),
  ),
  shutdownGraceMs: v('SHUTDOWN_GRACE_MS', '10000', 'On SIGTERM/SIGINT: time given to requests in flight before the process exits.', int(0, 600000)),
  shutdownDrainMs: v(
    'SHUTDOWN_DRAIN_MS',
    '0',
    'On SIGTERM/SIGINT, before SHUTDOWN_GRACE_MS: time the server keeps serving while GET /api/ready answers 503, so that a load balancer takes it out first (behind one: at least its check interval times its fall count).',
    int(0, 600000),
  ),
  documentValidDays: v(
    'DOCUMENT_VALID_DAYS',
    '365',
    "Days a transcript's verification QR code confirms it; after them the verification page says it expired.",
    int(1, 3660),
  ),
  journalGraceDays: v(
    'JOURNAL_GRACE_DAYS',
    '14',
    "Days after a half-year's end during which teachers may still write into its journals; after them the half-year is read-only (unless the reference editor's half-year periods set its last day of marks).",
    int(0, 366),
  ),
  journalReopenLogins: v(
    'JOURNAL_REOPEN_LOGINS',
    undefined,
    'Comma list of the logins that may still write into the journals of a closed half-year (reopen it); empty: nobody.',
    (raw) =>
      (raw ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
  ),
  personalCardEditable: v(
    'PERSONAL_CARD_EDITABLE',
    'phone,email',
    'Comma list of the personal card fields an owner may edit himself (phone, email); none: no field.',
    (raw): CardField[] => {
      const items = (raw ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter((s) => s && s !== 'none');
      for (const item of items) if (!(CARD_FIELDS as readonly string[]).includes(item)) throw new Invalid(`expected phone, email or none, got '${item}'`);
      return [...new Set(items)] as CardField[];
    },
  ),
  ratingWarnAbsencesPct: v(
    'RATING_WARN_ABSENCES_PCT',
    '25',
    "The rating's early warning: a student absent ('н/б') from at least this share (%) of a discipline's lessons of the half-year is at risk; 0: never.",
    int(0, 100),
  ),
  ratingWarnPointsPct: v(
    'RATING_WARN_POINTS_PCT',
    '50',
    "The rating's early warning: a student whose points in a discipline (the mean of his marks as a share of the journal's scale) are under this (0–100) is at risk; 0: never.",
    int(0, 100),
  ),
  gradingAdmissionMinPoints: v(
    'GRADING_ADMISSION_MIN_POINTS',
    '30',
    "Module points (of the grading sheet's 60) a student needs to be admitted to the exam; below them the sheet takes no exam points for him.",
    int(0, 60),
  ),
  qrPositionDays: v(
    'QR_POSITION_DAYS',
    '30',
    "Days a QR mark keeps the student's reported position (latitude, longitude, accuracy); after them housekeeping clears it and only the distance from the room stays.",
    int(1, 3660),
  ),
  qrAllowedNetworks: v(
    'QR_ALLOWED_NETWORKS',
    undefined,
    "Comma list of the university's networks (CIDR, IPv4 or IPv6, e.g. 10.0.0.0/8,2001:db8::/32): a QR mark from another address goes to the teacher's review; empty: off.",
    cidrList,
  ),
  qrSharedAddress: v(
    'QR_SHARED_ADDRESS',
    'with-signs',
    "A QR mark from a network address that already marked another student of the lesson: with-signs (it goes to the teacher's review, reason address, only when another sign does too: a position outside the room or too imprecise or too precise, an address outside the allowed networks; a class on one Wi-Fi behind NAT shares one address), always (it goes to review on its own) or off (never a reason).",
    sharedAddressRule,
  ),
  qrReviewExpiresHours: v(
    'QR_REVIEW_EXPIRES_HOURS',
    '168',
    "Hours a QR mark waits for the teacher's review; after them it expires into an absence (the student sees it) and no longer blocks a new mark.",
    int(1, 8760),
  ),
  paymentProvider: v(
    'PAYMENT_PROVIDER',
    undefined,
    'Card payment provider: sandbox (the built-in test bank: no money moves, its published test card pays; npm start sets it for the demo unless PAYMENT_PROVIDER is given) or none; unset or none: card payment is off and the sandbox pages answer 404 (docs/payments.md).',
    paymentProvider,
  ),
  metricsToken: v(
    'METRICS_TOKEN',
    undefined,
    'A secret of at least 16 characters: a scraper that sends it (`Authorization: Bearer TOKEN`) may read /metrics from any address; unset: no token opens it.',
    optionalSecret,
  ),
  metricsAllow: v(
    'METRICS_ALLOW',
    '127.0.0.1,::1',
    'Addresses and CIDR networks that may read /metrics without the token, a comma list (this machine by default); none: only with the token. A request that came through a proxy (X-Forwarded-For or Forwarded) needs the token.',
    addressList,
  ),
  logLevel: v('LOG_LEVEL', 'info', 'fatal, error, warn, info, debug, trace or silent.', logLevel),
  logFormat: v(
    'LOG_FORMAT',
    'auto',
    '`json`: one JSON object a line (every request one line, with its `reqId`, also returned as `X-Request-Id`), for a log collector; `pretty`: readable lines for a person, requests only when the server failed them; `auto`: pretty when standard output is a terminal (the demo), else JSON.',
    logFormat,
  ),
} satisfies Record<string, VarSpec<unknown>>;
