/**
 * What the testing area's test files share: the demo teacher's discipline for the demo student's
 * group (the seeded test's), a bank of one question of every kind made through the calls, and a
 * test's settings to vary.
 */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { QuestionContent, QuestionSaveBody, TestSaveBody } from '@contract/testing';
import { students } from '../../db/schema';
import type { TestAppFixture } from '../../test/fixture';
import type { SignedIn } from '../../test/requests';
import { testingTests } from './testing.schema';

export const API = '/api/testing';

export const KINDS: { text: string; points: number; content: QuestionContent }[] = [
  {
    text: 'Столица Кыргызстана?',
    points: 1,
    content: {
      kind: 'single',
      options: [
        { text: 'Бишкек', correct: true },
        { text: 'Ош', correct: false },
        { text: 'Нарын', correct: false },
      ],
    },
  },
  {
    text: 'Простые числа?',
    points: 2,
    content: {
      kind: 'multiple',
      options: [
        { text: '2', correct: true },
        { text: '3', correct: true },
        { text: '4', correct: false },
      ],
    },
  },
  { text: 'Земля круглая.', points: 1, content: { kind: 'truefalse', answer: true } },
  { text: 'Язык разметки?', points: 1, content: { kind: 'short', accepted: ['HTML', 'гипертекст'] } },
  { text: 'Чему равно $\\pi$ до сотых?', points: 1, content: { kind: 'numeric', value: 3.14, tolerance: 0.005 } },
  {
    text: 'Сопоставьте.',
    points: 2,
    content: {
      kind: 'matching',
      pairs: [
        { left: 'кот', right: 'мяу' },
        { left: 'пёс', right: 'гав' },
        { left: '', right: 'му' },
      ],
    },
  },
  { text: 'По порядку.', points: 2, content: { kind: 'ordering', items: ['один', 'два', 'три', 'четыре'] } },
  { text: 'Опишите HTTP.', points: 3, content: { kind: 'essay' } },
];

export interface Bank {
  disciplineId: number;
  groupId: number;
  categoryId: number;
  questionIds: number[];
}

export async function post<T>(who: SignedIn, url: string, body: object, status = 200): Promise<T> {
  const res = await who.post(`${API}/${url}`, body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as T;
}

export async function errorOf(
  who: SignedIn,
  url: string,
  body: object,
): Promise<{ status: number; code: string; message: string; params?: Record<string, string | number> }> {
  const res = await who.post(`${API}/${url}`, body);
  const error = res.json().error as { code: string; message: string; params?: Record<string, string | number> } | null;
  return { status: res.statusCode, code: error?.code ?? '', message: error?.message ?? '', params: error?.params };
}

/** A category of the seeded test's discipline holding one question of every kind. */
export async function makeBank(fx: TestAppFixture, name: string): Promise<Bank> {
  const d = fx.db.database.db;
  const [seeded] = await d.select({ disciplineId: testingTests.disciplineId }).from(testingTests).orderBy(testingTests.id).limit(1);
  const [student] = await d.select({ groupId: students.groupId }).from(students).where(eq(students.id, fx.student.user.uid));
  const categories = await post<{ id: number; name: string }[]>(fx.teacher, 'category-save.json', { id_discipline: seeded.disciplineId, name });
  const categoryId = categories.find((c) => c.name === name)!.id;
  const questionIds: number[] = [];
  for (const q of KINDS) {
    const body: QuestionSaveBody = { id_category: categoryId, ...q };
    questionIds.push((await post<{ question: { id: number } }>(fx.teacher, 'question-save.json', body)).question.id);
  }
  return { disciplineId: seeded.disciplineId, groupId: student.groupId, categoryId, questionIds };
}

/** A test of the whole bank for the demo student's group, open from an hour ago for a day. */
export function settings(bank: Bank, now: Date, change: Partial<TestSaveBody> = {}): TestSaveBody {
  return {
    id_discipline: bank.disciplineId,
    title: 'Проверочный тест',
    targets: [{ id_group: bank.groupId, id_subgroup: null }],
    rules: [{ id_category: bank.categoryId, count: KINDS.length }],
    shuffleAnswers: true,
    timeLimit: 20,
    opensAt: new Date(now.getTime() - 3_600_000).toISOString(),
    closesAt: new Date(now.getTime() + 86_400_000).toISOString(),
    attempts: 2,
    counts: 'best',
    showScore: 'submit',
    showAnswers: 'close',
    password: null,
    networks: [],
    ...change,
  };
}
