/**
 * The registration's lists (docs/areas/reference.md#registration-offerings): the disciplines offered
 * for registration in a half-year (reg_offerings) and, as their own list keyed by the offering, their
 * subgroups (reg_subgroups: teacher, weekly lesson slot, seats). The same rules as the offerings
 * import (server/src/modules/imports/imports.offerings.ts): the semester falls in the half-year, an
 * elective is offered to every speciality and a plan's discipline to one, one offering per half-year,
 * discipline and speciality, never fewer seats than students registered; neither is deleted while
 * students are registered for it.
 */
import type { Language } from '@contract/common';
import type { ReferenceReason } from '@contract/reference';
import { AppError } from '../../app-error';
import { localName } from '../../i18n';
import type { TableListDef } from './reference.lists';
import * as repo from './reference.repository';
import * as orepo from './reference.offerings.repository';

/** A value refused (as reference.lists.ts's `invalid`): 400 with the field and the reason. */
const invalid = (field: string, reason: ReferenceReason, params: Record<string, string | number> = {}) =>
  new AppError(400, 'REFERENCE_INVALID', { field, reason, ...params });

/** The teaching days, Monday (1) to Saturday (6). */
const DAYS: Record<Language, readonly string[]> = {
  ru: ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота'],
  kg: ['Дүйшөмбү', 'Шейшемби', 'Шаршемби', 'Бейшемби', 'Жума', 'Ишемби'],
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};
const YES_NO: Record<Language, [string, string]> = { ru: ['Нет', 'Да'], kg: ['Жок', 'Ооба'], en: ['No', 'Yes'] };
const ALL_SPECIALITIES: Record<Language, string> = { ru: 'все специальности', kg: 'бардык адистиктер', en: 'all specialities' };
const SEMESTER: Record<Language, string> = { ru: 'семестр {n}', kg: '{n}-семестр', en: 'semester {n}' };

export const regOfferings: TableListDef = {
  name: 'regOfferings',
  table: 'reg_offerings',
  idColumns: ['id'],
  orderBy: 'academic_year_id desc, working_semester_id, desc_group_num, (select code from disciplines d where d.id = discipline_id), id',
  columns: [
    { key: 'academicYearId', kind: 'select', column: 'academic_year_id', required: true, options: (db) => repo.academicYearOptions(db) },
    {
      key: 'workingSemesterId',
      kind: 'select',
      column: 'working_semester_id',
      required: true,
      options: async (db, lang) => (await repo.workingSemesterOptions(db)).map((w) => ({ id: w.id, name: localName(w, lang) })),
    },
    {
      key: 'disciplineId',
      kind: 'select',
      column: 'discipline_id',
      required: true,
      options: async (db, lang) => (await orepo.disciplineOptions(db)).map((d) => ({ id: d.id, name: `${d.code} — ${localName(d, lang)}` })),
    },
    {
      key: 'specialityId',
      kind: 'select',
      column: 'speciality_id',
      options: async (db, lang) => (await repo.specialityOptions(db)).map((s) => ({ id: s.id, name: `${s.code} ${s.abbr} — ${localName(s, lang)}` })),
    },
    {
      key: 'semesterId',
      kind: 'select',
      column: 'semester_id',
      required: true,
      options: async (db, lang) => (await orepo.semesterOptions(db)).map((s) => ({ id: s.id, name: SEMESTER[lang].replace('{n}', String(s.number)) })),
    },
    {
      key: 'isElective',
      kind: 'select',
      column: 'is_elective',
      boolean: true,
      required: true,
      options: async (_db, lang) => YES_NO[lang].map((name, id) => ({ id, name })),
    },
    { key: 'credits', kind: 'integer', column: 'credits', required: true, min: 1, max: 30 },
    {
      key: 'controlFormId',
      kind: 'select',
      column: 'control_form_id',
      required: true,
      options: async (db, lang) => (await orepo.controlFormOptions(db)).map((f) => ({ id: f.id, name: localName(f, lang) })),
    },
    { key: 'descGroupNum', kind: 'integer', column: 'desc_group_num', required: true, min: 1, max: 99 },
  ],
  async check(v, { db, rowId }) {
    const semester = (await orepo.semesterOptions(db)).find((s) => s.id === v.semesterId);
    if (semester?.workingSemesterId !== v.workingSemesterId) throw invalid('semesterId', 'semesterHalf');
    // The registration shows an elective to every speciality and a plan's discipline to its speciality only.
    if (v.isElective === 1 && v.specialityId !== null) throw invalid('specialityId', 'electiveForAll');
    if (v.isElective === 0 && v.specialityId === null) throw invalid('specialityId', 'required');
    const same = { year: v.academicYearId as number, ws: v.workingSemesterId as number, discipline: v.disciplineId as number };
    if (await orepo.sameOffering(db, { ...same, speciality: v.specialityId as number | null, semester: v.semesterId as number }, rowId))
      throw new AppError(409, 'REFERENCE_TAKEN', { field: 'disciplineId' });
  },
  inUse: (db, rowId) => orepo.hasRegistrations(db, 'offering_id', rowId),
};

export const regSubgroups: TableListDef = {
  name: 'regSubgroups',
  table: 'reg_subgroups',
  idColumns: ['id'],
  orderBy:
    '(select academic_year_id from reg_offerings o where o.id = offering_id) desc, (select working_semester_id from reg_offerings o where o.id = offering_id), offering_id, teacher_id, number, id',
  unique: [['offeringId', 'teacherId', 'number']],
  columns: [
    {
      key: 'offeringId',
      kind: 'select',
      column: 'offering_id',
      required: true,
      identity: true,
      options: async (db, lang) =>
        (await orepo.offeringOptions(db)).map((o) => ({
          id: o.id,
          name: `${o.year}, ${localName(o.halfYear, lang)}: ${o.discipline} (${o.speciality ?? ALL_SPECIALITIES[lang]}, ${SEMESTER[lang].replace('{n}', String(o.semester))})`,
        })),
    },
    { key: 'teacherId', kind: 'select', column: 'teacher_id', required: true, options: (db) => orepo.teacherOptions(db) },
    { key: 'number', kind: 'integer', column: 'number', required: true, min: 1, max: 99 },
    {
      key: 'lessonTypeId',
      kind: 'select',
      column: 'lesson_type_id',
      required: true,
      options: async (db, lang) => (await orepo.lessonTypeOptions(db)).map((t) => ({ id: t.id, name: localName(t, lang) })),
    },
    {
      key: 'dayNumber',
      kind: 'select',
      column: 'day_number',
      required: true,
      options: async (_db, lang) => DAYS[lang].map((name, i) => ({ id: i + 1, name })),
    },
    { key: 'lessonTimeId', kind: 'select', column: 'lesson_time_id', required: true, options: (db) => orepo.lessonTimeOptions(db) },
    { key: 'capacity', kind: 'integer', column: 'capacity', required: true, min: 1, max: 10_000 },
  ],
  async check(v, { db, rowId }) {
    if (rowId === null) return;
    const taken = await orepo.seatsTaken(db, rowId);
    if ((v.capacity as number) < taken) throw invalid('capacity', 'belowTaken', { taken });
  },
  inUse: (db, rowId) => orepo.hasRegistrations(db, 'subgroup_id', rowId),
};
