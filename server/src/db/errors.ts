/** Recognises failures that mean "the database is unreachable or overloaded" (answered with 503). */

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '08000', // connection_exception
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout)
  '57P01', // admin_shutdown
  '57P02',
  '57P03', // cannot_connect_now
  '25P03', // idle_in_transaction_session_timeout
]);

const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /pglite is closed/i,
  /Cannot use a pool after calling end/i,
  // node-postgres, on a client whose connection was just lost
  /is not queryable/i,
  /Connection closed/i,
  // node-postgres: no answer within the request's time (db/client.ts, requestDeadline)
  /Query read timeout/i,
];

/** The database did not answer in time (as opposed to refusing or being gone). */
export function isDatabaseSlow(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === '57014') return true;
    if (typeof message === 'string' && /Query read timeout|timeout exceeded when trying to connect/i.test(message)) return true;
  }
  return false;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(message))) return true;
  }
  return false;
}

/** PostgreSQL unique violation (e.g. a login taken by a concurrent request). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/**
 * PostgreSQL data exceptions (class 22: a number out of range, text that is not a valid date or
 * number...): the value came from the request, so the request is bad (answered with 400).
 */
export function isDataException(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/**
 * PostgreSQL integrity constraint violations (class 23) that a request can cause: 'conflict' when
 * the data collides with what is stored (a unique or exclusion violation, a row still referenced),
 * 'bad' when the request names something that does not exist or breaks a rule (foreign key, not
 * null, check). Null for anything else.
 */
export function integrityViolation(err: unknown): 'conflict' | 'bad' | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code !== 'string' || !/^23[0-9A-Z]{3}$/.test(code)) continue;
    if (code === '23505' || code === '23P01') return 'conflict';
    // A delete or update of a row that others still point at (PostgreSQL says "still referenced").
    if (code === '23503' && typeof message === 'string' && /^update or delete on table/i.test(message)) return 'conflict';
    return 'bad';
  }
  return null;
}

/**
 * What an error log may keep of a failure: its kind, code, the SQL text with placeholders and the
 * constraint it hit, never the values (query parameters, PostgreSQL's `detail` and messages quoting
 * the input), which may be user text or personal data.
 */
export function loggableError(err: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let target = out;
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as {
      name?: unknown;
      code?: unknown;
      message?: unknown;
      stack?: unknown;
      query?: unknown;
      constraint?: unknown;
      table?: unknown;
      column?: unknown;
      routine?: unknown;
      severity?: unknown;
    };
    const isDriverError = typeof x.severity === 'string' || typeof x.routine === 'string';
    target.type = typeof x.name === 'string' ? x.name : typeof e;
    if (typeof x.code === 'string') target.code = x.code;
    if (typeof x.query === 'string') target.query = x.query;
    else if (typeof x.message === 'string' && !isDriverError) target.message = x.message.split('\nparams:')[0];
    for (const key of ['constraint', 'table', 'column', 'routine'] as const) if (typeof x[key] === 'string') target[key] = x[key];
    if (depth === 0 && typeof x.stack === 'string')
      target.stack = x.stack
        .split('\n')
        .filter((l) => /^\s+at /.test(l))
        .slice(0, 10)
        .join('\n');
    const cause = (e as { cause?: unknown }).cause;
    if (!cause) break;
    target = target.cause = {} as Record<string, unknown>;
  }
  return out;
}
