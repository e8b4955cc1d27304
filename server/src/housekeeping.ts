/**
 * Periodic clean-up of rows that only grow: ended sessions, old sign-in attempts, idempotency keys past 24 h, unfinished Google sign-ins;
 * the test attempts left open past their deadline (ended and graded: modules/testing/testing.attempts.ts);
 * and of what is kept only for a while: the positions of QR marks older than QR_POSITION_DAYS; and the stored files'
 * strays (objects without a row deleted, rows without an object reported: plugins/files.sweep.ts).
 */
import type { AppContext } from './context';
import { loggableError } from './db/errors';
import { deleteExpiredRequests } from './modules/auth/google.repository';
import { forgetOldPositions } from './modules/qr/qr.retention';
import { notifyNewWarnings } from './modules/rating/rating.warnings';
import { endExpiredAttempts } from './modules/testing/testing.attempts';

export async function housekeeping(ctx: AppContext, log?: HousekeepingLog): Promise<void> {
  await ctx.sessions.purge();
  await ctx.throttle.purge();
  await ctx.idempotency.purge();
  await deleteExpiredRequests(ctx.db, ctx.now());
  await forgetOldPositions(ctx.db, ctx.now(), ctx.config.qrPositionDays);
  await endExpiredAttempts(ctx);
  const swept = await ctx.files.sweep(ctx.now());
  if (swept.lostRows.length > 0) log?.warn({ fileIds: swept.lostRows }, 'housekeeping: stored files whose bytes are missing');
}

export interface HousekeepingLog {
  warn(obj: unknown, msg?: string): void;
}

/**
 * Runs housekeeping now and every hour, and the rating's warning notifications every hour from an
 * hour after the start; returns a function that stops them. A failure is logged as
 * 'housekeeping failed' with its kind, code and SQL text only: never the statement's parameters
 * (the cut-off times, and whatever a failing row would show) nor the database's message about a row.
 */
export function scheduleHousekeeping(ctx: AppContext, log: HousekeepingLog): () => void {
  const run = () => void housekeeping(ctx, log).catch((err: unknown) => log.warn({ err: loggableError(err) }, 'housekeeping failed'));
  run();
  const timer = setInterval(run, 3_600_000);
  timer.unref();
  // The rating's early warnings not notified yet (modules/rating/rating.warnings.ts): every hour, the first an hour after the start.
  const warnings = setInterval(
    () => void notifyNewWarnings(ctx).catch((err: unknown) => log.warn({ err: loggableError(err) }, 'rating warnings failed')),
    3_600_000,
  );
  warnings.unref();
  return () => {
    clearInterval(timer);
    clearInterval(warnings);
  };
}
