/** Periodic clean-up of rows that only grow: ended sessions, old sign-in attempts, idempotency keys past 24 h, unfinished Google sign-ins. */
import type { AppContext } from './context';
import { deleteExpiredRequests } from './modules/auth/google.repository';

export async function housekeeping(ctx: AppContext): Promise<void> {
  await ctx.sessions.purge();
  await ctx.throttle.purge();
  await ctx.idempotency.purge();
  await deleteExpiredRequests(ctx.db, ctx.now());
}

/** Runs housekeeping now and every hour; returns a function that stops it. */
export function scheduleHousekeeping(ctx: AppContext, onError: (err: unknown) => void): () => void {
  const run = () => void housekeeping(ctx).catch(onError);
  run();
  const timer = setInterval(run, 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}
