/**
 * The timetable file's columns (imports.timetable.ts): the university's keys of a weekly lesson
 * and what is taught there; the discipline, teacher and room columns are those of their own kinds.
 */
import { PLAN_COLUMNS } from './imports.plans';
import { ROOM_COLUMNS } from './imports.rooms';
import type { Column } from './imports.rows';
import { TEACHER_COLUMNS } from './imports.teachers';

export type TimetableKey = 'year' | 'halfYear' | 'group' | 'subgroup' | 'day' | 'time' | 'discipline' | 'lessonType' | 'teacher' | 'building' | 'room';

/** A column found in a kind's constant list (it is there: the list is written out above or in its kind's file). */
const column = <C extends Column<string>>(c: C | undefined) => c!;

export const TIMETABLE_COLUMNS: readonly Column<TimetableKey>[] = [
  {
    key: 'year',
    title: { ru: 'Учебный год', kg: 'Окуу жылы', en: 'Academic year' },
    aliases: ['Год', 'Year', 'Жыл'],
    required: true,
    example: '2026-27',
  },
  {
    key: 'halfYear',
    title: { ru: 'Полугодие', kg: 'Жарым жыл', en: 'Half-year' },
    aliases: ['Half year', 'Term', 'Working semester', 'Рабочий семестр'],
    required: true,
    example: 1,
  },
  {
    key: 'group',
    title: { ru: 'Группа или поток', kg: 'Топ же агым', en: 'Group or stream' },
    aliases: ['Группа', 'Поток', 'Group', 'Stream', 'Топ', 'Агым'],
    required: true,
    example: 'ПИ-1-26',
  },
  {
    key: 'subgroup',
    title: { ru: 'Подгруппа', kg: 'Кичи топ', en: 'Subgroup' },
    aliases: ['Подгр', 'Subgroup number', 'Топчо'],
    required: false,
    example: 0,
  },
  {
    key: 'day',
    title: { ru: 'День недели', kg: 'Аптанын күнү', en: 'Day' },
    aliases: ['День', 'Day of week', 'Weekday', 'Күнү', 'Күн'],
    required: true,
    example: 'Понедельник',
  },
  {
    key: 'time',
    title: { ru: 'Пара', kg: 'Пара', en: 'Lesson time' },
    aliases: ['Номер пары', 'Время', 'Начало', 'Time', 'Lesson', 'Start', 'Сабактын убактысы', 'Убакыт'],
    required: true,
    example: '08:00',
  },
  { ...column(PLAN_COLUMNS.find((c) => c.key === 'discipline')), key: 'discipline' },
  {
    key: 'lessonType',
    title: { ru: 'Вид занятия', kg: 'Сабактын түрү', en: 'Lesson type' },
    aliases: ['Тип занятия', 'Занятие', 'Type', 'Class type', 'Сабак түрү'],
    required: true,
    example: 'Лекция',
  },
  { ...column(TEACHER_COLUMNS.find((c) => c.key === 'code')), key: 'teacher' },
  { ...column(ROOM_COLUMNS.find((c) => c.key === 'building')), key: 'building' },
  { ...column(ROOM_COLUMNS.find((c) => c.key === 'name')), key: 'room' },
];

/** A timetable column's title in each language. */
export const columnTitle = (key: TimetableKey) => column(TIMETABLE_COLUMNS.find((c) => c.key === key)).title;
