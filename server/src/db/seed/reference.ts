/** Seed steps of the reference tables (forms, lesson types, positions, half-years, pairs, academic years) and of the site's settings and links. */
import type { Db } from '../client';
import {
  academicYears,
  appLinks,
  controlForms,
  educationForms,
  lessonTimes,
  lessonTypes,
  menuLinks,
  positions,
  semesters,
  siteSettings,
  workingSemesters,
} from '../schema';
import {
  APP_LINKS,
  CONTROL_FORMS,
  EDUCATION_FORMS,
  FIRST_ACADEMIC_YEAR,
  LAST_ACADEMIC_YEAR,
  LESSON_TIMES,
  LESSON_TYPES,
  MENU_LINKS,
  POSITIONS,
  SITE_SETTINGS,
  UNIVERSITY_TIME_ZONE,
  WORKING_SEMESTERS,
} from './data';
import { academicYearName } from '../../lib/academic-year';
import { TIME_ZONE_SETTING } from '../../shared/time-zone';

import { named } from './rows';

/** Academic years from..to (ids = first calendar year); existing ones are kept. */
export async function ensureAcademicYears(db: Db, from: number, to: number): Promise<void> {
  const rows = [];
  for (let y = from; y <= to; y++) rows.push({ id: y, name: academicYearName(y), startsOn: `${y}-09-01`, endsOn: `${y + 1}-08-31` });
  await db.insert(academicYears).values(rows).onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------

export async function seedReference(db: Db): Promise<void> {
  await db.insert(educationForms).values(EDUCATION_FORMS.map((f) => ({ id: f.id, ...named(f.names) })));
  await db.insert(lessonTypes).values(LESSON_TYPES.map((f) => ({ id: f.id, ...named(f.names) })));
  await db.insert(controlForms).values(CONTROL_FORMS.map((f) => ({ id: f.id, ...named(f.names) })));
  await db.insert(positions).values(POSITIONS.map((f) => ({ id: f.id, sort: f.id, ...named(f.names) })));
  await db.insert(workingSemesters).values(WORKING_SEMESTERS.map((f) => ({ id: f.id, ...named(f.names) })));
  await db.insert(semesters).values(Array.from({ length: 10 }, (_, i) => ({ id: i + 1, number: i + 1, workingSemesterId: (i % 2) + 1 })));
  await db.insert(lessonTimes).values(LESSON_TIMES.map(([id, startsAt, endsAt]) => ({ id, startsAt, endsAt })));
  await ensureAcademicYears(db, FIRST_ACADEMIC_YEAR, LAST_ACADEMIC_YEAR);
}

export async function seedSite(db: Db): Promise<void> {
  await db.insert(siteSettings).values(Object.entries(SITE_SETTINGS).map(([key, value]) => ({ key, value })));
  await db.insert(menuLinks).values(MENU_LINKS.map((m) => ({ ...m })));
  await db.insert(appLinks).values(APP_LINKS.map((a, i) => ({ ...named(a.names), url: a.url, icon: a.icon, sort: i + 1 })));
}

/** The university's time zone, on a database seeded before it was a setting too; one set already is kept. */
export async function seedTimeZone(db: Db): Promise<void> {
  await db.insert(siteSettings).values({ key: TIME_ZONE_SETTING, value: UNIVERSITY_TIME_ZONE }).onConflictDoNothing();
}
