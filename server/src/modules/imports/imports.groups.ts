/** Groups: matched by their name; the speciality (by its code, which must exist), education form, admission year and number. */
import type { Language } from '@contract/common';
import type { ImportRecord } from '@contract/imports';
import type { Db } from '../../db/client';
import type { ImportKindDef } from './imports.kind';
import { changesOf, DuplicateCheck, formsList, RowReader, sortKnown, writeRecords, type Column, type Field } from './imports.rows';
import * as repo from './imports.repository';

type Key = 'name' | 'speciality' | 'educationForm' | 'admissionYear' | 'number';

/** The column of an education form, shared with the students' import. */
export const EDUCATION_FORM_COLUMN = {
  title: { ru: 'Форма обучения', kg: 'Окуу формасы', en: 'Education form' },
  aliases: ['Форма', 'Study form', 'Form of study', 'Form'],
} as const;

/** A cohort's speciality (by its code) and admission year: the columns of groups and of study plans (imports.plans.ts). */
export const SPECIALITY_CODE_COLUMN = {
  title: { ru: 'Код специальности', kg: 'Адистиктин коду', en: 'Speciality code' },
  aliases: ['Специальность', 'Speciality', 'Specialty code', 'Specialty', 'Адистик'],
  required: true,
  example: '710400',
} as const;
export const ADMISSION_YEAR_COLUMN = {
  title: { ru: 'Год поступления', kg: 'Кабыл алынган жылы', en: 'Admission year' },
  aliases: ['Год набора', 'Year of admission', 'Intake year', 'Кабыл алуу жылы'],
  required: true,
  example: 2026,
} as const;

/** The first year of study a group or student may have, and the last (next year's intake). */
export const admissionYears = (now: Date) => ({ min: 1991, max: now.getUTCFullYear() + 1 });

export const GROUP_COLUMNS: readonly Column<Key>[] = [
  {
    key: 'name',
    title: { ru: 'Группа', kg: 'Топ', en: 'Group' },
    aliases: ['Название группы', 'Group name', 'Топтун аталышы'],
    required: true,
    example: 'ПИ-1-26',
  },
  { key: 'speciality', ...SPECIALITY_CODE_COLUMN },
  { key: 'educationForm', ...EDUCATION_FORM_COLUMN, required: true, example: 'Очная' },
  { key: 'admissionYear', ...ADMISSION_YEAR_COLUMN },
  { key: 'number', title: { ru: 'Номер группы', kg: 'Топтун номери', en: 'Group number' }, aliases: ['Номер', 'Number', 'Номери'], required: true, example: 1 },
];

/** The education forms (formsList in imports.rows.ts). */
export const educationFormsOf = async (db: Db, lang: Language) => formsList(await repo.allEducationForms(db), lang, 'unknownForm');

interface GroupCompared {
  speciality: string;
  educationFormId: number;
  admissionYear: number;
  number: number;
}

export const groupsImport: ImportKindDef<Key> = {
  kind: 'groups',
  columns: GROUP_COLUMNS,
  async plan(db, sheet, columns, lang, now) {
    const forms = await educationFormsOf(db, lang);
    const specialities = await repo.allSpecialities(db);
    const specialityId = new Map(specialities.map((s) => [s.code, s.id]));
    const specialityCode = new Map(specialities.map((s) => [s.id, s.code]));
    const existing = new Map((await repo.allGroups(db)).map((g) => [g.name, g]));
    const years = admissionYears(now);
    const fields: readonly Field<GroupCompared>[] = [
      { key: 'speciality', label: GROUP_COLUMNS[1].title },
      { key: 'educationFormId', label: GROUP_COLUMNS[2].title, show: forms.show },
      { key: 'admissionYear', label: GROUP_COLUMNS[3].title },
      { key: 'number', label: GROUP_COLUMNS[4].title },
    ];
    const plan = { added: [] as ImportRecord[], changed: [] as ImportRecord[], unchanged: 0, refused: [], missing: [] };
    const inserts: repo.GroupValues[] = [];
    const updates: { id: number; values: repo.GroupValues }[] = [];
    const duplicates = new DuplicateCheck();
    for (const row of sheet.rows) {
      const r = new RowReader(row, columns, lang, plan.refused);
      const name = r.name('name', true, 60);
      const speciality = r.required('speciality', 40);
      if (speciality !== null && !specialityId.has(speciality)) r.refuse('speciality', 'unknownSpeciality', { value: speciality });
      const educationFormId = forms.read(r, 'educationForm');
      const admissionYear = r.wholeNumber('admissionYear', years.min, years.max);
      const number = r.wholeNumber('number', 1, 99);
      if (duplicates.repeated(r, 'name', name) || r.refused) continue;
      const values = {
        name: name!,
        specialityId: specialityId.get(speciality!)!,
        educationFormId: educationFormId!,
        admissionYear: admissionYear!,
        number: number!,
      };
      const before = existing.get(values.name);
      if (!before) {
        plan.added.push({ line: r.line, key: values.name, changes: [] });
        inserts.push(values);
        continue;
      }
      const compared = (g: repo.GroupValues): GroupCompared => ({ ...g, speciality: specialityCode.get(g.specialityId) ?? '' });
      sortKnown(plan, updates, { line: r.line, key: values.name, id: before.id, values }, changesOf(fields, compared(before), compared(values), lang));
    }
    return { ...plan, write: writeRecords(inserts, updates, repo.insertGroups, repo.updateGroup) };
  },
  async exportRows(db, lang) {
    const forms = await educationFormsOf(db, lang);
    const specialityCode = new Map((await repo.allSpecialities(db)).map((s) => [s.id, s.code]));
    return (await repo.allGroups(db))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((g) => [g.name, specialityCode.get(g.specialityId) ?? '', forms.show(g.educationFormId), g.admissionYear, g.number]);
  },
};
