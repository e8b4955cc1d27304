/**
 * The results sent to a grading sheet (ToSheetDialog): opened from the results beside "To the
 * journal", named by its heading, worked with the keyboard alone; it lists the teacher's open sheets
 * and says how a result becomes exam points; it sends the chosen sheet and whether to overwrite, then
 * says what was written, kept and refused, each refused student by name; a signed sheet's refusal is
 * said in the portal's words in the language in use; Escape closes it and the focus returns to its button.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Results, TestSheets, ToSheetBody, ToSheetResult } from '@contract/testing';
import { initialSessionState } from '@shared/session/session';
import { initTestI18n } from '../../test/i18n';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, http, ok, server, teacher } from '../../test/server';
import TestingScreen from './TestingScreen';
import { teacherBankHandlers } from './testing.fixtures';

const results: Results = { id_test: 3, title: 'Web basics', maxScore: 3, lines: [], questions: [] };
const sheets: TestSheets = {
  sheets: [
    { id: 21, group: 'PI-1-22', year: 2026, ws: 1, attempt: 1, student: null },
    { id: 22, group: 'PI-1-22', year: 2026, ws: 1, attempt: 2, student: 'Bekova Aida' },
  ],
  examMax: 40,
};
const outcome: ToSheetResult = {
  written: 3,
  kept: 1,
  unchanged: 2,
  noResult: 1,
  refused: [
    { id_student: 9, fio: 'Aliev Azamat', reason: 'notAdmitted' },
    { id_student: 10, fio: 'Dzhumaev Erlan', reason: 'notOnSheet' },
    { id_student: 11, fio: 'Osmonova Aigul', reason: 'noResult' },
  ],
};

function handlers(reply: () => Response, list: TestSheets = sheets) {
  const sent: ToSheetBody[] = [];
  server.use(
    ...teacherBankHandlers(results),
    http.post('/api/testing/sheets.json', () => ok(list)),
    http.post('/api/testing/to-sheet.json', async ({ request }) => {
      sent.push((await request.json()) as ToSheetBody);
      return reply();
    }),
  );
  return sent;
}

async function openDialog(tab: string, resultsButton: string, open: string) {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher } });
  renderWithStore(<TestingScreen />, { route: '/lms/testing', store });
  await userEvent.click(await screen.findByRole('tab', { name: tab }));
  await userEvent.click(await screen.findByRole('button', { name: resultsButton }));
  const opener = await screen.findByRole('button', { name: open });
  await userEvent.click(opener);
  return { opener, dialog: await screen.findByRole('dialog', { name: /grading sheet|ведомост/i }) };
}

describe('ToSheetDialog (en)', () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });

  it('sends the chosen sheet with the keyboard and names the refused students; Escape returns the focus', async () => {
    const sent = handlers(() => ok(outcome));
    const { opener, dialog } = await openDialog('Tests', 'Results: Web basics', 'To the grading sheet');
    expect(dialog).toHaveAccessibleName('Results to the grading sheet');
    const choice = await within(dialog).findByRole('combobox', { name: 'Grading sheet' });
    expect(choice).toHaveFocus();
    expect(within(dialog).getByRole('option', { name: 'PI-1-22 — 2026–2027, half-year 1, first sitting' })).toBeInTheDocument();
    expect(within(dialog).getByText(/as a share of 40 points, rounded: 100 % gives 40, 50 % gives 20\. Only students admitted/)).toBeInTheDocument();
    await userEvent.selectOptions(choice, 'PI-1-22, Bekova Aida — 2026–2027, half-year 1, resit');
    await userEvent.tab();
    expect(within(dialog).getByRole('checkbox', { name: /Overwrite the exam points/ })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Write' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Written: 3, earlier points kept: 1, already the same: 2, without a result: 1.');
    const refused = within(dialog).getByRole('list', { name: 'Not written' });
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Aliev Azamat is not admitted to the exam', 'Dzhumaev Erlan is not on this sheet', 'Osmonova Aigul has no counted result']);
    expect(sent).toEqual([{ id_test: 3, id_sheet: 22, overwrite: true }]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

describe('ToSheetDialog (kg)', () => {
  beforeEach(async () => {
    await initTestI18n('kg');
  });

  it("says a signed sheet in the portal's Kyrgyz words, whatever the server's message", async () => {
    const sent = handlers(() => fail(409, 'SHEET_SIGNED', 'server words'));
    const { dialog } = await openDialog('Тесттер', 'Жыйынтыктар: Web basics', 'Ведомостко');
    await within(dialog).findByRole('combobox', { name: 'Электрондук ведомость' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Жазуу' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Ведомость кол коюлган: аны деканат кайра ачкандан кийин гана өзгөртүүгө болот.');
    expect(alert).not.toHaveTextContent('server words');
    expect(within(dialog).getByRole('status')).toBeEmptyDOMElement();
    expect(sent).toEqual([{ id_test: 3, id_sheet: 21, overwrite: false }]);
  });

  it('says when the teacher has no open sheet for the test, with a button to close', async () => {
    handlers(() => ok(outcome), { sheets: [], examMax: 40 });
    const { opener, dialog } = await openDialog('Тесттер', 'Жыйынтыктар: Web basics', 'Ведомостко');
    expect(await within(dialog).findByText(/Сизде бул сабак боюнча тесттин студенттери бар ачык ведомость жок/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Жабуу' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
