/**
 * The reference lists a timetable row's names are looked up in (academic years, half-years, groups
 * and streams, lesson times and types, disciplines, teachers, rooms, semesters), the teaching days'
 * names, and how a record is shown; the offerings import (imports.offerings.ts) reads them too.
 */
import type { Language } from '@contract/common';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import { roomKey } from './imports.rooms';
import { normalizeHeader, type RowReader } from './imports.rows';
import * as repo from './imports.repository';
import { quote } from './imports.texts';

/** The teaching days: their number, and their names (long, then short) in each language. */
const DAYS: readonly { number: number; names: Record<Language, readonly string[]> }[] = [
  { number: 1, names: { ru: ['Понедельник', 'Пн'], kg: ['Дүйшөмбү', 'Дш'], en: ['Monday', 'Mon'] } },
  { number: 2, names: { ru: ['Вторник', 'Вт'], kg: ['Шейшемби', 'Шш'], en: ['Tuesday', 'Tue'] } },
  { number: 3, names: { ru: ['Среда', 'Ср'], kg: ['Шаршемби', 'Шр'], en: ['Wednesday', 'Wed'] } },
  { number: 4, names: { ru: ['Четверг', 'Чт'], kg: ['Бейшемби', 'Бш'], en: ['Thursday', 'Thu'] } },
  { number: 5, names: { ru: ['Пятница', 'Пт'], kg: ['Жума', 'Жм'], en: ['Friday', 'Fri'] } },
  { number: 6, names: { ru: ['Суббота', 'Сб'], kg: ['Ишемби', 'Иш'], en: ['Saturday', 'Sat'] } },
];
export const DAY_BY_TEXT = new Map<string, number>(
  DAYS.flatMap((d) => [String(d.number), ...Object.values(d.names).flat()].map((t) => [normalizeHeader(t), d.number] as const)),
);
export const dayName = (day: number, lang: Language) => DAYS.find((d) => d.number === day)?.names[lang][0] ?? String(day);

/** Words for the half-years besides their reference names (the working semesters' ids: 1 autumn, 2 spring). */
const HALF_YEAR_WORDS: Record<number, readonly string[]> = {
  1: ['осень', 'осенний', 'осеннее', 'осенний семестр', 'күз', 'күзгү', 'күзгү семестр', 'autumn', 'fall', 'autumn semester'],
  2: ['весна', 'весенний', 'весеннее', 'весенний семестр', 'жаз', 'жазгы', 'жазгы семестр', 'spring', 'spring semester'],
};

const ACADEMIC_YEAR = /^(\d{4})(?:\s*[-–/]\s*(\d{2}|\d{4}))?$/;

/** An academic year's first calendar year from '2026-27', '2026-2027', '2026/27' or '2026'; null when it is none of them. */
export function academicYearOf(text: string): number | null {
  const m = ACADEMIC_YEAR.exec(text);
  if (!m) return null;
  const start = Number(m[1]);
  if (m[2] !== undefined && Number(m[2]) !== (m[2].length === 2 ? (start + 1) % 100 : start + 1)) return null;
  return start;
}

/** A lesson time's start 'HH:MM' from a time cell, a fraction of a day, or text '8:00' / '08.00'; null when none. */
function startOf(raw: unknown): string | null {
  const hm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  if (raw instanceof Date) return hm(raw.getUTCHours() * 60 + raw.getUTCMinutes());
  if (typeof raw === 'number') return raw > 0 && raw < 1 ? hm(Math.round(raw * 1440)) : null;
  const m = /^(\d{1,2})[:.](\d{2})$/.exec(String(raw).trim());
  return m && Number(m[1]) < 24 && Number(m[2]) < 60 ? hm(Number(m[1]) * 60 + Number(m[2])) : null;
}

/** A group or a stream, as a row names it. */
export interface Target {
  kind: 'g' | 's';
  id: number;
  name: string;
  specialityId: number;
  admissionYear: number;
  /** The group's education form; a stream's is its first group's (as the journals read it). */
  educationFormId: number;
  /** The groups it is (a stream: its groups). */
  groupIds: readonly number[];
}

/** The lists a row's names are looked up in, and how a record is shown (the offerings import reads them too). */
export async function listsOf(db: Db, lang: Language) {
  const years = await repo.allAcademicYears(db);
  const halfYears = await repo.allWorkingSemesters(db);
  const halfYearByText = new Map<string, number>();
  for (const h of halfYears)
    for (const t of [String(h.id), h.nameRu, h.nameKg, h.nameEn, ...(HALF_YEAR_WORDS[h.id] ?? [])]) halfYearByText.set(normalizeHeader(t), h.id);
  const groups = await repo.allGroups(db);
  const formOf = new Map(groups.map((g) => [g.id, g.educationFormId]));
  const targets = new Map<string, Target>();
  for (const s of await repo.allStreams(db)) {
    const educationFormId = s.groupIds.map((id) => formOf.get(id)).find((f) => f !== undefined);
    if (educationFormId !== undefined)
      targets.set(s.name, {
        kind: 's',
        id: s.id,
        name: s.name,
        specialityId: s.specialityId,
        admissionYear: s.admissionYear,
        educationFormId,
        groupIds: s.groupIds,
      });
  }
  // A group's name wins over a stream's of the same name.
  for (const g of groups)
    targets.set(g.name, {
      kind: 'g',
      id: g.id,
      name: g.name,
      specialityId: g.specialityId,
      admissionYear: g.admissionYear,
      educationFormId: g.educationFormId,
      groupIds: [g.id],
    });
  const targetOf = new Map([...targets.values()].map((t) => [`${t.kind}${t.id}`, t]));
  const times = await repo.allLessonTimes(db);
  const lessonTypes = await repo.allLessonTypes(db);
  const lessonTypeByText = new Map<string, number>();
  for (const t of lessonTypes) for (const text of [String(t.id), t.nameRu, t.nameKg, t.nameEn]) lessonTypeByText.set(normalizeHeader(text), t.id);
  const disciplines = await repo.allDisciplines(db);
  const teachers = await repo.allTeachers(db);
  const rooms = await repo.allRooms(db);
  const semesters = await repo.allSemesters(db);
  const shown = <T extends { id: number }>(list: readonly T[], show: (t: T) => string) => {
    const byId = new Map(list.map((t) => [t.id, show(t)]));
    return (id: unknown) => byId.get(id as number) ?? String(id);
  };
  const lists = {
    yearIds: new Set(years.map((y) => y.id)),
    halfYear: (text: string) => halfYearByText.get(normalizeHeader(text)),
    halfYearName: shown(halfYears, (h) => localName(h, lang)),
    target: (name: string) => targets.get(name),
    targetOf: (kind: 'g' | 's', id: number) => targetOf.get(`${kind}${id}`),
    time: (raw: unknown, text: string) => {
      if (/^\d+$/.test(text)) return times.find((t) => t.id === Number(text));
      const start = startOf(raw);
      return start === null ? undefined : times.find((t) => t.startsAt === start);
    },
    timeStart: shown(times, (t) => t.startsAt),
    timeList: times.map((t) => `${t.id} (${t.startsAt})`).join(', '),
    lessonType: (text: string) => lessonTypeByText.get(normalizeHeader(text)),
    lessonTypeName: shown(lessonTypes, (t) => localName(t, lang)),
    lessonTypeList: lessonTypes.map((t) => quote(localName(t, lang), lang)).join(', '),
    discipline: new Map(disciplines.map((d) => [d.code, d.id])),
    disciplineCode: shown(disciplines, (d) => d.code),
    teacher: new Map(teachers.map((t) => [t.code!, t.id])),
    teacherCode: shown(teachers, (t) => t.code ?? ''),
    room: new Map(rooms.map((a) => [roomKey(a.building, a.name), a.id])),
    roomName: shown(rooms, (a) => roomKey(a.building, a.name)),
    roomOf: new Map(rooms.map((a) => [a.id, a])),
    roomIds: rooms.map((a) => a.id),
    semesterId: new Map(semesters.map((s) => [s.number, s.id])),
    semesterNumber: new Map(semesters.map((s) => [s.id, s.number])),
  };
  return lists;
}
export type Lists = Awaited<ReturnType<typeof listsOf>>;

/** A row's academic year and half-year, each refused (and read as null or undefined) when the portal does not have it. */
export function readYearAndHalf<K extends string>(r: RowReader<K | 'year' | 'halfYear'>, lists: Lists) {
  const yearText = r.required('year', 20);
  const year = yearText === null ? null : academicYearOf(yearText);
  if (yearText !== null && (year === null || !lists.yearIds.has(year))) r.refuse('year', 'unknownAcademicYear', { value: yearText });
  const wsText = r.required('halfYear');
  const ws = wsText === null ? undefined : lists.halfYear(wsText);
  if (wsText !== null && ws === undefined) r.refuse('halfYear', 'unknownHalfYear', { value: wsText });
  return { year, ws };
}

/** A row's discipline by its code, refused (and read as undefined) when the portal does not have it. */
export function readDiscipline<K extends string>(r: RowReader<K | 'discipline'>, lists: Lists) {
  const disciplineCode = r.required('discipline', 40);
  const disciplineId = disciplineCode === null ? undefined : lists.discipline.get(disciplineCode);
  if (disciplineCode !== null && disciplineId === undefined) r.refuse('discipline', 'unknownDiscipline', { value: disciplineCode });
  return disciplineId;
}
