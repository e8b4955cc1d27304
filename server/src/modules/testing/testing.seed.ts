/**
 * Testing's seed step: a small bank (a dozen questions of every kind, in Russian) for a discipline
 * the demo teacher teaches to the demo student's group, and one test of it open for that group from
 * a day before the seed for sixty days. Declared by the area (`seed` of its entry in
 * server/src/modules/index.ts).
 */
import { sql } from 'drizzle-orm';
import type { QuestionContent } from '@contract/testing';
import { rowsOf, type Db } from '../../db/client';
import { DEMO_STUDENT, DEMO_TEACHER } from '../../db/seed/data';
import type { SeedContext, SeedStep } from '../../db/seed';
import { testingCategories, testingQuestions, testingTargets, testingTests } from './testing.schema';

type Seeded = { text: string; points?: number; content: QuestionContent };

const BASICS: Seeded[] = [
  {
    text: 'Какой тег задаёт ссылку в HTML?',
    content: {
      kind: 'single',
      options: [
        { text: '<a>', correct: true },
        { text: '<link>', correct: false },
        { text: '<href>', correct: false },
        { text: '<url>', correct: false },
      ],
    },
  },
  {
    text: 'Какие из свойств относятся к блочной модели CSS?',
    content: {
      kind: 'multiple',
      options: [
        { text: 'margin', correct: true },
        { text: 'padding', correct: true },
        { text: 'color', correct: false },
        { text: 'border', correct: true },
      ],
    },
  },
  { text: 'Атрибут id должен быть уникальным в пределах страницы.', content: { kind: 'truefalse', answer: true } },
  { text: 'Как называется язык разметки веб-страниц (аббревиатура)?', content: { kind: 'short', accepted: ['HTML', 'HTML5'] } },
  { text: 'Сколько пикселей в 2rem при размере шрифта корня 16px?', content: { kind: 'numeric', value: 32, tolerance: 0 } },
  {
    text: 'Сопоставьте теги и их назначение.',
    points: 2,
    content: {
      kind: 'matching',
      pairs: [
        { left: '<ul>', right: 'маркированный список' },
        { left: '<table>', right: 'таблица' },
        { left: '<img>', right: 'изображение' },
        { left: '', right: 'видеоролик' },
      ],
    },
  },
];

const SCRIPTS: Seeded[] = [
  {
    text: 'Что вернёт выражение typeof null?',
    content: {
      kind: 'single',
      options: [
        { text: '"object"', correct: true },
        { text: '"null"', correct: false },
        { text: '"undefined"', correct: false },
      ],
    },
  },
  { text: 'Метод Array.prototype.map изменяет исходный массив.', content: { kind: 'truefalse', answer: false } },
  { text: 'Чему равно значение выражения $\\sqrt{2}$ с точностью до сотых?', content: { kind: 'numeric', value: 1.41, tolerance: 0.01 } },
  {
    text: 'Расположите этапы обработки HTTP-запроса по порядку.',
    points: 2,
    content: { kind: 'ordering', items: ['DNS-запрос', 'TCP-соединение', 'Отправка запроса', 'Получение ответа'] },
  },
  { text: 'Какое ключевое слово объявляет неизменяемую переменную в JavaScript?', content: { kind: 'short', accepted: ['const'] } },
  { text: 'Объясните разницу между let и var в JavaScript.', points: 3, content: { kind: 'essay' } },
];

async function seedTesting(db: Db, ctx: SeedContext): Promise<void> {
  const [taught] = await rowsOf<{ disciplineId: number; groupId: number }>(
    db,
    sql`select a.discipline_id as "disciplineId", g.id as "groupId"
          from teaching_assignments a
          join users u on u.teacher_id = a.teacher_id and u.login = ${DEMO_TEACHER.login}
          join groups g on g.name = ${DEMO_STUDENT.group} and (g.id = a.group_id or g.id in (select group_id from stream_groups where stream_id = a.stream_id))
         order by a.academic_year_id desc, a.working_semester_id desc, a.id
         limit 1`,
  );
  if (!taught) throw new Error('testing seed: the demo teacher teaches nothing to the demo group');
  const [teacher] = await rowsOf<{ id: number }>(db, sql`select teacher_id as id from users where login = ${DEMO_TEACHER.login}`);
  const ids: number[] = [];
  for (const [name, questions] of [
    ['HTML и CSS', BASICS],
    ['JavaScript', SCRIPTS],
  ] as const) {
    const [c] = await db
      .insert(testingCategories)
      .values({ disciplineId: taught.disciplineId, name, createdAt: ctx.now })
      .returning({ id: testingCategories.id });
    ids.push(c.id);
    await db.insert(testingQuestions).values(
      questions.map((q) => ({
        categoryId: c.id,
        kind: q.content.kind,
        text: q.text,
        points: q.points ?? 1,
        content: q.content,
        teacherId: teacher.id,
        updatedAt: ctx.now,
      })),
    );
  }
  const day = 86_400_000;
  const [test] = await db
    .insert(testingTests)
    .values({
      disciplineId: taught.disciplineId,
      title: 'Основы веб-разработки: текущий контроль',
      rules: [
        { id_category: ids[0], count: 4 },
        { id_category: ids[1], count: 4 },
      ],
      shuffleAnswers: true,
      timeLimit: 30,
      opensAt: new Date(ctx.now.getTime() - day),
      closesAt: new Date(ctx.now.getTime() + 60 * day),
      attempts: 2,
      counts: 'best',
      showScore: 'submit',
      showAnswers: 'close',
      password: null,
      networks: [],
      teacherId: teacher.id,
      createdAt: ctx.now,
    })
    .returning({ id: testingTests.id });
  await db.insert(testingTargets).values({ testId: test.id, groupId: taught.groupId, subgroupId: null });
  ctx.log(`testing: a bank of ${BASICS.length + SCRIPTS.length} questions and a test open for ${DEMO_STUDENT.group}`);
}

export const SEED_STEPS: readonly SeedStep[] = [{ name: '0022-testing', run: seedTesting }];
