/**
 * The results sent to a journal (ToJournalDialog): opened from the results, named by its heading,
 * worked with the keyboard alone; it lists the teacher's journals with their lessons and says how a
 * result becomes a mark on the chosen journal's scale; it sends the chosen lesson (or a new one) and
 * whether to overwrite, then says what was written, kept and refused; a refusal is said in the
 * portal's words in the language in use; Escape closes it and the focus returns to its button.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Results, TestJournals, ToJournalBody, ToJournalResult } from '@contract/testing';
import { initialSessionState } from '@shared/session/session';
import { initTestI18n } from '../../test/i18n';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, http, ok, server, teacher } from '../../test/server';
import TestingScreen from './TestingScreen';
import { teacherBankHandlers } from './testing.fixtures';

const results: Results = { id_test: 3, title: 'Web basics', maxScore: 3, lines: [], questions: [] };
const journals: TestJournals = {
  journals: [
    { id: 11, name: 'Lecture, PI-22', year: 2026, ws: 1, scale: '2-5', lessons: [{ visitDate: '2026-11-24', id_time: 2 }] },
    { id: 12, name: 'Laboratory, PI-1-22 / 1', year: 2026, ws: 1, scale: '0-100', lessons: [] },
  ],
  times: [
    { id: 1, time: '08:00' },
    { id: 2, time: '09:40' },
  ],
};
const outcome: ToJournalResult = { written: 3, kept: 1, unchanged: 0, noResult: 2, refused: [{ id_student: 9, fio: 'Aliev Azamat', reason: 'notListed' }] };

function handlers(reply: () => Response) {
  const sent: ToJournalBody[] = [];
  server.use(
    ...teacherBankHandlers(results),
    http.post('/api/testing/journals.json', () => ok(journals)),
    http.post('/api/testing/to-journal.json', async ({ request }) => {
      sent.push((await request.json()) as ToJournalBody);
      return reply();
    }),
  );
  return sent;
}

async function openDialog(tab: string, results: string, open: string) {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher } });
  renderWithStore(<TestingScreen />, { route: '/lms/testing', store });
  await userEvent.click(await screen.findByRole('tab', { name: tab }));
  await userEvent.click(await screen.findByRole('button', { name: results }));
  const opener = await screen.findByRole('button', { name: open });
  await userEvent.click(opener);
  return { opener, dialog: await screen.findByRole('dialog', { name: /journal|журнал/i }) };
}

describe('ToJournalDialog (en)', () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });

  it('sends a lesson of the chosen journal with the keyboard and says what was written, kept and refused; Escape returns the focus', async () => {
    const sent = handlers(() => ok(outcome));
    const { opener, dialog } = await openDialog('Tests', 'Results: Web basics', 'To the journal');
    expect(dialog).toHaveAccessibleName('Results to the journal');
    const journal = await within(dialog).findByRole('combobox', { name: 'Journal' });
    expect(journal).toHaveFocus();
    expect(within(dialog).getByText(/2–5: .*: from 85 % gives 5, from 70 % gives 4, from 55 % gives 3, below that 2/)).toBeInTheDocument();
    // The existing lesson of the lecture, chosen by the keyboard, with marks overwritten.
    await userEvent.tab();
    expect(within(dialog).getByRole('combobox', { name: 'Lesson' })).toHaveFocus();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Lesson' }), '24.11.2026 09:40');
    expect(within(dialog).queryByLabelText('Lesson date')).not.toBeInTheDocument();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(within(dialog).getByRole('checkbox', { name: /Overwrite the marks/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Write' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Written: 3, earlier marks kept: 1, already the same: 0, without a result: 2.');
    expect(within(dialog).getByRole('list', { name: 'Not written' })).toHaveTextContent("Aliev Azamat is not on the journal's list");
    expect(sent).toEqual([{ id_test: 3, id_journal: 11, visitDate: '2026-11-24', id_time: 2, overwrite: true }]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('a new lesson of a 0–100 journal: Write waits for its date and time; the percent is the mark', async () => {
    const sent = handlers(() => ok({ ...outcome, refused: [] }));
    const { dialog } = await openDialog('Tests', 'Results: Web basics', 'To the journal');
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: 'Journal' }), 'Laboratory, PI-1-22 / 1 — 2026–2027, half-year 1');
    expect(within(dialog).getByText(/scale is 0–100: the mark is the percent/)).toBeInTheDocument();
    const write = within(dialog).getByRole('button', { name: 'Write' });
    expect(write).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Lesson date'), '2026-11-27');
    expect(write).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Lesson time' }), '08:00');
    await userEvent.click(write);
    await within(dialog).findByText(/^Written: 3/);
    expect(sent).toEqual([{ id_test: 3, id_journal: 12, visitDate: '2026-11-27', id_time: 1, overwrite: false }]);
  });
});

describe('ToJournalDialog (kg)', () => {
  beforeEach(async () => {
    await initTestI18n('kg');
  });

  it("says a closed half-year in the portal's Kyrgyz words, whatever the server's message", async () => {
    handlers(() => fail(403, 'PERIOD_CLOSED', 'server words', { date: '01.02.2027' }));
    const { dialog } = await openDialog('Тесттер', 'Жыйынтыктар: Web basics', 'Журналга');
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: 'Сабак' }), '24.11.2026 09:40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Жазуу' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Жарым жыл 01.02.2027 күнүнөн бери жабык: журналды окууга гана болот.');
    expect(alert).not.toHaveTextContent('server words');
    expect(within(dialog).getByRole('status')).toBeEmptyDOMElement();
  });

  it('says when the teacher has no journal for the test, with a button to close', async () => {
    handlers(() => ok(outcome));
    server.use(http.post('/api/testing/journals.json', () => ok({ journals: [], times: [] })));
    const { opener, dialog } = await openDialog('Тесттер', 'Жыйынтыктар: Web basics', 'Журналга');
    expect(await within(dialog).findByText('Тесттин топтору үчүн бул сабактын журналы сизде жок.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Жабуу' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
