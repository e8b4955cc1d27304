/**
 * How long a QR mark keeps the student's exact position (docs/security.md#qr-attendance): once its
 * mark is older than QR_POSITION_DAYS, housekeeping clears the latitude, longitude and accuracy;
 * the distance from the room, what reviews and reports need, stays.
 */
import { and, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { qrMarks } from '../../db/schema';

const DAY_MS = 86_400_000;

/** Clears the positions of the marks made before `now` minus `days`; returns how many marks lost theirs. */
export async function forgetOldPositions(db: Db, now: Date, days: number): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  const cleared = await db
    .update(qrMarks)
    .set({ latitude: null, longitude: null, accuracyM: null })
    .where(and(lt(qrMarks.createdAt, before), isNotNull(qrMarks.latitude)))
    .returning({ id: qrMarks.id });
  return cleared.length;
}
