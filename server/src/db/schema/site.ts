/** The site: key/value settings, menu and app links, applied seed steps. */
import { pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { names, tstz } from './columns';

/** Key/value settings: university_name_{kg,ru,en}, logo_url, logo_width, logo_fontsize... */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Side-menu entries that open an external URL; a key without a row is hidden. */
export const menuLinks = pgTable('menu_links', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  url: text('url').notNull(),
  /** Roles that see the entry (1 teacher, 2 student). */
  roles: smallint('roles').array().notNull(),
});

/** The apps panel (dinurls): the university's other services. */
export const appLinks = pgTable('app_links', {
  id: serial('id').primaryKey(),
  ...names,
  url: text('url').notNull(),
  icon: text('icon').notNull(),
  sort: smallint('sort').notNull().default(0),
});

/** Seed steps already applied to this database (see db/seed). */
export const seedSteps = pgTable('seed_steps', {
  name: text('name').primaryKey(),
  appliedAt: tstz('applied_at').notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
