/** A server secret for a purpose (signing_keys): made at first use, the same for every process afterwards. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signingKeys } from '../db/schema';

export async function signingKey(db: Db, purpose: string): Promise<Buffer> {
  await db
    .insert(signingKeys)
    .values({ purpose, secret: randomBytes(32) })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: signingKeys.secret }).from(signingKeys).where(eq(signingKeys.purpose, purpose));
  return row.secret;
}
