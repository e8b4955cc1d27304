import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEntry, JournalData, JournalStart } from '@contract/journal';
import { initialSessionState } from '@shared/session/session';
import { makeStore, renderWithStore } from '../../test/render';
import { http, ok, server, teacher } from '../../test/server';
import JournalScreen from './JournalScreen';
import { currentSettings, journalInfo } from './journal.fixtures';

const journals = [journalInfo(41), journalInfo(42, { id_groupOrPotok: 11, groupOrPotok: 'ПИ-2-24' })];
const start: JournalStart = {
  years: [{ id: 2026, name: '2026-2027' }],
  half: { id_a_year: 2026, id_w_s: 1 },
  journals,
  times: [{ id: 1, name: '08:00–09:20' }],
  modules: [],
};
const dataOf = (id: number): JournalData => ({
  info: journals.find((j) => j.id_journal === id)!,
  journal: [[], []],
  students: [{ id_student: 100, s_fio: 'Абдыкадыров Азамат', code: '1', group: 'ПИ-1-24', subgroup: 1 }],
  dates: [],
  resArray: [],
  finals: [],
});

let location = '';
let navigate: NavigateFunction = () => undefined;
function Probe() {
  const l = useLocation();
  location = `${l.pathname}${l.search}`;
  navigate = useNavigate();
  return null;
}

beforeEach(() => {
  server.use(
    http.post('/api/chat/count.json', () => ok({ total: 0, contacts: [], groups: [] })),
    http.post('/api/visitlog/student/hidden.json', () => ok([])),
    http.get('/api/visitlog/start.json', () => ok(start)),
    http.post('/api/visitlog/journal.json', async ({ request }) => ok(dataOf(((await request.json()) as { id_journal: number }).id_journal))),
    http.post('/api/visitlog/teachertimes.json', () => ok([])),
  );
});

const heading = () => screen.findByRole('heading', { level: 2 });

describe('the chosen journal in the address', () => {
  it('a link (or a reload) with ?j= opens that journal; choosing another adds a history entry; back reopens the first', async () => {
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher }, settings: currentSettings });
    renderWithStore(
      <>
        <JournalScreen />
        <Probe />
      </>,
      { route: '/lms/journal?j=42', store },
    );
    expect(await heading()).toHaveTextContent('ПИ-2-24');
    expect(store.getState().journal.filters).toMatchObject({ semester: 5, discipline: 7, lessonType: 3, journal: 42 });
    expect(location).toBe('/journal?j=42');

    await userEvent.setup().selectOptions(screen.getByLabelText('Поток или группа'), '41');
    await waitFor(() => expect(location).toBe('/journal?j=41&y=2026&ws=1'));
    await waitFor(async () => expect(await heading()).toHaveTextContent('ПИ-1-24'));

    act(() => navigate(-1));
    await waitFor(() => expect(location).toBe('/journal?j=42'));
    await waitFor(async () => expect(await heading()).toHaveTextContent('ПИ-2-24'));
  });
});

describe('a journal of a past half-year in the address', () => {
  it('a link (or a reload) with its year and half-year lists that half-year, opens the journal and keeps the address', async () => {
    const past = journalInfo(77, {
      id_a_year: 2025,
      id_w_s: 2,
      groupOrPotok: 'ПИ-1-23',
      id_groupOrPotok: 12,
      startsOn: '2026-02-01',
      endsOn: '2026-06-30',
      closesOn: '2026-07-15',
      readOnly: true,
    });
    server.use(
      http.post('/api/visitlog/journals.json', async ({ request }) => {
        const body = (await request.json()) as { id_a_year: number; id_w_s: number };
        return ok(body.id_a_year === 2025 && body.id_w_s === 2 ? [past] : journals);
      }),
      http.get('/api/misc/years.json', () => ok([{ id: 2025, name: '2025-2026' }, ...start.years])),
      http.post('/api/visitlog/journal.json', () => ok({ ...dataOf(41), info: past })),
    );
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher }, settings: currentSettings });
    renderWithStore(
      <>
        <JournalScreen />
        <Probe />
      </>,
      { route: '/lms/journal?j=77&y=2025&ws=2', store },
    );
    expect(await heading()).toHaveTextContent('ПИ-1-23');
    expect(store.getState().journal).toMatchObject({ year: 2025, ws: 2, filters: { journal: 77 } });
    expect(location).toBe('/journal?j=77&y=2025&ws=2');
  });
});

describe('the filters once a journal is chosen', () => {
  it('fold into one line naming the journal, which opens them again', async () => {
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher }, settings: currentSettings });
    renderWithStore(<JournalScreen />, { route: '/lms/journal?j=42', store });
    expect(await heading()).toHaveTextContent('ПИ-2-24');
    const summary = screen.getByRole('button', { name: /2026-2027 · Осеннее полугодие · Веб-программирование · Лабораторная работа · ПИ-2-24/ });
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Поток или группа')).not.toBeVisible();
    await userEvent.setup().click(summary);
    expect(screen.getByLabelText('Поток или группа')).toBeVisible();
    expect(screen.getByLabelText('Учебный год')).toHaveFocus();
  });
});

describe('the history dialog', () => {
  it('names the student and the lesson, and says where each change came from, a test by its title', async () => {
    const data: JournalData = {
      ...dataOf(42),
      journal: [
        [{ id_studentJournalVisit: 1, id_student: 100, visitDate: '2026-09-07', id_time: 1, otsenka: null, source: 'qr', updatedAt: '2026-09-07T08:05:00Z' }],
        [],
      ],
      dates: [{ visitDate: '2026-09-07', id_time: 1, time: '08:00' }],
    };
    server.use(
      http.post('/api/visitlog/journal.json', () => ok(data)),
      http.post('/api/visitlog/visit/history.json', () =>
        ok<HistoryEntry[]>([
          { action: 'update', oldMark: null, newMark: '5', source: 'test', sourceTitle: 'Основы веба', who: 'Иванов Иван', at: '2026-09-08T10:00:00Z' },
          { action: 'insert', oldMark: null, newMark: null, source: 'qr', sourceTitle: null, who: 'Абдыкадыров Азамат', at: '2026-09-07T08:05:00Z' },
        ]),
      ),
    );
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher }, settings: currentSettings });
    renderWithStore(<JournalScreen />, { route: '/lms/journal?j=42', store });
    const user = userEvent.setup();
    // The lesson's cell (the final result's follows it).
    await user.click((await screen.findAllByRole('gridcell'))[0]);
    await user.click(screen.getByRole('button', { name: 'История ячейки' }));
    const dialog = await screen.findByRole('dialog', { name: 'История отметки · Абдыкадыров Азамат · 07.09 08:00' });
    await waitFor(() => expect(dialog).toHaveTextContent('(QR-отметка)'));
    // A mark given from a test's results names the test.
    expect(dialog).toHaveTextContent('(из теста «Основы веба»)');
  });
});
