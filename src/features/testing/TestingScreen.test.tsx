/**
 * The attempt screen: each answer is saved as given, a failed save says so and is sent again on a
 * retry, a reload resumes the attempt with the answers kept here, submitting asks first and lists
 * the unanswered questions, and the server's deadline ends the attempt with its submitted state.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnswerBody, Paper } from '@contract/testing';
import { initialSessionState } from '@shared/session/session';
import { initTestI18n } from '../../test/i18n';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, http, HttpResponse, ok, server, student } from '../../test/server';
import TestingScreen from './TestingScreen';
import { myTest, NOW, review } from './testing.fixtures';

const paper = (over: Partial<Paper> = {}): Paper => ({
  id_attempt: 41,
  id_test: 3,
  title: 'Web basics',
  number: 1,
  startedAt: NOW,
  deadline: '2026-11-30T10:30:00.000Z',
  now: NOW,
  questions: [
    {
      slot: 1,
      kind: 'single',
      text: 'HTML stands for?',
      image: null,
      points: 1,
      options: [
        { id: 0, text: 'HyperText Markup Language' },
        { id: 1, text: 'Home Tool' },
      ],
      left: [],
      answer: null,
      version: 0,
    },
    { slot: 2, kind: 'truefalse', text: 'CSS styles pages.', image: null, points: 1, options: [], left: [], answer: null, version: 0 },
    {
      slot: 3,
      kind: 'ordering',
      text: 'Order the tags',
      image: null,
      points: 1,
      options: [
        { id: 0, text: 'head' },
        { id: 1, text: 'body' },
      ],
      left: [],
      answer: null,
      version: 0,
    },
  ],
  ...over,
});
function studentStore() {
  return makeStore({ session: { ...initialSessionState, status: 'authenticated', user: student } });
}

describe('TestingScreen, the attempt (en)', () => {
  beforeEach(async () => {
    localStorage.clear();
    await initTestI18n('en');
  });

  it('saves each answer as given, says when a save failed and sends it again on a retry', async () => {
    const saves: AnswerBody[] = [];
    let down = true;
    server.use(
      http.post('/api/testing/my.json', () => ok([myTest()])),
      http.post('/api/testing/start.json', () => ok(paper())),
      http.post('/api/testing/answer.json', async ({ request }) => {
        const body = (await request.json()) as AnswerBody;
        if (body.slot === 2 && down) return HttpResponse.error();
        saves.push(body);
        return ok({ slot: body.slot, version: body.version, saved: true, deadline: '2026-11-30T10:30:00.000Z' });
      }),
    );
    renderWithStore(<TestingScreen />, { route: '/lms/testing', store: studentStore() });
    await userEvent.click(await screen.findByRole('button', { name: 'Start the test' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'HyperText Markup Language' }));
    await waitFor(() => expect(screen.getByTestId('ts-save')).toHaveTextContent('Saved'));
    expect(saves[0]).toMatchObject({ id_attempt: 41, slot: 1, version: 1, answer: { kind: 'single', choice: 0 } });
    expect(screen.getByRole('button', { name: 'Question 1: answered' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('radio', { name: 'True' }));
    await waitFor(() => expect(screen.getByTestId('ts-save')).toHaveTextContent('Not saved: kept on this device'));
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('ts-save')).toHaveTextContent('Saved'));
    expect(saves[1]).toMatchObject({ slot: 2, version: 1, answer: { kind: 'truefalse', value: true } });
  });

  it('resumes after a reload with the answers kept here sent again, and ordering moves by buttons', async () => {
    localStorage.setItem('testing.answers.41', JSON.stringify({ 2: { answer: { kind: 'truefalse', value: false }, version: 3 } }));
    const saves: AnswerBody[] = [];
    server.use(
      http.post('/api/testing/my.json', () => ok([myTest({ openAttempt: 41 })])),
      http.post('/api/testing/resume.json', () =>
        ok(paper({ questions: paper().questions.map((q) => (q.slot === 1 ? { ...q, answer: { kind: 'single', choice: 1 }, version: 1 } : q)) })),
      ),
      http.post('/api/testing/answer.json', async ({ request }) => {
        const body = (await request.json()) as AnswerBody;
        saves.push(body);
        return ok({ slot: body.slot, version: body.version, saved: true, deadline: '2026-11-30T10:30:00.000Z' });
      }),
    );
    renderWithStore(<TestingScreen />, { route: '/lms/testing?attempt=41', store: studentStore() });
    expect(await screen.findByRole('radio', { name: 'Home Tool' })).toBeChecked();
    await waitFor(() => expect(saves).toEqual([expect.objectContaining({ slot: 2, version: 3, answer: { kind: 'truefalse', value: false } })]));
    await userEvent.click(screen.getByRole('checkbox', { name: 'All questions on one page' }));
    expect(screen.getByRole('radio', { name: 'False' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Move down: head' }));
    await waitFor(() => expect(saves[1]).toMatchObject({ slot: 3, version: 1, answer: { kind: 'ordering', order: [1, 0] } }));
    const items = screen.getAllByRole('listitem').filter((li) => li.classList.contains('ts-order-item'));
    expect(items.map((li) => li.firstChild?.textContent)).toEqual(['body', 'head']);
  });

  it('asks before submitting, naming the unanswered questions, then shows the result', async () => {
    const submitted: unknown[] = [];
    server.use(
      http.post('/api/testing/my.json', () => ok([myTest({ openAttempt: 41 })])),
      http.post('/api/testing/resume.json', () => ok(paper())),
      http.post('/api/testing/answer.json', async ({ request }) => {
        const body = (await request.json()) as AnswerBody;
        return ok({ slot: body.slot, version: body.version, saved: true, deadline: '2026-11-30T10:30:00.000Z' });
      }),
      http.post('/api/testing/submit.json', async ({ request }) => {
        submitted.push(await request.json());
        return ok(review());
      }),
      http.post('/api/testing/review.json', () => ok(review())),
    );
    renderWithStore(<TestingScreen />, { route: '/lms/testing', store: studentStore() });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue the attempt' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'HyperText Markup Language' }));
    await userEvent.click(screen.getByRole('button', { name: 'Question 3: not answered' }));
    await userEvent.click(screen.getByRole('button', { name: 'Flag' }));
    expect(screen.getByRole('button', { name: 'Question 3: not answered, flagged' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('ts-submit'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Questions 2, 3 have no answer.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(submitted).toEqual([]);
    await userEvent.click(screen.getByTestId('ts-submit'));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('ts-review-state')).toHaveTextContent('graded · score 2 of 3');
    expect(screen.getByTestId('ts-ended')).toHaveTextContent('The attempt is submitted.');
    expect(submitted).toEqual([{ id_attempt: 41, device: expect.any(String) }]);
  });

  it("ends the attempt when the server's deadline passes, by the server's clock, and shows the submitted state", async () => {
    const submitted: unknown[] = [];
    server.use(
      http.post('/api/testing/my.json', () => ok([myTest({ openAttempt: 41 })])),
      // The server's clock is at the deadline already, whatever this clock says.
      http.post('/api/testing/resume.json', () => ok(paper({ now: '2026-11-30T10:30:00.000Z' }))),
      http.post('/api/testing/submit.json', () => {
        submitted.push(1);
        return fail(409, 'TEST_TIME_OVER', 'The time is over');
      }),
      http.post('/api/testing/review.json', () => ok(review({ state: 'graded', score: 0 }))),
    );
    renderWithStore(<TestingScreen />, { route: '/lms/testing?attempt=41', store: studentStore() });
    expect(await screen.findByText('Time is over: the attempt was submitted with the answers saved.')).toBeInTheDocument();
    expect(screen.getByTestId('ts-review-state')).toHaveTextContent('graded · score 0 of 3');
    expect(submitted).toEqual([1]);
  });
});
