/** Disciplines: matched by their code; the names in Kyrgyz, Russian and English, and the department that teaches them (by its name). */
import type { Language } from '@contract/common';
import type { ImportRecord } from '@contract/imports';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import type { ImportKindDef } from './imports.kind';
import { changesOf, DuplicateCheck, normalizeHeader, RowReader, type Column, type Field } from './imports.rows';
import * as repo from './imports.repository';

type Key = 'code' | 'nameKg' | 'nameRu' | 'nameEn' | 'department';

export const DISCIPLINE_COLUMNS: readonly Column<Key>[] = [
  {
    key: 'code',
    title: { ru: 'Код дисциплины', kg: 'Сабактын коду', en: 'Discipline code' },
    aliases: ['Код', 'Code', 'Коду', 'Subject code', 'Course code'],
    required: true,
    example: 'PI-101',
  },
  {
    key: 'nameKg',
    title: { ru: 'Название (кырг.)', kg: 'Аталышы (кырг.)', en: 'Name (kg)' },
    aliases: ['Название на кыргызском', 'Name (Kyrgyz)', 'Name kg', 'Аталышы кыргызча', 'Кыргызча аталышы'],
    required: true,
    example: 'Программалоонун негиздери',
  },
  {
    key: 'nameRu',
    title: { ru: 'Название (рус.)', kg: 'Аталышы (орус.)', en: 'Name (ru)' },
    aliases: ['Название', 'Название на русском', 'Name (Russian)', 'Name ru', 'Аталышы орусча', 'Орусча аталышы'],
    required: true,
    example: 'Основы программирования',
  },
  {
    key: 'nameEn',
    title: { ru: 'Название (англ.)', kg: 'Аталышы (англ.)', en: 'Name (en)' },
    aliases: ['Название на английском', 'Name (English)', 'Name en', 'Name', 'Аталышы англисче', 'Англисче аталышы'],
    required: true,
    example: 'Programming Basics',
  },
  {
    key: 'department',
    title: { ru: 'Кафедра', kg: 'Кафедра', en: 'Department' },
    aliases: ['Название кафедры', 'Department name', 'Кафедранын аталышы'],
    required: true,
    example: 'Кафедра программной инженерии',
  },
];

/** The departments by any of their three names; a name two departments share finds both (the row is then refused). */
export async function departmentsOf(db: Db, lang: Language) {
  const list = await repo.allDepartments(db);
  const byName = new Map<string, Set<number>>();
  for (const d of list)
    for (const name of [d.nameKg, d.nameRu, d.nameEn]) {
      const key = normalizeHeader(name);
      byName.set(key, (byName.get(key) ?? new Set()).add(d.id));
    }
  const byId = new Map(list.map((d) => [d.id, d]));
  return {
    /** The departments a name finds: none, one, or several. */
    find: (text: string) => [...(byName.get(normalizeHeader(text)) ?? [])].map((id) => byId.get(id)!),
    show: (id: unknown) => {
      const d = byId.get(id as number);
      return d ? localName(d, lang) : String(id);
    },
  };
}

export const disciplinesImport: ImportKindDef<Key> = {
  kind: 'disciplines',
  columns: DISCIPLINE_COLUMNS,
  async plan(db, sheet, columns, lang) {
    const departments = await departmentsOf(db, lang);
    const existing = new Map((await repo.allDisciplines(db)).map((d) => [d.code, d]));
    const fields: readonly Field<repo.DisciplineValues>[] = [
      { key: 'nameKg', label: DISCIPLINE_COLUMNS[1].title },
      { key: 'nameRu', label: DISCIPLINE_COLUMNS[2].title },
      { key: 'nameEn', label: DISCIPLINE_COLUMNS[3].title },
      { key: 'departmentId', label: DISCIPLINE_COLUMNS[4].title, show: departments.show },
    ];
    const plan = { added: [] as ImportRecord[], changed: [] as ImportRecord[], unchanged: 0, refused: [], missing: [] };
    const inserts: repo.DisciplineValues[] = [];
    const updates: { id: number; values: repo.DisciplineValues }[] = [];
    const duplicates = new DuplicateCheck();
    for (const row of sheet.rows) {
      const r = new RowReader(row, columns, lang, plan.refused);
      const code = r.code('code');
      const nameKg = r.name('nameKg', true);
      const nameRu = r.name('nameRu', true);
      const nameEn = r.required('nameEn');
      const departmentText = r.name('department', true);
      const found = departmentText === null ? [] : departments.find(departmentText);
      if (departmentText !== null && found.length === 0) r.refuse('department', 'unknownDepartment', { value: departmentText });
      if (found.length > 1) r.refuse('department', 'ambiguousDepartment', { value: departmentText!, faculties: found.map((d) => d.faculty).join(', ') });
      if (duplicates.repeated(r, 'code', code) || r.refused) continue;
      const values: repo.DisciplineValues = { code: code!, nameKg: nameKg!, nameRu: nameRu!, nameEn: nameEn!, departmentId: found[0].id };
      const before = existing.get(values.code);
      if (!before) {
        plan.added.push({ line: r.line, key: values.code, changes: [] });
        inserts.push(values);
        continue;
      }
      const changes = changesOf(fields, before, values, lang);
      if (changes.length === 0) plan.unchanged++;
      else {
        plan.changed.push({ line: r.line, key: values.code, changes });
        updates.push({ id: before.id, values });
      }
    }
    return {
      ...plan,
      async write(tx) {
        await repo.insertDisciplines(tx, inserts);
        for (const u of updates) await repo.updateDiscipline(tx, u.id, u.values);
        return [];
      },
    };
  },
  async exportRows(db, lang) {
    const departments = await departmentsOf(db, lang);
    const list = await repo.allDepartments(db);
    // The department's name in `lang`, unless another department has it too: then a name of it no other has.
    const nameOf = new Map(
      list.map((d) => {
        const names = [localName(d, lang), d.nameRu, d.nameKg, d.nameEn];
        return [d.id, names.find((n) => departments.find(n).length === 1) ?? names[0]];
      }),
    );
    return (await repo.allDisciplines(db)).map((d) => [d.code, d.nameKg, d.nameRu, d.nameEn, nameOf.get(d.departmentId) ?? '']);
  },
};
