/**
 * /api/testing/ for students: the paper carries no correct answer, no other question and no other
 * student's paper; one open attempt per student and test (two concurrent starts make one); saves
 * kept by version (the same save twice, or two at once, is one row; an older one never wins); a
 * second device takes the attempt over; the log; the review as the test allows it; who may take a
 * test (groups, password, networks, hours, attempts); the server's deadline. On PGlite and, in the
 * server-pg project, on PostgreSQL.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_STUDENT } from '@contract/common';
import type { Answer, AttemptLogEntry, MyTest, Paper, Review, Test } from '@contract/testing';
import { rowsOf } from '../../db/client';
import { students } from '../../db/schema';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';
import type { SignedIn } from '../../test/requests';
import { endExpiredAttempts } from './testing.attempts';
import { errorOf, KINDS, makeBank, post, settings, type Bank } from './testing.fixture';
import { testingAnswers, testingAttempts } from './testing.schema';

const clock = testClock();
const fx = useTestApp({ now: clock.now });
const d = () => fx.db.database.db;

let bank: Bank;
let test: Test;
let classmate: SignedIn;
let stranger: SignedIn;
const A = 'device-aaaa-1';
const B = 'device-bbbb-2';

beforeAll(async () => {
  bank = await makeBank(fx, 'Все виды');
  test = await post<Test>(fx.teacher, 'test-save.json', settings(bank, clock.now()));
  classmate = await fx.signInUnused('classmate', ROLE_STUDENT, and(eq(students.groupId, bank.groupId), ne(students.id, fx.student.user.uid)));
  stranger = await fx.signInUnused('stranger', ROLE_STUDENT, ne(students.groupId, bank.groupId));
});

/** The correct answers of an attempt's paper, as its teacher's review gives them. */
async function correctAnswers(attempt: number): Promise<Map<number, Answer>> {
  const review = await post<Review>(fx.teacher, 'review.json', { id_attempt: attempt });
  return new Map(review.questions.filter((q) => q.correct).map((q) => [q.slot, q.correct!]));
}

describe('the paper', () => {
  let paper: Paper;
  it('holds the drawn questions and nothing that tells their answers', async () => {
    paper = await post<Paper>(fx.student, 'start.json', { id_test: test.id, device: A });
    expect(paper.questions.map((q) => q.text).sort()).toEqual(KINDS.map((k) => k.text).sort());
    const body = JSON.stringify(paper);
    for (const word of ['correct', 'accepted', 'tolerance', 'content', '"q"', '"order"', '3.14']) expect(body).not.toContain(word);
    const ordering = paper.questions.find((q) => q.kind === 'ordering')!;
    expect(ordering.options.map((o) => o.text)).not.toEqual(['один', 'два', 'три', 'четыре']);
    const matching = paper.questions.find((q) => q.kind === 'matching')!;
    expect(matching.left).toEqual(['кот', 'пёс']);
    expect(matching.options.map((o) => o.text).sort()).toEqual(['гав', 'му', 'мяу']);
  });

  it('a second start gives the same open attempt; two concurrent starts make one attempt', async () => {
    const again = await post<Paper>(fx.student, 'start.json', { id_test: test.id, device: A });
    expect(again.id_attempt).toBe(paper.id_attempt);
    const [x, y] = await Promise.all([
      classmate.post('/api/testing/start.json', { id_test: test.id, device: A }),
      classmate.post('/api/testing/start.json', { id_test: test.id, device: A }),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(x.json().data.id_attempt).toBe(y.json().data.id_attempt);
    const rows = await d()
      .select()
      .from(testingAttempts)
      .where(and(eq(testingAttempts.testId, test.id), eq(testingAttempts.studentId, classmate.user.uid)));
    expect(rows).toHaveLength(1);
  });

  it("another student's attempt is refused to him whatever he asks; a student outside the groups and a teacher cannot start", async () => {
    for (const url of ['resume.json', 'submit.json', 'event.json', 'review.json']) {
      const e = await errorOf(classmate, url, { id_attempt: paper.id_attempt, device: A, event: 'focus_lost' });
      expect(e.status, url).toBe(403);
    }
    expect(
      (await errorOf(classmate, 'answer.json', { id_attempt: paper.id_attempt, device: A, slot: 1, version: 1, answer: { kind: 'truefalse', value: true } }))
        .status,
    ).toBe(403);
    expect((await errorOf(stranger, 'start.json', { id_test: test.id, device: A })).status).toBe(403);
    expect((await errorOf(fx.teacher, 'start.json', { id_test: test.id, device: A })).status).toBe(403);
    expect(await post<MyTest[]>(stranger, 'my.json', {})).toEqual([]);
  });

  it('saves by version: the same save twice is one, an older one never overwrites, two at once make one row', async () => {
    const slot = paper.questions.find((q) => q.kind === 'short')!.slot;
    const save = (version: number, text: string, device = A) =>
      fx.student.post('/api/testing/answer.json', { id_attempt: paper.id_attempt, device, slot, version, answer: { kind: 'short', text } });
    expect((await save(1, 'htm')).json().data).toMatchObject({ version: 1, saved: true });
    expect((await save(1, 'htm')).json().data).toMatchObject({ version: 1, saved: false });
    expect((await save(3, 'html')).json().data).toMatchObject({ version: 3, saved: true });
    expect((await save(2, 'stale')).json().data).toMatchObject({ version: 3, saved: false });
    const both = await Promise.all([save(4, 'НТМL'), save(4, 'НТМL')]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().data.saved).sort()).toEqual([false, true]);
    const rows = await d()
      .select()
      .from(testingAnswers)
      .where(and(eq(testingAnswers.attemptId, paper.id_attempt), eq(testingAnswers.slot, slot)));
    expect(rows.map((r) => [r.version, r.answer])).toEqual([[4, { kind: 'short', text: 'НТМL' }]]);
    const resumed = await post<Paper>(fx.student, 'resume.json', { id_attempt: paper.id_attempt, device: A });
    expect(resumed.questions.find((q) => q.slot === slot)).toMatchObject({ version: 4, answer: { kind: 'short', text: 'НТМL' } });
  });

  it('refuses an answer of another kind or naming an option the question has not, changing nothing', async () => {
    const single = paper.questions.find((q) => q.kind === 'single')!;
    /** The error code of an answer from device A at version 1. */
    const refusal = async (slot: number, answer: object) =>
      (await errorOf(fx.student, 'answer.json', { id_attempt: paper.id_attempt, device: A, slot, version: 1, answer })).code;
    expect(await refusal(single.slot, { kind: 'truefalse', value: true })).toBe('TEST_ANSWER');
    expect(await refusal(single.slot, { kind: 'single', choice: 9 })).toBe('TEST_ANSWER');
    expect(await refusal(99, { kind: 'single', choice: 0 })).toBe('TEST_ANSWER');
    const rows = await d()
      .select()
      .from(testingAnswers)
      .where(and(eq(testingAnswers.attemptId, paper.id_attempt), eq(testingAnswers.slot, single.slot)));
    expect(rows).toEqual([]);
  });

  it('a second device takes the attempt over; the first one is refused until it resumes; the log tells it all', async () => {
    await post<Paper>(fx.student, 'resume.json', { id_attempt: paper.id_attempt, device: B });
    const e = await errorOf(fx.student, 'answer.json', {
      id_attempt: paper.id_attempt,
      device: A,
      slot: 1,
      version: 1,
      answer: paper.questions[0].kind === 'essay' ? { kind: 'essay', text: 'x' } : { kind: 'truefalse', value: true },
    });
    expect(e).toMatchObject({ status: 409, code: 'TEST_OTHER_DEVICE' });
    await post(fx.student, 'event.json', { id_attempt: paper.id_attempt, device: B, event: 'focus_lost' });
    await post<Paper>(fx.student, 'resume.json', { id_attempt: paper.id_attempt, device: A });
    const log = await post<AttemptLogEntry[]>(fx.teacher, 'log.json', { id_attempt: paper.id_attempt });
    expect(log.map((l) => l.event)).toEqual(['start', 'resume', 'resume', 'device', 'resume', 'focus_lost', 'device', 'resume']);
    expect((await errorOf(fx.student, 'log.json', { id_attempt: paper.id_attempt })).status).toBe(403);
  });

  it('all right answers score every point but the essay, which waits for its teacher; the review hides the answers until the test closes', async () => {
    const right = await correctAnswers(paper.id_attempt);
    for (const [slot, answer] of right) await post(fx.student, 'answer.json', { id_attempt: paper.id_attempt, device: A, slot, version: 10, answer });
    const essay = paper.questions.find((q) => q.kind === 'essay')!;
    await post(fx.student, 'answer.json', {
      id_attempt: paper.id_attempt,
      device: A,
      slot: essay.slot,
      version: 1,
      answer: { kind: 'essay', text: 'Протокол передачи гипертекста' },
    });
    const review = await post<Review>(fx.student, 'submit.json', { id_attempt: paper.id_attempt, device: A });
    expect(review.state).toBe('finished');
    expect(review.score).toBeNull();
    expect(review.questions.every((q) => q.correct === null && q.accepted === null)).toBe(true);
    expect(review.questions.find((q) => q.kind === 'multiple')!.score).toBe(2);
    const graded = await post<Review>(fx.teacher, 'grade.json', { id_attempt: paper.id_attempt, slot: essay.slot, score: 2.5, comment: 'Неполно' });
    expect(graded.state).toBe('graded');
    expect(graded.score).toBe(KINDS.reduce((s, k) => s + k.points, 0) - 0.5);
    const mine = await post<Review>(fx.student, 'review.json', { id_attempt: paper.id_attempt });
    expect(mine.score).toBe(graded.score);
    expect(mine.questions.find((q) => q.kind === 'essay')).toMatchObject({ score: 2.5, comment: 'Неполно', correct: null });
    expect(
      (
        await errorOf(fx.student, 'answer.json', {
          id_attempt: paper.id_attempt,
          device: A,
          slot: 1,
          version: 99,
          answer: right.get(1) ?? { kind: 'essay', text: '' },
        })
      ).code,
    ).toBe('TEST_ATTEMPT_CLOSED');
  });
});

describe('who takes a test, and when', () => {
  it('asks the password, the networks and the opening hours; counts the attempts', async () => {
    const locked = await post<Test>(fx.teacher, 'test-save.json', settings(bank, clock.now(), { password: 'секрет', attempts: 1 }));
    expect((await errorOf(fx.student, 'start.json', { id_test: locked.id, device: A, password: 'нет' })).code).toBe('TEST_PASSWORD');
    const paper = await post<Paper>(fx.student, 'start.json', { id_test: locked.id, device: A, password: 'секрет' });
    await post(fx.student, 'submit.json', { id_attempt: paper.id_attempt, device: A });
    expect(await errorOf(fx.student, 'start.json', { id_test: locked.id, device: A, password: 'секрет' })).toMatchObject({
      status: 409,
      code: 'TEST_NO_ATTEMPTS',
    });
    const campus = await post<Test>(fx.teacher, 'test-save.json', settings(bank, clock.now(), { networks: ['10.0.0.0/8'] }));
    expect(await errorOf(fx.student, 'start.json', { id_test: campus.id, device: A })).toMatchObject({ status: 403, code: 'TEST_NETWORK' });
    const later = new Date(clock.now().getTime() + 86_400_000);
    const tomorrow = await post<Test>(fx.teacher, 'test-save.json', settings(bank, later));
    const e = await errorOf(fx.student, 'start.json', { id_test: tomorrow.id, device: A });
    expect(e).toMatchObject({ status: 409, code: 'TEST_NOT_OPEN' });
    const started = await rowsOf<{ n: number }>(d(), sql`select count(*)::int as n from testing_attempts where test_id in (${campus.id}, ${tomorrow.id})`);
    expect(started).toEqual([{ n: 0 }]);
    const list = await post<MyTest[]>(fx.student, 'my.json', {});
    expect(list.find((t) => t.id === tomorrow.id)).toMatchObject({ state: 'upcoming', attemptsLeft: 2 });
    expect(list.find((t) => t.id === locked.id)).toMatchObject({ state: 'open', attemptsLeft: 0, password: true });
  });

  it('ends an attempt at its deadline whatever the client does: a late answer is refused and the attempt is graded', async () => {
    const timed = await post<Test>(fx.teacher, 'test-save.json', settings(bank, clock.now(), { timeLimit: 5 }));
    const paper = await post<Paper>(classmate, 'start.json', { id_test: timed.id, device: A });
    const tf = paper.questions.find((q) => q.kind === 'truefalse')!;
    await post(classmate, 'answer.json', { id_attempt: paper.id_attempt, device: A, slot: tf.slot, version: 1, answer: { kind: 'truefalse', value: true } });
    const idle = await post<Paper>(fx.student, 'start.json', { id_test: timed.id, device: A });
    clock.advance(6 * 60_000);
    const e = await errorOf(classmate, 'answer.json', {
      id_attempt: paper.id_attempt,
      device: A,
      slot: tf.slot,
      version: 2,
      answer: { kind: 'truefalse', value: false },
    });
    expect(e).toMatchObject({ status: 409, code: 'TEST_TIME_OVER' });
    const [row] = await d().select().from(testingAttempts).where(eq(testingAttempts.id, paper.id_attempt));
    expect(row).toMatchObject({ state: 'graded', score: 1 });
    expect(row.finishedAt?.toISOString()).toBe(paper.deadline);
    expect((await errorOf(classmate, 'resume.json', { id_attempt: paper.id_attempt, device: A })).code).toBe('TEST_ATTEMPT_CLOSED');
    // Housekeeping ends the attempt nobody touches any more.
    expect(await endExpiredAttempts({ db: d(), now: clock.now })).toBeGreaterThanOrEqual(1);
    const [ended] = await d().select().from(testingAttempts).where(eq(testingAttempts.id, idle.id_attempt));
    expect(ended).toMatchObject({ state: 'graded', score: 0 });
    expect(ended.finishedAt?.toISOString()).toBe(idle.deadline);
    const log = await post<AttemptLogEntry[]>(fx.teacher, 'log.json', { id_attempt: idle.id_attempt });
    expect(log.map((l) => l.event)).toEqual(['start', 'expired']);
  });
});
