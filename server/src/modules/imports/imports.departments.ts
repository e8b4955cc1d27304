/**
 * The departments as the files name them (teachers and disciplines): by any of their three names, or
 * "faculty code / name" when two faculties have a department of that name.
 */
import type { Language } from '@contract/common';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import { normalizeHeader } from './imports.rows';
import * as repo from './imports.repository';

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
