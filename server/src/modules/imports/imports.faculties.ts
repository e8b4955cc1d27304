/** Faculties: matched by their code; the names in Kyrgyz, Russian and English. */
import type { ImportRecord } from '@contract/imports';
import type { ImportKindDef } from './imports.kind';
import { changesOf, DuplicateCheck, RowReader, writeRecords, type Column, type Field } from './imports.rows';
import * as repo from './imports.repository';

type Key = 'code' | 'nameKg' | 'nameRu' | 'nameEn';

export const FACULTY_COLUMNS: readonly Column<Key>[] = [
  {
    key: 'code',
    title: { ru: 'Код факультета', kg: 'Факультеттин коду', en: 'Faculty code' },
    aliases: ['Код', 'Code', 'Коду'],
    required: true,
    example: 'FIT',
  },
  {
    key: 'nameKg',
    title: { ru: 'Название (кырг.)', kg: 'Аталышы (кырг.)', en: 'Name (kg)' },
    aliases: ['Название на кыргызском', 'Name (Kyrgyz)', 'Name kg', 'Аталышы кыргызча', 'Кыргызча аталышы'],
    required: true,
    example: 'Маалыматтык технологиялар факультети',
  },
  {
    key: 'nameRu',
    title: { ru: 'Название (рус.)', kg: 'Аталышы (орус.)', en: 'Name (ru)' },
    aliases: ['Название', 'Название на русском', 'Name (Russian)', 'Name ru', 'Аталышы орусча', 'Орусча аталышы'],
    required: true,
    example: 'Факультет информационных технологий',
  },
  {
    key: 'nameEn',
    title: { ru: 'Название (англ.)', kg: 'Аталышы (англ.)', en: 'Name (en)' },
    aliases: ['Название на английском', 'Name (English)', 'Name en', 'Name', 'Аталышы англисче', 'Англисче аталышы'],
    required: true,
    example: 'Faculty of Information Technology',
  },
];

const FIELDS: readonly Field<repo.FacultyValues>[] = [
  { key: 'nameKg', label: FACULTY_COLUMNS[1].title },
  { key: 'nameRu', label: FACULTY_COLUMNS[2].title },
  { key: 'nameEn', label: FACULTY_COLUMNS[3].title },
];

export const facultiesImport: ImportKindDef<Key> = {
  kind: 'faculties',
  columns: FACULTY_COLUMNS,
  async plan(db, sheet, columns, lang) {
    const existing = new Map((await repo.allFaculties(db)).map((f) => [f.code, f]));
    const plan = { added: [] as ImportRecord[], changed: [] as ImportRecord[], unchanged: 0, refused: [], missing: [] };
    const inserts: repo.FacultyValues[] = [];
    const updates: { id: number; values: repo.FacultyValues }[] = [];
    const duplicates = new DuplicateCheck();
    for (const row of sheet.rows) {
      const r = new RowReader(row, columns, lang, plan.refused);
      const values = { code: r.code('code'), nameKg: r.name('nameKg', true), nameRu: r.name('nameRu', true), nameEn: r.required('nameEn') };
      if (duplicates.repeated(r, 'code', values.code) || r.refused) continue;
      const valid = values as repo.FacultyValues;
      const before = existing.get(valid.code);
      if (!before) {
        plan.added.push({ line: r.line, key: valid.code, changes: [] });
        inserts.push(valid);
        continue;
      }
      const changes = changesOf(FIELDS, before, valid, lang);
      if (changes.length === 0) plan.unchanged++;
      else {
        plan.changed.push({ line: r.line, key: valid.code, changes });
        updates.push({ id: before.id, values: valid });
      }
    }
    return { ...plan, write: writeRecords(inserts, updates, repo.insertFaculties, repo.updateFaculty) };
  },
  async exportRows(db) {
    return (await repo.allFaculties(db)).sort((a, b) => a.code.localeCompare(b.code)).map((f) => [f.code, f.nameKg, f.nameRu, f.nameEn]);
  },
};
