/** Disciplines: matched by their code; the names in Kyrgyz, Russian and English, and the department that teaches them (by its name). */
import type { ImportRecord } from '@contract/imports';
import type { ImportKindDef } from './imports.kind';
import { changesOf, DuplicateCheck, RowReader, sortKnown, writeRecords, type Column, type Field } from './imports.rows';
import { departmentsOf } from './imports.departments';
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
      const department = departmentText === null ? undefined : departments.find(departmentText);
      if (departmentText !== null && department === undefined) r.refuse('department', 'unknownDepartment', { value: departmentText });
      if (Array.isArray(department)) r.refuse('department', 'ambiguousDepartment', { value: departmentText!, faculties: departments.facultiesOf(department) });
      if (duplicates.repeated(r, 'code', code) || r.refused) continue;
      const values: repo.DisciplineValues = { code: code!, nameKg: nameKg!, nameRu: nameRu!, nameEn: nameEn!, departmentId: department as number };
      const before = existing.get(values.code);
      if (!before) {
        plan.added.push({ line: r.line, key: values.code, changes: [] });
        inserts.push(values);
        continue;
      }
      sortKnown(plan, updates, { line: r.line, key: values.code, id: before.id, values }, changesOf(fields, before, values, lang));
    }
    return { ...plan, write: writeRecords(inserts, updates, repo.insertDisciplines, repo.updateDiscipline) };
  },
  async exportRows(db, lang) {
    const departments = await departmentsOf(db, lang);
    return (await repo.allDisciplines(db)).map((d) => [d.code, d.nameKg, d.nameRu, d.nameEn, departments.written(d.departmentId)]);
  },
};
