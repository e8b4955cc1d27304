/**
 * Seed step 0007-journal: the modules list, and a semester of journal history for the demo
 * teacher's journals, following the timetable (0006-schedule): each week's lesson has its topic, and
 * every student a record: present about 85 % of the time (each student his own habit), some absences
 * excused, and marks 2..5 spread around each student's level (more in laboratory work and practice
 * than in lectures). The half-year is the current one when the demo teacher teaches in it, else
 * 2026-27 autumn; lessons run from 1 September (1 February) up to yesterday or the end of term.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { currentPeriod } from '../../lib/academic-year';
import { newVisit, visitValues, type NewVisit } from '../../shared/journal-visits';
import type { Db } from '../client';
import {
  disciplines,
  journalLessonTopics,
  journalModules,
  journalVisits,
  scheduleEntries,
  streamGroups,
  students,
  teachingAssignments,
  users,
} from '../schema';
import { DEMO_TEACHER, DEMO_YEAR, LECTURE } from './data';
import { Prng } from './prng';
import type { SeedContext } from './index';

export const MODULES = [
  { id: 1, number: 1, nameRu: 'Модуль 1', nameKg: '1-модуль', nameEn: 'Module 1' },
  { id: 2, number: 2, nameRu: 'Модуль 2', nameKg: '2-модуль', nameEn: 'Module 2' },
  { id: 3, number: 3, nameRu: 'Итоговый модуль', nameKg: 'Жыйынтыктоочу модуль', nameEn: 'Final module' },
];

/** Topics of the demo teacher's disciplines, in teaching order. */
const TOPICS: Record<string, string[]> = {
  prog: [
    'Введение в программирование. Алгоритмы и их свойства',
    'Переменные, типы данных и выражения',
    'Ввод и вывод данных',
    'Условные операторы',
    'Циклы с условием',
    'Цикл for. Вложенные циклы',
    'Одномерные массивы',
    'Двумерные массивы',
    'Строки и работа с текстом',
    'Функции и параметры',
    'Рекурсия',
    'Структуры и записи',
    'Работа с файлами',
    'Указатели и динамическая память',
    'Сортировка и поиск',
    'Итоговое занятие',
  ],
  oop: [
    'Классы и объекты',
    'Инкапсуляция. Модификаторы доступа',
    'Конструкторы и деструкторы',
    'Наследование',
    'Полиморфизм и виртуальные методы',
    'Абстрактные классы и интерфейсы',
    'Перегрузка операторов',
    'Исключения',
    'Шаблоны и обобщённое программирование',
    'Коллекции',
    'Принципы SOLID',
    'Порождающие паттерны',
    'Структурные паттерны',
    'Поведенческие паттерны',
    'Модульное тестирование классов',
    'Итоговое занятие',
  ],
  web: [
    'Архитектура веба. Протокол HTTP',
    'HTML: структура документа и семантика',
    'CSS: селекторы, блочная модель',
    'Адаптивная вёрстка: Flexbox и Grid',
    'JavaScript: основы языка',
    'DOM и события',
    'Асинхронность: промисы, fetch',
    'Компонентный подход. Введение в React',
    'Состояние и маршрутизация в SPA',
    'Node.js и серверный JavaScript',
    'REST API и формат JSON',
    'Работа с базой данных из веб-приложения',
    'Аутентификация и сессии',
    'Безопасность веб-приложений: XSS, CSRF',
    'Сборка и развёртывание',
    'Защита проектов',
  ],
};

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The journal's modules: a list every portal needs (the empty one too, ./empty.ts). */
export async function seedJournalModules(db: Db): Promise<void> {
  await db.insert(journalModules).values(MODULES);
}

export async function seedJournal(db: Db, ctx: SeedContext): Promise<void> {
  await seedJournalModules(db);
  const [teacher] = await db.select({ teacherId: users.teacherId, userId: users.id }).from(users).where(eq(users.login, DEMO_TEACHER.login));
  if (!teacher?.teacherId) throw new Error('seed 0007-journal: no demo teacher');

  const now = ctx.now;
  const month = now.getMonth();
  let year = currentPeriod(now).year;
  let ws = month >= 8 || month === 0 ? 1 : 2;
  const entriesIn = (y: number, w: number) =>
    db
      .select({ e: scheduleEntries, a: teachingAssignments, disciplineCode: disciplines.code })
      .from(scheduleEntries)
      .innerJoin(teachingAssignments, eq(teachingAssignments.id, scheduleEntries.teachingAssignmentId))
      .innerJoin(disciplines, eq(disciplines.id, scheduleEntries.disciplineId))
      .where(and(eq(scheduleEntries.teacherId, teacher.teacherId!), eq(scheduleEntries.academicYearId, y), eq(scheduleEntries.workingSemesterId, w)))
      .orderBy(asc(scheduleEntries.id));
  let entries = await entriesIn(year, ws);
  let until = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  if (entries.length === 0) {
    year = DEMO_YEAR;
    ws = 1;
    entries = await entriesIn(year, ws);
    until = new Date(Date.UTC(year, 11, 27));
  }
  const from = ws === 1 ? new Date(Date.UTC(year, 8, 1)) : new Date(Date.UTC(year + 1, 1, 1));
  const end = ws === 1 ? new Date(Date.UTC(year, 11, 27)) : new Date(Date.UTC(year + 1, 5, 14));
  if (until > end) until = end;
  if (until < from) until = end;

  const keyOf = new Map(Object.keys(TOPICS).map((k) => [k, k]));
  const demoDisciplines = await db.select({ id: disciplines.id, nameEn: disciplines.nameEn }).from(disciplines);
  const topicKey = (disciplineId: number): string | undefined => {
    const d = demoDisciplines.find((x) => x.id === disciplineId)?.nameEn;
    if (d === 'Programming Fundamentals') return keyOf.get('prog');
    if (d === 'Object-Oriented Programming') return keyOf.get('oop');
    if (d === 'Web Programming') return keyOf.get('web');
    return undefined;
  };

  const prng = new Prng('journal');
  /** Each student's habit: how often present, how well he does. */
  const habit = new Map<number, { attend: number; level: number }>();
  const habitOf = (id: number) => {
    let h = habit.get(id);
    if (!h) {
      h = { attend: Math.min(0.99, Math.max(0.55, 0.86 + (prng.next() - 0.5) * 0.3)), level: prng.next() };
      habit.set(id, h);
    }
    return h;
  };

  const visits: NewVisit[] = [];
  const topics: (typeof journalLessonTopics.$inferInsert)[] = [];
  for (const { e, a } of entries) {
    const groupIds = a.groupId
      ? [a.groupId]
      : (await db.select({ id: streamGroups.groupId }).from(streamGroups).where(eq(streamGroups.streamId, a.streamId!))).map((r) => r.id);
    const list = await db
      .select({ id: students.id, groupId: students.groupId, subgroup: students.subgroup, educationFormId: students.educationFormId })
      .from(students)
      .where(and(inArray(students.groupId, groupIds), a.subgroup > 0 ? eq(students.subgroup, a.subgroup) : undefined))
      .orderBy(asc(students.id));
    const plan = TOPICS[topicKey(a.disciplineId) ?? ''] ?? [];
    let week = 0;
    for (let d = new Date(from); d <= until; d = new Date(d.getTime() + 86_400_000)) {
      const weekday = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
      if (weekday !== e.dayNumber) continue;
      const date = iso(d);
      const at = new Date(`${date}T12:00:00Z`);
      if (plan.length) {
        topics.push({
          teachingAssignmentId: a.id,
          visitDate: date,
          lessonTimeId: e.lessonTimeId,
          topic: plan[week % plan.length],
          lessonNumber: 1,
          hours: 2,
          moduleId: week < 7 ? 1 : week < 14 ? 2 : 3,
          updatedByUserId: teacher.userId,
          updatedAt: at,
        });
      }
      week++;
      const markChance = a.lessonTypeId === LECTURE ? 0.12 : 0.55;
      for (const s of list) {
        const h = habitOf(s.id);
        let mark: string | null = null;
        if (!prng.chance(h.attend)) mark = prng.chance(0.2) ? 'ув' : 'н/б';
        else if (prng.chance(markChance)) {
          const x = h.level * 0.7 + prng.next() * 0.3;
          mark = String(x > 0.72 ? 5 : x > 0.45 ? 4 : x > 0.18 ? 3 : 2);
        }
        visits.push(newVisit(visitValues({ ...a, teachingAssignmentId: a.id }, s, date, e.lessonTimeId, e.id), mark, 'seed', teacher.userId, at));
      }
    }
  }
  for (let i = 0; i < topics.length; i += 300) await db.insert(journalLessonTopics).values(topics.slice(i, i + 300));
  // Seeded history has no audit rows: the trail starts with the first change made in the portal.
  for (let i = 0; i < visits.length; i += 1000) await db.insert(journalVisits).values(visits.slice(i, i + 1000));
  ctx.log(`journal: ${visits.length} visit records, ${topics.length} lesson topics in ${entries.length} weekly lessons`);
}
