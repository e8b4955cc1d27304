/**
 * The departments as the files name them (teachers, disciplines, specialities): by any of their three
 * names, or "faculty code / name" when two faculties have a department of that name; and the
 * departments' own import (matched by the faculty and a name).
 */
import type { Language } from '@contract/common';
import type { ImportIssue, ImportMissing, ImportRecord } from '@contract/imports';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import type { ImportKindDef } from './imports.kind';
import { changesOf, normalizeHeader, RowReader, sortKnown, writeRecords, type Column, type Field } from './imports.rows';
import * as repo from './imports.repository';
import { quote } from './imports.texts';

export async function departmentsOf(db: Db, lang: Language) {
  const list = await repo.allDepartments(db);
  const byText = new Map<string, number[]>();
  const add = (text: string, id: number) => {
    const key = normalizeHeader(text);
    const ids = byText.get(key) ?? [];
    if (!ids.includes(id)) byText.set(key, [...ids, id]);
  };
  for (const d of list) {
    for (const name of [d.nameRu, d.nameKg, d.nameEn]) {
      add(name, d.id);
      add(`${d.faculty} / ${name}`, d.id);
    }
  }
  const byId = new Map(list.map((d) => [d.id, d]));
  const find = (text: string): number | number[] | undefined => {
    const ids = byText.get(normalizeHeader(text));
    if (!ids) return undefined;
    return ids.length === 1 ? ids[0] : ids;
  };
  return {
    /** The department's id; an array of candidates when the name is ambiguous; undefined when none. */
    find,
    show: (id: unknown) => (byId.has(id as number) ? localName(byId.get(id as number)!, lang) : String(id)),
    facultiesOf: (ids: number[]) => ids.map((id) => byId.get(id)!.faculty).join(', '),
    /** How a file names the department: its name in `lang`, else another of its names no other department has, else "faculty code / name". */
    written: (id: number): string => {
      const d = byId.get(id);
      if (!d) return '';
      const names = [localName(d, lang), d.nameRu, d.nameKg, d.nameEn];
      return names.find((n) => find(n) === id) ?? `${d.faculty} / ${names[0]}`;
    },
  };
}

type Key = 'faculty' | 'nameRu' | 'nameKg' | 'nameEn';

export const DEPARTMENT_COLUMNS: readonly Column<Key>[] = [
  {
    key: 'faculty',
    title: { ru: 'Код факультета', kg: 'Факультеттин коду', en: 'Faculty code' },
    aliases: ['Факультет', 'Faculty', 'Факультети'],
    required: true,
    example: 'FIT',
  },
  {
    key: 'nameRu',
    title: { ru: 'Название (рус.)', kg: 'Аталышы (орус.)', en: 'Name (ru)' },
    aliases: ['Название', 'Кафедра', 'Название на русском', 'Name (Russian)', 'Name ru', 'Аталышы орусча', 'Орусча аталышы'],
    required: true,
    example: 'Кафедра программной инженерии',
  },
  {
    key: 'nameKg',
    title: { ru: 'Название (кырг.)', kg: 'Аталышы (кырг.)', en: 'Name (kg)' },
    aliases: ['Название на кыргызском', 'Name (Kyrgyz)', 'Name kg', 'Аталышы кыргызча', 'Кыргызча аталышы'],
    required: true,
    example: 'Программалык инженерия кафедрасы',
  },
  {
    key: 'nameEn',
    title: { ru: 'Название (англ.)', kg: 'Аталышы (англ.)', en: 'Name (en)' },
    aliases: ['Название на английском', 'Name (English)', 'Name en', 'Name', 'Аталышы англисче', 'Англисче аталышы'],
    required: true,
    example: 'Department of Software Engineering',
  },
];

const NAME_FIELDS: readonly Field<repo.DepartmentValues>[] = [
  { key: 'nameRu', label: DEPARTMENT_COLUMNS[1].title },
  { key: 'nameKg', label: DEPARTMENT_COLUMNS[2].title },
  { key: 'nameEn', label: DEPARTMENT_COLUMNS[3].title },
];

const namesOf = (d: { nameRu: string; nameKg: string; nameEn: string }) => [d.nameRu, d.nameKg, d.nameEn];

/**
 * Departments: a department has no code of its own, so a row is matched by its faculty (by code) and
 * any of its three names; a row none of whose names a department of that faculty has is a new
 * department (the old one stays, listed as missing). The departments of the file's faculties that the
 * file does not name are listed, never deleted.
 */
export const departmentsImport: ImportKindDef<Key> = {
  kind: 'departments',
  columns: DEPARTMENT_COLUMNS,
  async plan(db, sheet, columns, lang) {
    const facultyList = await repo.allFaculties(db);
    const facultyId = new Map(facultyList.map((f) => [f.code, f.id]));
    const facultyCode = new Map(facultyList.map((f) => [f.id, f.code]));
    const existing = await repo.allDepartmentRows(db);
    /** The departments of a faculty by each of their names, compared as headers are. */
    const byName = new Map<string, number[]>();
    for (const d of existing) {
      for (const name of namesOf(d)) {
        const key = `${d.facultyId}\u0000${normalizeHeader(name)}`;
        const ids = byName.get(key) ?? [];
        if (!ids.includes(d.id)) byName.set(key, [...ids, d.id]);
      }
    }
    const byId = new Map(existing.map((d) => [d.id, d]));
    const keyOf = (faculty: string, d: { nameRu: string; nameKg: string; nameEn: string }) => `${faculty} / ${localName(d, lang)}`;

    const plan = { added: [] as ImportRecord[], changed: [] as ImportRecord[], unchanged: 0, refused: [] as ImportIssue[], missing: [] as ImportMissing[] };
    const inserts: repo.DepartmentValues[] = [];
    const updates: { id: number; values: repo.DepartmentValues }[] = [];
    /** The file's names per faculty (and the department each row matched): a second row with one of them is refused. */
    const seenNames = new Map<string, number>();
    const seenIds = new Map<number, number>();
    const fileFaculties = new Set<number>();
    for (const row of sheet.rows) {
      const r = new RowReader(row, columns, lang, plan.refused);
      const faculty = r.code('faculty');
      const fid = faculty === null ? undefined : facultyId.get(faculty);
      if (faculty !== null && fid === undefined) r.refuse('faculty', 'unknownFaculty', { value: faculty });
      const names = { nameRu: r.name('nameRu', true), nameKg: r.name('nameKg', true), nameEn: r.required('nameEn') };
      if (fid === undefined) continue;
      fileFaculties.add(fid);
      // The department the row names: the one of its faculty having any of the row's names.
      const matched = new Set<number>();
      for (const name of Object.values(names)) if (name !== null) for (const id of byName.get(`${fid}\u0000${normalizeHeader(name)}`) ?? []) matched.add(id);
      if (matched.size > 1) {
        r.refuse(null, 'twoDepartments', {
          faculty: faculty!,
          departments: [...matched].map((id) => quote(localName(byId.get(id)!, lang), lang)).join(', '),
        });
      }
      const id = matched.size === 1 ? [...matched][0] : undefined;
      const firstWithId = id === undefined ? undefined : seenIds.get(id);
      if (firstWithId !== undefined) r.refuse('nameRu', 'duplicate', { value: keyOf(faculty!, byId.get(id!)!), line: firstWithId });
      else {
        const named = (['nameRu', 'nameKg', 'nameEn'] as const).find(
          (key) => names[key] !== null && seenNames.has(`${fid}\u0000${normalizeHeader(names[key])}`),
        );
        if (named)
          r.refuse(named, 'duplicate', { value: `${faculty!} / ${names[named]!}`, line: seenNames.get(`${fid}\u0000${normalizeHeader(names[named]!)}`)! });
      }
      if (id !== undefined && !seenIds.has(id)) seenIds.set(id, r.line);
      for (const name of Object.values(names)) {
        const key = name === null ? null : `${fid}\u0000${normalizeHeader(name)}`;
        if (key !== null && !seenNames.has(key)) seenNames.set(key, r.line);
      }
      if (r.refused) continue;
      const values = { facultyId: fid, nameRu: names.nameRu!, nameKg: names.nameKg!, nameEn: names.nameEn! };
      const before = id === undefined ? undefined : byId.get(id);
      if (!before) {
        plan.added.push({ line: r.line, key: keyOf(faculty!, values), changes: [] });
        inserts.push(values);
        continue;
      }
      sortKnown(plan, updates, { line: r.line, key: keyOf(faculty!, before), id: before.id, values }, changesOf(NAME_FIELDS, before, values, lang));
    }
    for (const d of existing) {
      if (fileFaculties.has(d.facultyId) && !seenIds.has(d.id)) plan.missing.push({ key: keyOf(facultyCode.get(d.facultyId) ?? '', d), name: '', group: '' });
    }
    return { ...plan, write: writeRecords(inserts, updates, repo.insertDepartments, repo.updateDepartment) };
  },
  async exportRows(db) {
    const facultyCode = new Map((await repo.allFaculties(db)).map((f) => [f.id, f.code]));
    return (await repo.allDepartmentRows(db))
      .map((d) => [facultyCode.get(d.facultyId) ?? '', d.nameRu, d.nameKg, d.nameEn])
      .sort((a, b) => a[0].localeCompare(b[0]));
  },
};
