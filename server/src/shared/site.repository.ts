/** SQL of the site settings (key/value): the university's name, the logo. */
import type { Language } from '@contract/common';
import type { Db } from '../db/client';
import { siteSettings } from '../db/schema';

export async function readSiteSettings(db: Db): Promise<Map<string, string>> {
  const rows = await db.select().from(siteSettings);
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** The university's name in a language (falls back to Russian). */
export async function universityName(db: Db, lang: Language): Promise<string> {
  const settings = await readSiteSettings(db);
  return settings.get(`university_name_${lang}`) ?? settings.get('university_name_ru') ?? '';
}
