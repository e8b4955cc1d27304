/** SQL of the site settings (key/value). */
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';

export async function readSiteSettings(db: Db): Promise<Map<string, string>> {
  const rows = await db.select().from(siteSettings);
  return new Map(rows.map((r) => [r.key, r.value]));
}
