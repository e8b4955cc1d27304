/**
 * Text answers are saved as they are typed: after a pause in typing (TYPING_PAUSE_MS), when the field
 * is left and before submitting, each with a newer version; nothing is sent again when nothing
 * changed; typed while offline, an answer is kept here and sent when the connection is back. In the
 * last seconds before the deadline the pause is short, and never ends after the time left allows.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnswerBody, Paper } from '@contract/testing';
import { initialSessionState } from '@shared/session/session';
import { initTestI18n } from '../../test/i18n';
import { makeStore, renderWithStore } from '../../test/render';
import { http, HttpResponse, ok, server, student } from '../../test/server';
import { NEAR_END_MS, NEAR_END_PAUSE_MS, TYPING_PAUSE_MS, typingPause } from './attempt.saga';
import { attemptActions } from './attempt.slice';
import TestingScreen from './TestingScreen';
import { myTest, NOW, review } from './testing.fixtures';

const DEADLINE = '2026-11-30T10:30:00.000Z';
/** The test of two questions with its attempt under way, and that attempt once submitted. */
const listed = myTest({ questions: 2, attemptsLeft: 1, openAttempt: 41, maxScore: 2 });
const submitted = review({ state: 'finished', score: null, maxScore: 2 });
const question = { image: null, points: 1, options: [], left: [], answer: null, version: 0 };
const paper: Paper = {
  id_attempt: 41,
  id_test: 3,
  title: 'Web basics',
  number: 1,
  startedAt: NOW,
  deadline: DEADLINE,
  now: NOW,
  questions: [
    { ...question, slot: 1, kind: 'essay', text: 'Why semantic HTML?' },
    { ...question, slot: 2, kind: 'short', text: 'The tag of a paragraph' },
  ],
};

/** The requests the server saw, in order; answer saves fail while `down.value`. */
function serve(down = { value: false }) {
  const seen: (AnswerBody | 'submit')[] = [];
  server.use(
    http.post('/api/testing/my.json', () => ok([listed])),
    http.post('/api/testing/resume.json', () => ok(paper)),
    http.post('/api/testing/answer.json', async ({ request }) => {
      const body = (await request.json()) as AnswerBody;
      if (down.value) return HttpResponse.error();
      seen.push(body);
      return ok({ slot: body.slot, version: body.version, saved: true, deadline: DEADLINE });
    }),
    http.post('/api/testing/submit.json', () => {
      seen.push('submit');
      return ok(submitted);
    }),
    http.post('/api/testing/review.json', () => ok(submitted)),
  );
  return seen;
}

async function openAttempt() {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: student } });
  renderWithStore(<TestingScreen />, { route: '/lms/testing?attempt=41', store });
  await user.click(await screen.findByRole('checkbox', { name: 'All questions on one page' }));
  const [essay, short] = screen.getAllByRole('textbox', { name: 'Your answer' }) as [HTMLElement, HTMLElement];
  return { user, essay, short, store };
}

describe('TestingScreen, typed answers (en)', () => {
  beforeEach(async () => {
    localStorage.clear();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await initTestI18n('en');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves an essay after a pause in typing and shows it answered at once, with no second save on leaving it unchanged', async () => {
    const seen = serve();
    const { user, essay, short } = await openAttempt();
    await user.type(essay, 'It is accessible');
    expect(screen.getByRole('button', { name: 'Question 1: answered' })).toBeInTheDocument();
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(TYPING_PAUSE_MS);
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({ id_attempt: 41, slot: 1, answer: { kind: 'essay', text: 'It is accessible' } });
    const firstVersion = (seen[0] as AnswerBody).version;
    await user.type(essay, '.');
    vi.advanceTimersByTime(TYPING_PAUSE_MS);
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toMatchObject({ slot: 1, answer: { kind: 'essay', text: 'It is accessible.' } });
    expect((seen[1] as AnswerBody).version).toBeGreaterThan(firstVersion);
    expect(within(screen.getAllByTestId('ts-question')[0]!).getByTestId('ts-save')).toHaveTextContent('Saved');

    // Leaving the essay unchanged sends nothing; the short answer is sent on leaving it, before any pause.
    await user.click(short);
    await user.type(short, ' p ');
    await user.tab();
    await waitFor(() => expect(seen).toHaveLength(3));
    expect(seen[2]).toMatchObject({ slot: 2, answer: { kind: 'short', text: 'p' } });
    vi.advanceTimersByTime(TYPING_PAUSE_MS);
    await user.click(essay);
    await user.tab();
    await user.click(screen.getByTestId('ts-submit'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(seen).toHaveLength(4));
    expect(seen[3]).toBe('submit');
  });

  it('sends a typed answer before submitting, while the field still has the focus', async () => {
    const seen = serve();
    const { user, essay, store } = await openAttempt();
    await user.type(essay, 'Unfinished thought');
    expect(essay).toHaveFocus();
    store.dispatch(attemptActions.submitRequested());
    await waitFor(() => expect(seen).toContain('submit'));
    expect(seen).toEqual([expect.objectContaining({ slot: 1, answer: { kind: 'essay', text: 'Unfinished thought' } }), 'submit']);
    await user.tab();
    vi.advanceTimersByTime(TYPING_PAUSE_MS);
    expect(await screen.findByTestId('ts-ended')).toHaveTextContent('The attempt is submitted.');
    expect(seen).toHaveLength(2);
  });

  it('keeps an answer typed offline on this device and sends it when the connection is back', async () => {
    const down = { value: true };
    const seen = serve(down);
    const { user, short } = await openAttempt();
    await user.type(short, 'p');
    vi.advanceTimersByTime(TYPING_PAUSE_MS);
    await waitFor(() => expect(screen.getByTestId('ts-save')).toHaveTextContent('Not saved: kept on this device'));
    expect(JSON.parse(localStorage.getItem('testing.answers.41') ?? '{}')).toMatchObject({ 2: { answer: { kind: 'short', text: 'p' } } });
    expect(screen.getByRole('button', { name: 'Question 2: answered' })).toBeInTheDocument();
    down.value = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(seen).toEqual([expect.objectContaining({ slot: 2, answer: { kind: 'short', text: 'p' } })]));
    await waitFor(() => expect(screen.getByTestId('ts-save')).toHaveTextContent('Saved'));
  });
});

describe('the pause in typing before the deadline', () => {
  it('is the usual pause far from the deadline, ends as the last seconds begin, and is short within them', () => {
    expect(typingPause(30 * 60_000)).toBe(TYPING_PAUSE_MS);
    expect(typingPause(NEAR_END_MS + TYPING_PAUSE_MS)).toBe(TYPING_PAUSE_MS);
    expect(typingPause(NEAR_END_MS + 500)).toBe(500);
    expect(typingPause(NEAR_END_MS + 100)).toBe(NEAR_END_PAUSE_MS);
    expect(typingPause(3_000)).toBe(NEAR_END_PAUSE_MS);
    expect(typingPause(0)).toBe(NEAR_END_PAUSE_MS);
    expect(NEAR_END_PAUSE_MS).toBeLessThan(TYPING_PAUSE_MS);
  });
});
