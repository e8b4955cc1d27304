/** SQL of the settings calls: menu links of a role, the university's services. */
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appLinks, menuLinks } from '../../db/schema';

export async function menuLinksForRole(db: Db, role: number) {
  return db
    .select({ key: menuLinks.key, url: menuLinks.url })
    .from(menuLinks)
    .where(sql`${role} = any(${menuLinks.roles})`)
    .orderBy(asc(menuLinks.id));
}

export async function listAppLinks(db: Db) {
  return db.select().from(appLinks).orderBy(asc(appLinks.sort), asc(appLinks.id));
}
