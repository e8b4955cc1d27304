/**
 * News notify the people they address when they come out (docs/areas/notifications.md#for-users): an item
 * posted for now notifies in its own transaction; a scheduled one is taken by the next sweep after
 * its publication time, which every server process runs every PUBLISH_SWEEP_MS (the claim takes an
 * item once, whichever process comes first).
 */
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { loggableError } from '../../db/errors';
import { notify } from '../../shared/notifications';
import * as repo from './news.repository';

/** How often the processes look for scheduled items that have come out. */
export const PUBLISH_SWEEP_MS = 15_000;

/**
 * Notifies the people of the items out by now and not yet notified (`id`: that item only), in the
 * caller's transaction: an item addressed to one faculty notifies its people (never its author).
 */
export async function notifyPublished(ctx: AppContext, tx: Db, id?: number): Promise<number> {
  const items = await repo.claimPublished(tx, ctx.now(), id);
  for (const item of items) {
    if (item.facultyId === null) continue;
    await notify(tx, ctx.live, {
      userIds: (await repo.accountsOfFaculty(tx, item.facultyId, item.audience)).filter((u) => u !== item.authorUserId),
      kind: 'news.addressed',
      params: { id: item.id },
      link: `/news?item=${item.id}`,
    });
  }
  return items.length;
}

/** One sweep in its own transaction. */
export function publishDue(ctx: AppContext): Promise<number> {
  return ctx.db.transaction((tx) => notifyPublished(ctx, tx));
}

export interface PublisherLog {
  warn(obj: unknown, msg?: string): void;
}

/** Runs the sweep now and every PUBLISH_SWEEP_MS; returns a function that stops it. */
export function schedulePublications(ctx: AppContext, log: PublisherLog): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    publishDue(ctx)
      .catch((err: unknown) => log.warn({ err: loggableError(err) }, 'news notifications failed'))
      .finally(() => (running = false));
  };
  run();
  const timer = setInterval(run, PUBLISH_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
