/** The teacher's grid after its lessons: each module's subtotal, and the final result typed, refused, discarded and its history. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JournalData, JournalInfo } from '@contract/journal';
import { initialSessionState } from '@shared/session/session';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, http, ok, recordRequests, requestsSettled, server, teacher } from '../../test/server';
import JournalScreen from './JournalScreen';
import { journalInfo, openJournalState } from './journal.fixtures';

const times = [{ id: 1, name: '08:00–09:20' }];
const years = [{ id: 2026, name: '2026-27' }];
const modules = [
  { id: 1, name: 'Модуль 1' },
  { id: 2, name: 'Модуль 2' },
];

const visit = (id: number, date: string, mark: string | null) => ({
  id_studentJournalVisit: id,
  id_student: 100,
  visitDate: date,
  id_time: 1,
  otsenka: mark,
  source: 'journal',
  updatedAt: `${date}T08:00:00.000Z`,
});
const topic = (date: string, module: number) => ({ visitDate: date, id_time: 1, topic: 'Тема', lessonNumber: 1, hours: 2, id_module: module });

/** One student; 06.10 (module 1) a 4, 13.10 (module 1) a 5, 20.10 (module 2) present; his final result 70 · B-. */
function journalData(info: JournalInfo): JournalData {
  const dates = ['2026-10-06', '2026-10-13', '2026-10-20'];
  return {
    info,
    journal: [
      [visit(1, dates[0], '4'), visit(2, dates[1], '5'), visit(3, dates[2], null)],
      [topic(dates[0], 1), topic(dates[1], 1), topic(dates[2], 2)],
    ] as JournalData['journal'],
    students: [{ id_student: 100, s_fio: 'Абдыкадыров Азамат', code: '100', group: 'ПИ-1-24', subgroup: 1 }],
    dates: dates.map((d) => ({ visitDate: d, id_time: 1, time: '08:00' })),
    resArray: [],
    finals: [{ id_student: 100, points: 70, ekv_num: 2.67, ekv_bukv: 'B-' }],
  };
}

async function renderOpen(setFinal: (body: { points: number | null }) => Response) {
  const info = journalInfo(61);
  const data = journalData(info);
  const log = recordRequests();
  server.use(
    http.get('/api/misc/years.json', () => ok(years)),
    http.post('/api/visitlog/journals.json', () => ok([info])),
    http.get('/api/visitlog/times.json', () => ok(times)),
    http.get('/api/visitlog/modules.json', () => ok(modules)),
    http.post('/api/visitlog/journal.json', () => ok(data)),
    http.post('/api/visitlog/final/set.json', async ({ request }) => setFinal((await request.json()) as { points: number | null })),
  );
  const marks = Object.fromEntries(data.journal[0].map((v) => [`100|${v.visitDate}|1`, v.otsenka]));
  const journal = openJournalState(data, { years, times }, { marks, lists: { times, modules } });
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher }, journal });
  renderWithStore(<JournalScreen />, { route: '/lms/journal', store });
  await waitFor(() => expect(log.paths()).toContain('/api/visitlog/journals.json'));
  await requestsSettled();
  return { user: userEvent.setup(), store, log };
}

const finalCell = () => document.querySelector<HTMLElement>('td.jg-final')!;
/** Text pasted at the active cell (as a spreadsheet's block arrives). */
const paste = (text: string) => {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.assign(event, { clipboardData: { getData: () => text } });
  fireEvent(document.querySelector('td.jg-cell[tabindex="0"], td.jg-final[tabindex="0"]')!, event);
};

beforeEach(() => {
  server.use(http.post('/api/chat/count.json', () => ok({ total: 0, contacts: [], groups: [] })));
});

describe("the teacher's grid after its lessons", () => {
  it("shows a subtotal per module (named by the module list, the long label as its name) and the final result's points and letter", async () => {
    await renderOpen(() => ok(null));
    const grid = screen.getByRole('grid');
    const m1 = within(grid).getByRole('columnheader', { name: 'Модуль 1: ср. (+ = 0) / ср. оценка' });
    expect(m1).toHaveTextContent('Модуль 1');
    expect(within(grid).getByRole('columnheader', { name: 'Модуль 2: ср. (+ = 0) / ср. оценка' })).toHaveTextContent('Модуль 2');
    expect(within(grid).getByRole('columnheader', { name: 'Итоговый результат (баллы · буква)' })).toHaveTextContent('Итог');
    expect([...document.querySelectorAll('td.jg-module')].map((td) => td.textContent)).toEqual(['4.50 / 4.50', '0.00 / –']);
    expect(finalCell()).toHaveTextContent('70 · B-');
  });

  it('takes whole points typed after the arrow keys reach it: Enter saves through final/set.json and shows points and letter', async () => {
    const { user, log } = await renderOpen(({ points }) => ok({ id_student: 100, points: points!, ekv_num: 3.67, ekv_bukv: 'A-' }));
    const logged = recordRequests();
    log.stop();
    await user.click(screen.getByRole('gridcell', { name: '5' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(finalCell()).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('87{Enter}');
    await waitFor(() => expect(finalCell()).toHaveTextContent('87 · A-'));
    expect(logged.requests.find((r) => r.path === '/api/visitlog/final/set.json')?.body).toEqual({ id_journal: 61, id_student: 100, points: 87 });
  });

  it("a refused save shows the server's reason in the user's language; Esc on the cell brings back the stored result", async () => {
    const { user, store } = await renderOpen(() => fail(400, 'INVALID_POINTS', 'refused', { min: 0, max: 100 }));
    await user.click(finalCell());
    await user.keyboard('150{Enter}');
    await waitFor(() => expect(finalCell()).toHaveAttribute('aria-invalid', 'true'));
    const reason = 'Итоговый балл — целое число от 0 до 100. Сохранено не было.';
    expect(finalCell()).toHaveTextContent('150');
    expect(finalCell()).toHaveAttribute('title', reason);
    expect(screen.getByText(reason, { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    finalCell().focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(finalCell()).toHaveTextContent('70 · B-'));
    expect(finalCell()).not.toHaveAttribute('aria-invalid');
    expect(store.getState().journal.finals.edits).toEqual({});
  });

  it('Delete clears the result (null points); Alt+H on the cell opens its history', async () => {
    const { user, log } = await renderOpen(() => ok(null));
    const logged = recordRequests();
    log.stop();
    server.use(
      http.post('/api/visitlog/final/history.json', () =>
        ok([{ action: 'update', oldPoints: 60, newPoints: 70, who: 'Асанов Бакыт Кубанычбекович', at: '2026-11-02T09:00:00.000Z' }]),
      ),
    );
    await user.click(finalCell());
    await user.keyboard('{Delete}');
    await waitFor(() => expect(finalCell()).toHaveTextContent(/^$/));
    expect(logged.requests.find((r) => r.path === '/api/visitlog/final/set.json')?.body).toEqual({ id_journal: 61, id_student: 100, points: null });
    finalCell().focus();
    await user.keyboard('{Alt>}h{/Alt}');
    const dialog = await screen.findByRole('dialog', { name: /История итогового результата · Абдыкадыров Азамат/ });
    expect(await within(dialog).findByText(/Асанов Бакыт Кубанычбекович: изменил\(а\) «60» на «70»/)).toBeInTheDocument();
  });

  it('Restore in the history writes an old result again (an ordinary write), then shows the history read anew; the current one offers none', async () => {
    let stored = 70;
    const { user, log } = await renderOpen(({ points }) => {
      stored = points!;
      return ok({ id_student: 100, points: points!, ekv_num: 2.0, ekv_bukv: 'C' });
    });
    const logged = recordRequests();
    log.stop();
    const entries = () => [
      ...(stored === 60 ? [{ action: 'update', oldPoints: 70, newPoints: 60, who: 'Асанов Бакыт Кубанычбекович', at: '2026-11-03T09:00:00.000Z' }] : []),
      { action: 'update', oldPoints: 60, newPoints: 70, who: 'Асанов Бакыт Кубанычбекович', at: '2026-11-02T09:00:00.000Z' },
      { action: 'insert', oldPoints: null, newPoints: 60, who: 'Асанов Бакыт Кубанычбекович', at: '2026-11-01T09:00:00.000Z' },
    ];
    server.use(http.post('/api/visitlog/final/history.json', () => ok(entries())));
    finalCell().focus();
    await user.click(finalCell());
    await user.keyboard('{Alt>}h{/Alt}');
    const dialog = await screen.findByRole('dialog', { name: /История итогового результата/ });
    await within(dialog).findByText(/изменил\(а\) «60» на «70»/);
    // 70 is stored: only the entry that left 60 offers Restore.
    const restore = within(dialog).getAllByRole('button', { name: 'Восстановить' });
    expect(restore).toHaveLength(1);
    await user.click(restore[0]);
    await waitFor(() => expect(finalCell()).toHaveTextContent('60 · C'));
    expect(logged.requests.filter((r) => r.path === '/api/visitlog/final/set.json').map((r) => r.body)).toEqual([
      { id_journal: 61, id_student: 100, points: 60 },
    ]);
    expect(await within(dialog).findByText(/изменил\(а\) «70» на «60»/)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: 'Восстановить' })).toHaveLength(1));
  });

  it('a block pasted across the last lesson and the final result is one write (visit/paste.json with the result); points outside 0–100 refuse the block, nothing sent', async () => {
    const { log } = await renderOpen(({ points }) => ok({ id_student: 100, points: points!, ekv_num: 3.67, ekv_bukv: 'A-' }));
    server.use(
      http.post('/api/visitlog/visit/paste.json', () =>
        ok({
          cells: [{ id_student: 100, visitDate: '2026-10-20', id_time: 1, cell: visit(3, '2026-10-20', '5') }],
          finals: [{ id_student: 100, result: { id_student: 100, points: 91, ekv_num: 4, ekv_bukv: 'A' } }],
        }),
      ),
    );
    const logged = recordRequests();
    log.stop();
    // The last lesson (20.10) is the active cell.
    fireEvent.click(document.querySelector<HTMLElement>('td.jg-cell[data-col="2"]')!);
    paste('5\t150');
    expect(await screen.findByText('Итоговый балл — целое число от 0 до 100.', { exact: false, selector: 'p' })).toBeInTheDocument();
    paste('5\t91');
    await waitFor(() => expect(finalCell()).toHaveTextContent('91 · A'));
    await waitFor(() => expect(document.querySelector('td.jg-cell[data-col="2"]')).toHaveTextContent('5'));
    expect(logged.requests.map((r) => r.path).filter((p) => p.startsWith('/api/visitlog/'))).toEqual(['/api/visitlog/visit/paste.json']);
    expect(logged.requests[0].body).toEqual({
      id_journal: 61,
      cells: [{ id_student: 100, visitDate: '2026-10-20', id_time: 1, otsenka: '5' }],
      finals: [{ id_student: 100, points: 91 }],
    });
    expect(screen.queryByText('Итоговый балл — целое число от 0 до 100.', { exact: false, selector: 'p' })).not.toBeInTheDocument();
  });

  it('a paste whose blank cells would delete stored records says so before it writes: cancelled, nothing is sent; confirmed, one write', async () => {
    const { log } = await renderOpen(() => ok(null));
    server.use(
      http.post('/api/visitlog/visit/paste.json', () =>
        ok({
          cells: [
            { id_student: 100, visitDate: '2026-10-06', id_time: 1, cell: null },
            { id_student: 100, visitDate: '2026-10-13', id_time: 1, cell: visit(2, '2026-10-13', '3') },
          ],
          finals: [],
        }),
      ),
    );
    const logged = recordRequests();
    log.stop();
    // From the first lesson (a 4): a blank, then a 3 over the 5.
    fireEvent.click(document.querySelector<HTMLElement>('td.jg-cell[data-col="0"]')!);
    paste('\t3');
    const dialog = await screen.findByRole('alertdialog', { name: 'Вставка удалит записи' });
    expect(dialog).toHaveTextContent('Пустые ячейки вставляемого блока удалят заполненные записи: 1 (всего ячеек в блоке: 2).');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await requestsSettled();
    expect(logged.requests.filter((r) => r.path.startsWith('/api/visitlog/'))).toEqual([]);
    expect(document.querySelector('td.jg-cell[data-col="0"]')).toHaveTextContent('4');

    paste('\t3');
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Вставка удалит записи' })).getByRole('button', { name: 'Вставить' }));
    await waitFor(() => expect(document.querySelector('td.jg-cell[data-col="1"]')).toHaveTextContent('3'));
    expect(logged.requests.map((r) => r.path).filter((p) => p.startsWith('/api/visitlog/'))).toEqual(['/api/visitlog/visit/paste.json']);
  });

  it("a refused paste leaves its cell and its result showing the server's reason, nothing saved; Esc drops each", async () => {
    const { store, log } = await renderOpen(() => ok(null));
    server.use(http.post('/api/visitlog/visit/paste.json', () => fail(403, 'PERIOD_CLOSED', 'refused', { date: '27.12.2026' })));
    const logged = recordRequests();
    log.stop();
    const lessonCell = () => document.querySelector<HTMLElement>('td.jg-cell[data-col="2"]')!;
    fireEvent.click(lessonCell());
    paste('5\t91');
    await waitFor(() => expect(finalCell()).toHaveAttribute('aria-invalid', 'true'));
    expect(lessonCell()).toHaveAttribute('aria-invalid', 'true');
    expect(finalCell()).toHaveTextContent('91');
    expect(lessonCell()).toHaveTextContent('5');
    expect(logged.requests.map((r) => r.path).filter((p) => p.startsWith('/api/visitlog/'))).toEqual(['/api/visitlog/visit/paste.json']);
    const state = store.getState().journal;
    expect(state.finals.saved).toEqual({});
    expect(state.marks['100|2026-10-20|1']).toBeNull();
    expect(state.finals.edits[100]).toMatchObject({ written: 91, status: 'failed', error: { status: 403 } });
    expect(state.edits['100|2026-10-20|1']).toMatchObject({ written: '5', status: 'failed', error: { status: 403 } });
    fireEvent.click(finalCell());
    fireEvent.keyDown(finalCell(), { key: 'Escape' });
    await waitFor(() => expect(finalCell()).toHaveTextContent('70 · B-'));
    fireEvent.click(lessonCell());
    fireEvent.keyDown(lessonCell(), { key: 'Escape' });
    await waitFor(() => expect(lessonCell()).not.toHaveAttribute('aria-invalid'));
    expect(store.getState().journal.edits).toEqual({});
  });
});

describe('Retry after the server failed', () => {
  const unavailable = () => fail(503, 'SERVICE_UNAVAILABLE', 'unavailable');
  const lessonCells = () => [...document.querySelectorAll<HTMLElement>('td.jg-cell[data-row="0"]')];
  const writePaths = (requests: { path: string }[]) =>
    requests.map((r) => r.path).filter((p) => ['/visit/set.json', '/visit/paste.json', '/final/set.json'].some((w) => p.endsWith(w)));

  it('sends a pasted block (three lessons and the final result) again as one paste call with all of it; then every cell shows saved', async () => {
    const { user, store, log } = await renderOpen(({ points }) => ok({ id_student: 100, points: points!, ekv_num: 4, ekv_bukv: 'A' }));
    let attempts = 0;
    server.use(
      http.post('/api/visitlog/visit/set.json', async ({ request }) => {
        const body = (await request.json()) as { visitDate: string; otsenka: string };
        return ok(visit(1, body.visitDate, body.otsenka));
      }),
      http.post('/api/visitlog/visit/paste.json', () =>
        ++attempts === 1
          ? unavailable()
          : ok({
              cells: [
                { id_student: 100, visitDate: '2026-10-06', id_time: 1, cell: visit(1, '2026-10-06', '3') },
                { id_student: 100, visitDate: '2026-10-13', id_time: 1, cell: visit(2, '2026-10-13', '4') },
                { id_student: 100, visitDate: '2026-10-20', id_time: 1, cell: visit(3, '2026-10-20', '5') },
              ],
              finals: [{ id_student: 100, result: { id_student: 100, points: 91, ekv_num: 4, ekv_bukv: 'A' } }],
            }),
      ),
    );
    const logged = recordRequests();
    log.stop();
    fireEvent.click(lessonCells()[0]);
    paste('3\t4\t5\t91');
    await waitFor(() => expect(finalCell()).toHaveAttribute('aria-invalid', 'true'));
    for (const cell of lessonCells()) expect(cell).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(finalCell()).toHaveTextContent('91 · A'));
    expect(lessonCells().map((td) => td.textContent)).toEqual(['3', '4', '5']);
    for (const cell of [...lessonCells(), finalCell()]) expect(cell).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('status')).toHaveTextContent('Все изменения сохранены.');
    expect(store.getState().journal.edits).toEqual({});
    expect(store.getState().journal.finals.edits).toEqual({});
    expect(writePaths(logged.requests)).toEqual(['/api/visitlog/visit/paste.json', '/api/visitlog/visit/paste.json']);
    const sent = logged.requests.filter((r) => r.path === '/api/visitlog/visit/paste.json').map((r) => r.body);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[1]).toEqual({
      id_journal: 61,
      cells: ['2026-10-06', '2026-10-13', '2026-10-20'].map((date, i) => ({ id_student: 100, visitDate: date, id_time: 1, otsenka: String(i + 3) })),
      finals: [{ id_student: 100, points: 91 }],
    });
  });

  it("sends a single cell's failed write again through visit/set.json, on its own", async () => {
    const { user, store, log } = await renderOpen(() => ok(null));
    let attempts = 0;
    server.use(http.post('/api/visitlog/visit/set.json', () => (++attempts === 1 ? unavailable() : ok(visit(1, '2026-10-06', '3')))));
    const logged = recordRequests();
    log.stop();
    await user.click(lessonCells()[0]);
    await user.keyboard('3{Enter}');
    await waitFor(() => expect(lessonCells()[0]).toHaveAttribute('aria-invalid', 'true'));
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(lessonCells()[0]).not.toHaveAttribute('aria-invalid'));
    expect(lessonCells()[0]).toHaveTextContent('3');
    expect(store.getState().journal.edits).toEqual({});
    expect(writePaths(logged.requests)).toEqual(['/api/visitlog/visit/set.json', '/api/visitlog/visit/set.json']);
    expect(logged.requests.filter((r) => r.path === '/api/visitlog/visit/set.json').map((r) => r.body)).toEqual([
      { id_journal: 61, id_student: 100, visitDate: '2026-10-06', id_time: 1, otsenka: '3' },
      { id_journal: 61, id_student: 100, visitDate: '2026-10-06', id_time: 1, otsenka: '3' },
    ]);
  });
});
