/** A database made before the half-years had the glossary's names gets them from the data migration `<n>_half_year_names.sql`. */
import fs from 'node:fs';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helpers';
import { MIGRATIONS_FOLDER } from './migrate';
import { workingSemesters } from './schema';

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test.close();
});

const names = () =>
  test.database.db
    .select({ ru: workingSemesters.nameRu, kg: workingSemesters.nameKg, en: workingSemesters.nameEn })
    .from(workingSemesters)
    .orderBy(asc(workingSemesters.id));

describe('the half-years', () => {
  it('are named as the glossary says in a new database', async () => {
    expect(await names()).toEqual([
      { ru: 'Осеннее полугодие', kg: 'Күзгү жарым жыл', en: 'Autumn half-year' },
      { ru: 'Весеннее полугодие', kg: 'Жазгы жарым жыл', en: 'Spring half-year' },
    ]);
  });

  it('are renamed in a database that still has the old names, by the data migration', async () => {
    const db = test.database.db;
    await db
      .update(workingSemesters)
      .set({ nameRu: 'Осенний семестр', nameKg: 'Күзгү семестр', nameEn: 'Autumn semester' })
      .where(sql`${workingSemesters.id} = 1`);
    await db
      .update(workingSemesters)
      .set({ nameRu: 'Весенний семестр', nameKg: 'Жазгы семестр', nameEn: 'Spring semester' })
      .where(sql`${workingSemesters.id} = 2`);
    // What the migrator runs for a database that has not had this migration yet.
    const name = fs.readdirSync(MIGRATIONS_FOLDER).find((f) => /^\d{4}_half_year_names\.sql$/.test(f))!;
    const file = fs.readFileSync(path.join(MIGRATIONS_FOLDER, name), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    expect(await names()).toEqual([
      { ru: 'Осеннее полугодие', kg: 'Күзгү жарым жыл', en: 'Autumn half-year' },
      { ru: 'Весеннее полугодие', kg: 'Жазгы жарым жыл', en: 'Spring half-year' },
    ]);
  });
});
