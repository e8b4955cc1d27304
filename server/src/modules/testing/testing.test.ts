/**
 * /api/testing/ for teachers: only the discipline's teachers manage its bank and tests; a question
 * must be gradable; Aiken and GIFT imports are all or nothing, naming the bad lines; GIFT export
 * reads back; a question papers hold keeps its shape and its correction regrades them; results with
 * each question's difficulty and discrimination, and as a workbook; the seeded demo bank and test.
 */
import { and, eq, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_STUDENT, ROLE_TEACHER } from '@contract/common';
import type { Answer, Category, ImportBody, MyTest, Paper, Question, Results, Review, Test, TestingDiscipline } from '@contract/testing';
import { students } from '../../db/schema';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';
import type { SignedIn } from '../../test/requests';
import { API, errorOf, KINDS, makeBank, post, settings, type Bank } from './testing.fixture';
import { testingQuestions } from './testing.schema';

const clock = testClock();
const fx = useTestApp({ now: clock.now });
const d = () => fx.db.database.db;

let bank: Bank;
let other: SignedIn;

beforeAll(async () => {
  bank = await makeBank(fx, 'Банк');
  other = await fx.signInUnused('other-teacher', ROLE_TEACHER);
});

const questionCount = async () => (await d().select().from(testingQuestions)).length;

describe('the bank', () => {
  it("lists the teacher's disciplines with the groups he teaches them; refuses others and students", async () => {
    const mine = await post<TestingDiscipline[]>(fx.teacher, 'disciplines.json', {});
    expect(mine.find((x) => x.id === bank.disciplineId)?.groups.map((g) => g.id)).toContain(bank.groupId);
    expect((await errorOf(fx.student, 'disciplines.json', {})).status).toBe(403);
    for (const [url, body] of [
      ['categories.json', { id_discipline: bank.disciplineId }],
      ['questions.json', { id_discipline: bank.disciplineId }],
      ['question.json', { id_question: bank.questionIds[0] }],
      ['category-save.json', { id_discipline: bank.disciplineId, name: 'Чужая' }],
      ['question-delete.json', { id_question: bank.questionIds[0] }],
      ['tests.json', { id_discipline: bank.disciplineId }],
    ] as const) {
      expect((await errorOf(other, url, body)).status, url).toBe(403);
      expect((await errorOf(fx.student, url, body)).status, url).toBe(403);
    }
    expect((await fx.get(`${API}/export.gift?id_category=${bank.categoryId}`, other)).statusCode).toBe(403);
  });

  it('refuses a question that cannot be graded, in the caller language, writing nothing', async () => {
    const before = await questionCount();
    const res = await fx.post(
      `${API}/question-save.json`,
      fx.teacher,
      {
        id_category: bank.categoryId,
        text: 'Два верных?',
        points: 1,
        content: {
          kind: 'single',
          options: [
            { text: 'a', correct: true },
            { text: 'b', correct: true },
          ],
        },
      },
      'ru',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'TEST_QUESTION_INVALID',
      message: 'Вопрос нельзя оценить: у вопроса с одним ответом должен быть ровно один верный вариант',
    });
    expect(await questionCount()).toBe(before);
  });

  it('imports Aiken and GIFT; a bad line refuses the whole text, naming its lines', async () => {
    const aiken = ['Сколько будет 2+2?', 'A. 3', 'B. 4', 'ANSWER: B', '', 'Цвет неба?', 'A) синий', 'B) зелёный', 'ANSWER: A'].join('\n');
    const imp = (body: Omit<ImportBody, 'id_category'>) =>
      post<{ imported: number; kinds: Record<string, number> }>(fx.teacher, 'import.json', { id_category: bank.categoryId, ...body });
    expect(await imp({ format: 'aiken', text: aiken })).toMatchObject({ imported: 2, kinds: { single: 2 } });
    const gift = [
      '// комментарий',
      '::Q1:: Столица Франции? {=Париж ~Лион ~Марсель}',
      '',
      'Солнце — звезда. {T}',
      '',
      'Назовите язык разметки. {=HTML =гипертекст}',
      '',
      'Число e до сотых? {#2.72:0.01}',
      '',
      'Сопоставьте. {',
      '  =кот -> мяу',
      '  =пёс -> гав',
      '}',
      '',
      'Чётные? {~%50%2 ~%50%4 ~%-100%3}',
      '',
      'Расскажите о себе. {}',
    ].join('\n');
    expect(await imp({ format: 'gift', text: gift })).toMatchObject({
      imported: 7,
      kinds: { single: 1, truefalse: 1, short: 1, numeric: 1, matching: 1, multiple: 1, essay: 1 },
    });
    const before = await questionCount();
    const bad = ['Хороший вопрос? {T}', '', 'Плохой вопрос без ответа', '', 'Число? {#abc}', '', 'Ещё хороший {F}'].join('\n');
    const e = await errorOf(fx.teacher, 'import.json', { id_category: bank.categoryId, format: 'gift', text: bad });
    expect(e).toMatchObject({ status: 400, code: 'TEST_IMPORT', params: { lines: '3, 5', line: 3 } });
    expect(await questionCount()).toBe(before);
    const dry = await post<{ imported: number; problems: { line: number }[] }>(fx.teacher, 'import.json', {
      id_category: bank.categoryId,
      format: 'gift',
      text: bad,
      dryRun: true,
    });
    expect(dry).toMatchObject({ imported: 0, problems: [{ line: 3 }, { line: 5 }] });
    const aikenBad = await errorOf(fx.teacher, 'import.json', { id_category: bank.categoryId, format: 'aiken', text: 'Вопрос?\nA. да\nB. нет\nANSWER: C' });
    expect(aikenBad).toMatchObject({ code: 'TEST_IMPORT', params: { lines: '4' } });
    expect(await questionCount()).toBe(before);
  });

  it('exports a category to GIFT that imports back to the same questions', async () => {
    const res = await fx.get(`${API}/export.gift?id_category=${bank.categoryId}`, fx.teacher);
    expect(res.statusCode).toBe(200);
    const cats = await post<Category[]>(fx.teacher, 'category-save.json', { id_discipline: bank.disciplineId, name: 'Обратно' });
    const back = cats.find((c) => c.name === 'Обратно')!.id;
    await post(fx.teacher, 'import.json', { id_category: back, format: 'gift', text: res.body });
    const strip = (qs: Question[]) => qs.map((q) => [q.text, q.content]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const source = (await post<Question[]>(fx.teacher, 'questions.json', { id_discipline: bank.disciplineId, id_category: bank.categoryId })).filter(
      (q) => q.content.kind !== 'ordering',
    );
    const copy = await post<Question[]>(fx.teacher, 'questions.json', { id_discipline: bank.disciplineId, id_category: back });
    expect(strip(copy)).toEqual(strip(source));
  });
});

describe('tests, grading and results', () => {
  let test: Test;
  let exam: Bank;
  const D = 'device-results';

  /** A student's attempt answering every question right (teacher's review) or wrong. */
  async function take(who: SignedIn, right: boolean): Promise<number> {
    const paper = await post<Paper>(who, 'start.json', { id_test: test.id, device: D });
    const review = await post<Review>(fx.teacher, 'review.json', { id_attempt: paper.id_attempt });
    for (const q of review.questions) {
      const wrong: Answer =
        q.kind === 'truefalse' ? { kind: 'truefalse', value: false } : q.kind === 'short' ? { kind: 'short', text: 'нет' } : { kind: 'numeric', value: 0 };
      const answer = right ? q.correct : q.kind === 'truefalse' || q.kind === 'short' || q.kind === 'numeric' ? wrong : null;
      if (answer) await post(who, 'answer.json', { id_attempt: paper.id_attempt, device: D, slot: q.slot, version: 1, answer });
    }
    await post(who, 'submit.json', { id_attempt: paper.id_attempt, device: D });
    return paper.id_attempt;
  }

  it('refuses settings the bank cannot serve or the teacher does not teach, and a paper preview shows no answer', async () => {
    exam = await makeBank(fx, 'Экзамен');
    const tooMany = await errorOf(fx.teacher, 'test-save.json', settings(exam, clock.now(), { rules: [{ id_category: exam.categoryId, count: 50 }] }));
    expect(tooMany).toMatchObject({ status: 400, code: 'TEST_DRAW' });
    expect((await errorOf(fx.teacher, 'test-save.json', settings(exam, clock.now(), { networks: ['not-a-net'] }))).status).toBe(400);
    expect((await errorOf(other, 'test-save.json', settings(exam, clock.now()))).status).toBe(403);
    test = await post<Test>(fx.teacher, 'test-save.json', settings(exam, clock.now(), { showAnswers: 'submit' }));
    const preview = await post<Paper>(fx.teacher, 'preview.json', { id_test: test.id });
    expect(preview.questions).toHaveLength(KINDS.length);
    expect(JSON.stringify(preview)).not.toContain('correct');
    expect((await errorOf(fx.student, 'preview.json', { id_test: test.id })).status).toBe(403);
  });

  it('scores, corrects a question (regrading its papers), and gives results with statistics and a workbook', async () => {
    const best = await take(fx.student, true);
    const mate = await fx.signInUnused('results-mate', ROLE_STUDENT, and(eq(students.groupId, exam.groupId), ne(students.id, fx.student.user.uid)));
    const worst = await take(mate, false);
    const full = KINDS.reduce((n, k) => n + (k.content.kind === 'essay' ? 0 : k.points), 0);
    expect((await post<Review>(fx.student, 'review.json', { id_attempt: best })).score).toBe(full);
    expect((await post<Review>(mate, 'review.json', { id_attempt: worst })).score).toBe(0);
    const results = await post<Results>(fx.teacher, 'results.json', { id_test: test.id });
    expect(results.lines.find((l) => l.id_student === fx.student.user.uid)).toMatchObject({ score: full });
    const tf = results.questions.find((q) => q.kind === 'truefalse')!;
    expect(tf).toMatchObject({ answered: 2, difficulty: 0.5, discrimination: 1 });

    const single = (await d().select().from(testingQuestions).where(eq(testingQuestions.id, exam.questionIds[0])))[0];
    if (single.content.kind !== 'single') throw new Error('the first question is the single choice');
    const twoOptions = { kind: 'single', options: single.content.options.slice(0, 2).map((o, i) => ({ ...o, correct: i === 0 })) };
    expect(
      (await errorOf(fx.teacher, 'question-save.json', { id: single.id, id_category: exam.categoryId, text: single.text, points: 1, content: twoOptions }))
        .code,
    ).toBe('TEST_QUESTION_IN_USE');
    expect((await errorOf(fx.teacher, 'question-delete.json', { id_question: single.id })).code).toBe('TEST_QUESTION_IN_USE');

    const saved = await post<{ regraded: number }>(fx.teacher, 'question-save.json', {
      id: exam.questionIds[2],
      id_category: exam.categoryId,
      text: 'Земля плоская.',
      points: 1,
      content: { kind: 'truefalse', answer: false },
    });
    expect(saved.regraded).toBe(2);
    expect((await post<Review>(fx.teacher, 'review.json', { id_attempt: best })).score).toBe(full - 1);
    expect((await post<Review>(fx.teacher, 'review.json', { id_attempt: worst })).score).toBe(1);

    const xlsx = await fx.get(`${API}/results.xlsx?id_test=${test.id}`, fx.teacher);
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push([r.getCell(2).value, r.getCell(5).value]));
    expect(rows).toContainEqual([results.lines.find((l) => l.id_student === fx.student.user.uid)!.fio, full - 1]);
    expect((await fx.get(`${API}/results.xlsx?id_test=${test.id}`, other)).statusCode).toBe(403);
    expect((await errorOf(fx.teacher, 'test-delete.json', { id_test: test.id })).status).toBe(409);
  }, 120_000);
});

describe('the demo', () => {
  it('seeds a bank of a dozen questions and a test open for the demo student', async () => {
    const mine = await post<MyTest[]>(fx.student, 'my.json', {});
    const seeded = mine.find((t) => t.title === 'Основы веб-разработки: текущий контроль');
    expect(seeded).toMatchObject({ state: 'open', questions: 8, attemptsLeft: 2 });
    const cats = await post<Category[]>(fx.teacher, 'categories.json', { id_discipline: bank.disciplineId });
    expect(cats.filter((c) => c.name === 'HTML и CSS' || c.name === 'JavaScript').reduce((n, c) => n + c.questions, 0)).toBe(12);
  });
});
