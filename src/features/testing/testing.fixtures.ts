/**
 * Test data of the testing area's client tests: the demo teacher's discipline and one of its tests,
 * and a student's view of that test and of an attempt's review.
 */
import type { MyTest, Results, Review, Test, TestingDiscipline } from '@contract/testing';
import { http, ok } from '../../test/server';

export const discipline: TestingDiscipline = { id: 5, name: 'Web Programming', groups: [{ id: 7, name: 'PI-1-22', subgroups: [] }] };

export const test: Test = {
  id: 3,
  id_discipline: 5,
  discipline: 'Web Programming',
  title: 'Web basics',
  targets: [{ id_group: 7, id_subgroup: null }],
  rules: [{ id_category: 1, count: 3 }],
  shuffleAnswers: true,
  timeLimit: 30,
  opensAt: '2026-11-29T10:00:00.000Z',
  closesAt: '2026-12-30T10:00:00.000Z',
  attempts: 2,
  counts: 'best',
  showScore: 'submit',
  showAnswers: 'never',
  password: null,
  networks: [],
  questions: 3,
  maxScore: 3,
  attemptsTaken: 1,
};

/** The teacher's screen up to a test's results: his discipline, an empty bank, the test and `results`. */
export const teacherBankHandlers = (results: Results) => [
  http.post('/api/testing/disciplines.json', () => ok([discipline])),
  http.post('/api/testing/categories.json', () => ok([])),
  http.post('/api/testing/questions.json', () => ok([])),
  http.post('/api/testing/tests.json', () => ok([test])),
  http.post('/api/testing/results.json', () => ok(results)),
];

/** The moment the attempts of these tests start. */
export const NOW = '2026-11-30T10:00:00.000Z';

/** The test as the student's list shows it (open, no attempt under way); `over` sets what a case needs. */
export const myTest = (over: Partial<MyTest> = {}): MyTest => ({
  id: 3,
  title: 'Web basics',
  discipline: 'Web Programming',
  opensAt: '2026-11-29T10:00:00.000Z',
  closesAt: '2026-12-30T10:00:00.000Z',
  timeLimit: 30,
  questions: 3,
  attempts: 2,
  attemptsLeft: 2,
  password: false,
  state: 'open',
  openAttempt: null,
  score: null,
  maxScore: 3,
  finished: [],
  ...over,
});

/** The review of the student's first attempt (graded, started and finished at NOW); `over` sets what a case needs. */
export const review = (over: Partial<Review> = {}): Review => ({
  id_attempt: 41,
  id_test: 3,
  title: 'Web basics',
  student: 'Aliev Azamat',
  number: 1,
  state: 'graded',
  startedAt: NOW,
  finishedAt: NOW,
  score: 2,
  maxScore: 3,
  questions: [],
  ...over,
});
