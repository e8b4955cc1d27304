/**
 * The teacher's results: an attempt opened there shows its log (each event translated, with its
 * time and address), its failure with Retry and an empty log said as such; the keyboard's focus
 * follows the opening and the closing. And a refusal with a testing code (TEST_*) is said in the
 * portal's own words, in the language in use, whatever the server's message.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttemptLogEntry, Paper, Results } from '@contract/testing';
import type { ErrorCode } from '@contract/common';
import { formatDateTime } from '@lib/dates';
import { initialSessionState } from '@shared/session/session';
import { initTestI18n, resources } from '../../test/i18n';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, http, ok, server, student, teacher } from '../../test/server';
import TestingScreen from './TestingScreen';
import { discipline, myTest, review, teacherBankHandlers } from './testing.fixtures';

const results: Results = {
  id_test: 3,
  title: 'Web basics',
  maxScore: 3,
  lines: [
    {
      id_student: 9,
      fio: 'Aliev Azamat',
      group: 'PI-1-22',
      attempts: [{ id: 41, number: 1, state: 'graded', startedAt: '2026-11-30T10:00:00.000Z', finishedAt: '2026-11-30T10:20:00.000Z', score: 2 }],
      score: 2,
    },
  ],
  questions: [],
};
const graded = review({ finishedAt: '2026-11-30T10:20:00.000Z' });
/** Times on this machine's clock, so that what the screen shows does not depend on its time zone. */
const at = (h: number, m: number, s: number) => new Date(2026, 10, 30, h, m, s).toISOString();
const log: AttemptLogEntry[] = [
  { event: 'start', at: at(10, 0, 5), ip: '10.0.0.12' },
  { event: 'focus_lost', at: at(10, 4, 31), ip: '10.0.0.12' },
  { event: 'device', at: at(10, 6, 2), ip: '192.168.1.40' },
  { event: 'submit', at: at(10, 19, 58), ip: '192.168.1.40' },
  { event: 'graded', at: at(11, 2, 0), ip: null },
];

function teacherHandlers(logReply: () => Response) {
  const asked: unknown[] = [];
  server.use(
    ...teacherBankHandlers(results),
    http.post('/api/testing/review.json', () => ok(graded)),
    http.post('/api/testing/log.json', async ({ request }) => {
      asked.push(await request.json());
      return logReply();
    }),
  );
  return asked;
}

/** Signed in as the teacher: his tests, the test's results, then its student's attempt opened. */
async function openAttempt() {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher } });
  renderWithStore(<TestingScreen />, { route: '/lms/testing', store });
  await userEvent.click(await screen.findByRole('tab', { name: 'Tests' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Results: Web basics' }));
  const opener = await screen.findByRole('button', { name: /Attempt 1 of Aliev Azamat/ });
  await userEvent.click(opener);
  return opener;
}

describe('TestingScreen, the log of an attempt in the results (en)', () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });

  it('shows each event translated, with its time to the second and its address; the focus follows opening and closing', async () => {
    const asked = teacherHandlers(() => ok(log));
    await openAttempt();
    const back = screen.getByRole('button', { name: 'Back to the results' });
    expect(back).toHaveFocus();
    const section = await screen.findByRole('region', { name: "The attempt's log" });
    const table = await within(section).findByRole('table', { name: "The attempt's log" });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['30/11/2026 10:00:05', 'Attempt started', '10.0.0.12'],
      ['30/11/2026 10:04:31', 'The test window lost the focus', '10.0.0.12'],
      ['30/11/2026 10:06:02', 'Attempt moved to another device', '192.168.1.40'],
      ['30/11/2026 10:19:58', 'Attempt submitted', '192.168.1.40'],
      ['30/11/2026 11:02:00', 'Essay graded by the teacher', 'not recorded'],
    ]);
    expect(within(table).getByText('30/11/2026 10:04:31')).toHaveAttribute('datetime', log[1]!.at);
    expect(screen.getByTestId('ts-review-state')).toHaveTextContent('graded · score 2 of 3');
    expect(asked).toEqual([{ id_attempt: 41 }]);

    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: "The attempt's log" })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Attempt 1 of Aliev Azamat/ })).toHaveFocus();
  });

  it('says when the log could not be read, keeps the review, and reads it again on Try again', async () => {
    let down = true;
    const asked = teacherHandlers(() => (down ? fail(403, 'FORBIDDEN', 'Access denied') : ok(log.slice(0, 1))));
    await openAttempt();
    const section = await screen.findByRole('region', { name: "The attempt's log" });
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent("Could not load the attempt's log");
    expect(alert).toHaveTextContent('Access denied.');
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByTestId('ts-review-state')).toHaveTextContent('graded · score 2 of 3');

    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('cell', { name: 'Attempt started' })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(asked).toEqual([{ id_attempt: 41 }, { id_attempt: 41 }]);
  });

  it('says that a log without entries has none, only once it is read', async () => {
    teacherHandlers(() => ok([]));
    await openAttempt();
    const section = await screen.findByRole('region', { name: "The attempt's log" });
    expect(await within(section).findByText("The attempt's log has no entries yet.")).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });
});

const listed = myTest({ opensAt: '2026-12-01T04:00:00.000Z', closesAt: '2026-12-02T12:30:00.000Z', questions: 1, maxScore: 1 });
const paper: Paper = {
  id_attempt: 41,
  id_test: 3,
  title: 'Web basics',
  number: 1,
  startedAt: '2026-11-30T10:00:00.000Z',
  deadline: '2099-11-30T10:30:00.000Z',
  now: '2026-11-30T10:00:00.000Z',
  questions: [{ slot: 1, kind: 'truefalse', text: 'CSS styles pages.', image: null, points: 1, options: [], left: [], answer: null, version: 0 }],
};
const studentStore = () => makeStore({ session: { ...initialSessionState, status: 'authenticated', user: student } });

describe('TestingScreen, refusals with a testing code', () => {
  it('en: a start outside the opening hours names them as the portal writes times, not as the server sent them', async () => {
    await initTestI18n('en');
    server.use(
      http.post('/api/testing/my.json', () => ok([listed])),
      http.post('/api/testing/start.json', () =>
        fail(409, 'TEST_NOT_OPEN', 'server words', { opensAt: '2026-12-01T04:00:00.000Z', closesAt: '2026-12-02T12:30:00.000Z' }),
      ),
    );
    renderWithStore(<TestingScreen />, { route: '/lms/testing', store: studentStore() });
    await userEvent.click(await screen.findByRole('button', { name: 'Start the test' }));
    const alert = await screen.findByRole('alert');
    const opens = formatDateTime('2026-12-01T04:00:00.000Z', 'en');
    const closes = formatDateTime('2026-12-02T12:30:00.000Z', 'en');
    expect(alert).toHaveTextContent(`The test is not open now: it is open from ${opens} to ${closes}.`);
    expect(alert).not.toHaveTextContent('server words');
    expect(alert).not.toHaveTextContent('2026-12-01T');
  });

  it('kg: an answer refused because another device took the attempt over says so in Kyrgyz beside "not saved"', async () => {
    await initTestI18n('kg');
    server.use(
      http.post('/api/testing/my.json', () => ok([listed])),
      http.post('/api/testing/start.json', () => ok(paper)),
      http.post('/api/testing/answer.json', () => fail(409, 'TEST_OTHER_DEVICE', 'server words')),
    );
    renderWithStore(<TestingScreen />, { route: '/lms/testing', store: studentStore() });
    await userEvent.click(await screen.findByRole('button', { name: 'Тестти баштоо' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Туура' }));
    await waitFor(() => expect(screen.getByTestId('ts-save')).toHaveTextContent('Аракет башка түзмөктө уланды. Бул жерде жооп берүү үчүн аны кайра ачыңыз.'));
    expect(screen.getByTestId('ts-save')).not.toHaveTextContent('server words');
  });

  it('ru: deleting a question a paper drew meanwhile is refused in the words of the portal', async () => {
    await initTestI18n('ru');
    const question = {
      id: 12,
      id_category: 1,
      text: 'CSS styles pages.',
      points: 1,
      content: { kind: 'truefalse' as const, value: true },
      image: null,
      // Not in use when the list was read: a student's paper drew it since.
      inUse: false,
      updatedAt: '2026-11-30T10:00:00.000Z',
    };
    server.use(
      http.post('/api/testing/disciplines.json', () => ok([discipline])),
      http.post('/api/testing/categories.json', () => ok([{ id: 1, name: 'Basics', questions: 1 }])),
      http.post('/api/testing/questions.json', () => ok([question])),
      http.post('/api/testing/tests.json', () => ok([])),
      http.post('/api/testing/question-delete.json', () => fail(409, 'TEST_QUESTION_IN_USE', 'server words')),
    );
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher } });
    renderWithStore(<TestingScreen />, { route: '/lms/testing', store });
    await userEvent.click(await screen.findByRole('button', { name: /^Удалить: CSS styles pages/ }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Вопрос уже попал в билеты: его нельзя удалить, сменить его тип или число вариантов.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('server words');
  });
});

/** Every testing code of contract/common.ts: the type check fails when one is missing here. */
const TESTING_CODES: Record<Extract<ErrorCode, `TEST_${string}`>, true> = {
  TEST_NOT_OPEN: true,
  TEST_NO_ATTEMPTS: true,
  TEST_PASSWORD: true,
  TEST_NETWORK: true,
  TEST_TIME_OVER: true,
  TEST_ATTEMPT_CLOSED: true,
  TEST_OTHER_DEVICE: true,
  TEST_ANSWER: true,
  TEST_IMPORT: true,
  TEST_QUESTION_IN_USE: true,
  TEST_DRAW: true,
  TEST_QUESTION_INVALID: true,
  TEST_JOURNAL_MISMATCH: true,
  TEST_SHEET_MISMATCH: true,
  TEST_NO_RESULTS: true,
  TEST_IMAGE_TYPE: true,
};

describe('the testing codes', () => {
  it('each has its own text in kg, ru and en', () => {
    for (const lng of ['kg', 'ru', 'en']) {
      const errors = resources[lng]!.cm!.errors as Record<string, string>;
      for (const code of Object.keys(TESTING_CODES)) {
        expect(errors[code], `${lng}/cm.json errors.${code}`).toBeTruthy();
        expect(errors[code], `${lng}/cm.json errors.${code}`).not.toBe(errors.unknown);
      }
    }
  });
});
