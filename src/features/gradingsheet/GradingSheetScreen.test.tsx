/**
 * The grading sheet screen: the teacher opens a sheet, types exam points (Enter moves down, totals and
 * grades as he types), pastes a column in one write, sees a refusal in words, signs after a
 * confirmation naming the count of students; a student sees his own lines.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MySheetLine, Sheet, SheetExamBody } from '@contract/gradingsheet';
import { initialSessionState } from '@shared/session/session';
import { initTestI18n } from '../../test/i18n';
import { makeStore, renderWithStore } from '../../test/render';
import { loadedSettings } from '../../test/settings';
import { fail, http, ok, server, student, teacher } from '../../test/server';
import GradingSheetScreen from './GradingSheetScreen';
import { gradingSheetActions } from './gradingsheet.slice';

const GRADES = [
  { min: 90, max: 100, letter: 'A', word: 'excellent', pass: true },
  { min: 50, max: 89, letter: 'C', word: 'satisfactory', pass: true },
  { min: 0, max: 49, letter: 'F', word: 'fail', pass: false },
];
const line = (id: number, fio: string, modulePoints: number, exam: number | null = null) => ({
  id_student: id,
  fio,
  modules: [modulePoints],
  modulePoints,
  admitted: modulePoints >= 30,
  left: false,
  exam,
  total: modulePoints >= 30 ? (exam === null ? null : modulePoints + exam) : modulePoints,
  letter: null,
  word: null,
  passed: null,
  resitId: null,
});
const sheet = (over: Partial<Sheet> = {}): Sheet => ({
  id: 5,
  attempt: 1,
  parentId: null,
  discipline: 'Web Programming',
  code: 'SE-005',
  group: 'PI-1-24',
  faculty: 'IT',
  teacher: 'Asanov Bakyt',
  id_a_year: 2026,
  id_w_s: 1,
  halfYear: 'Autumn half-year 2026-27',
  credits: 3,
  control: 'Exam',
  signed: false,
  signedAt: null,
  modules: [{ id_module: 0, name: 'Modules', max: 60 }],
  examMax: 40,
  admissionMin: 30,
  grades: GRADES,
  lines: [line(1, 'Aliev Azamat', 55), line(2, 'Bekova Aida', 50), line(3, 'Chyngyz Uulu', 10)],
  history: [],
  canWrite: true,
  canReopen: false,
  canResit: false,
  ...over,
});

function teacherStore() {
  return makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher }, settings: loadedSettings(2026, 1) });
}

describe('GradingSheetScreen (en)', () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });

  it('opens a sheet, computes totals while typing, Enter saves and moves down, a pasted column is one write, and signing asks first', async () => {
    const writes: SheetExamBody[] = [];
    let current = sheet();
    server.use(
      http.post('/api/gradingsheet/list.json', () => ok([{ id_journal: 9, id_group: 3, discipline: 'Web Programming', group: 'PI-1-24', sheets: [] }])),
      http.post('/api/gradingsheet/open.json', () => ok(current)),
      http.post('/api/gradingsheet/exam.json', async ({ request }) => {
        const body = (await request.json()) as SheetExamBody;
        writes.push(body);
        current = { ...current, lines: current.lines.map((l) => ({ ...l, exam: body.points.find((p) => p.id_student === l.id_student)?.exam ?? l.exam })) };
        return ok(current);
      }),
      http.post('/api/gradingsheet/sign.json', () => ok({ ...current, signed: true, canWrite: false })),
    );
    renderWithStore(<GradingSheetScreen />, { route: '/lms/gradingsheet', store: teacherStore() });
    await userEvent.click(await screen.findByRole('button', { name: 'Open the sheet: Web Programming, PI-1-24' }));
    const first = await screen.findByLabelText('Aliev Azamat');
    // The student who is not admitted has no field.
    expect(screen.queryByLabelText('Chyngyz Uulu')).toBeNull();
    expect(screen.getAllByTestId('gs-row')[2]).toHaveTextContent('not admitted');

    await userEvent.click(first);
    await userEvent.keyboard('38');
    const row = screen.getAllByTestId('gs-row')[0];
    expect(within(row).getByTestId('gs-total')).toHaveTextContent('93');
    expect(within(row).getByTestId('gs-grade')).toHaveTextContent('A · excellent');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('Bekova Aida')).toHaveFocus();
    await waitFor(() => expect(writes).toEqual([{ id_sheet: 5, points: [{ id_student: 1, exam: 38 }] }]));

    // Out of range: said beside the cell, nothing sent.
    await userEvent.keyboard('41');
    expect(screen.getByText('A whole number from 0 to 40')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    // A column pasted from a spreadsheet: one write from the focused cell down.
    fireEvent.paste(screen.getByLabelText('Aliev Azamat'), { clipboardData: { getData: () => '20\r\n30\r\n' } });
    await waitFor(() =>
      expect(writes[1]).toEqual({
        id_sheet: 5,
        points: [
          { id_student: 1, exam: 20 },
          { id_student: 2, exam: 30 },
        ],
      }),
    );

    await userEvent.click(screen.getByTestId('gs-sign'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('The sheet of 3 students will be locked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.getByTestId('gs-status')).toHaveTextContent('signed'));
    expect(screen.queryByLabelText('Aliev Azamat')).toBeNull();
  });

  it("shows the server's refusal in words, with what was typed kept", async () => {
    server.use(
      http.post('/api/gradingsheet/list.json', () => ok([{ id_journal: 9, id_group: 3, discipline: 'Web Programming', group: 'PI-1-24', sheets: [] }])),
      http.post('/api/gradingsheet/open.json', () => ok(sheet())),
      http.post('/api/gradingsheet/exam.json', () => fail(409, 'SHEET_SIGNED', "The sheet is signed: it can change only after the dean's office reopens it")),
    );
    renderWithStore(<GradingSheetScreen />, { route: '/lms/gradingsheet', store: teacherStore() });
    await userEvent.click(await screen.findByRole('button', { name: 'Open the sheet: Web Programming, PI-1-24' }));
    await userEvent.type(await screen.findByLabelText('Aliev Azamat'), '12{Enter}');
    expect(await screen.findByTestId('gs-error')).toHaveTextContent("The sheet is signed: it can change only after the dean's office reopens it");
  });

  it('a second read of the open sheet that fails keeps the sheet, says so with Retry, and Retry shows the new reply', async () => {
    let reads = 0;
    server.use(
      http.post('/api/gradingsheet/list.json', () => ok([{ id_journal: 9, id_group: 3, discipline: 'Web Programming', group: 'PI-1-24', sheets: [] }])),
      http.post('/api/gradingsheet/open.json', () => ok(sheet())),
      http.post('/api/gradingsheet/sheet.json', () =>
        ++reads === 1 ? fail(500, 'INTERNAL', 'boom') : ok(sheet({ lines: [line(1, 'Aliev Azamat', 55, 33)] })),
      ),
    );
    const store = teacherStore();
    renderWithStore(<GradingSheetScreen />, { route: '/lms/gradingsheet', store });
    await userEvent.click(await screen.findByRole('button', { name: 'Open the sheet: Web Programming, PI-1-24' }));
    expect(await screen.findByLabelText('Aliev Azamat')).toBeInTheDocument();
    // Read again (as when the reply the page asked for early had waited): the server fails.
    store.dispatch(gradingSheetActions.sheetRefreshRequested(5));
    const failure = await screen.findByTestId('load-failed');
    expect(failure).toHaveTextContent('Could not bring the sheet up to date: it shows what was last loaded');
    expect(screen.getByLabelText('Aliev Azamat')).toBeInTheDocument();
    expect(screen.getByLabelText('Bekova Aida')).toBeInTheDocument();
    expect(screen.queryByTestId('gs-error')).not.toBeInTheDocument();
    await userEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByLabelText('Bekova Aida')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Aliev Azamat')).toHaveValue('33');
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('marks the line of a student who left the group, with his points and no field; Enter skips it', async () => {
    const lines = [line(1, 'Aliev Azamat', 55), { ...line(2, 'Bekova Aida', 50, 25), left: true }, line(3, 'Dzhumaev Erlan', 40)];
    server.use(
      http.post('/api/gradingsheet/list.json', () => ok([{ id_journal: 9, id_group: 3, discipline: 'Web Programming', group: 'PI-1-24', sheets: [] }])),
      http.post('/api/gradingsheet/open.json', () => ok(sheet({ lines }))),
      http.post('/api/gradingsheet/exam.json', () => ok(sheet({ lines }))),
    );
    renderWithStore(<GradingSheetScreen />, { route: '/lms/gradingsheet', store: teacherStore() });
    await userEvent.click(await screen.findByRole('button', { name: 'Open the sheet: Web Programming, PI-1-24' }));
    await userEvent.type(await screen.findByLabelText('Aliev Azamat'), '30{Enter}');
    expect(screen.getByLabelText('Dzhumaev Erlan')).toHaveFocus();
    expect(screen.queryByLabelText('Bekova Aida')).toBeNull();
    const row = screen.getAllByTestId('gs-row')[1];
    expect(row).toHaveTextContent('left the group');
    expect(within(row).getByTestId('gs-total')).toHaveTextContent('75');
  });

  it("the dean's office opens a signed sheet from its list and reopens it with a reason", async () => {
    const bodies: unknown[] = [];
    const signed = sheet({ signed: true, canWrite: false, canReopen: true });
    server.use(
      http.post('/api/gradingsheet/list.json', () =>
        ok([{ id_journal: 9, id_group: 3, discipline: 'Web Programming', group: 'PI-1-24', sheets: [{ id: 5, attempt: 1, signed: true, student: null }] }]),
      ),
      http.post('/api/gradingsheet/sheet.json', () => ok(signed)),
      http.post('/api/gradingsheet/reopen.json', async ({ request }) => {
        bodies.push(await request.json());
        return ok({
          ...signed,
          signed: false,
          canReopen: false,
          history: [{ action: 'reopen', student: null, oldPoints: null, newPoints: null, reason: 'Typo', who: 'Dean', at: '2026-12-21T10:00:00.000Z' }],
        });
      }),
    );
    renderWithStore(<GradingSheetScreen />, { route: '/lms/gradingsheet', store: teacherStore() });
    await userEvent.click(await screen.findByRole('button', { name: 'Open the sheet: Web Programming, PI-1-24' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reopen for changes' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText("Reason (kept in the sheet's history)")).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen the sheet' }));
    expect(await within(dialog).findByText('Give a reason')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText("Reason (kept in the sheet's history)"), 'Typo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen the sheet' }));
    await waitFor(() => expect(screen.getByTestId('gs-status')).toHaveTextContent('not signed'));
    expect(bodies).toEqual([{ id_sheet: 5, reason: 'Typo' }]);
  });

  it('a student sees his own lines of signed sheets', async () => {
    const mine: MySheetLine[] = [
      {
        id_sheet: 5,
        attempt: 1,
        discipline: 'Web Programming',
        halfYear: 'Autumn half-year 2026-27',
        id_a_year: 2026,
        id_w_s: 1,
        modulePoints: 55,
        exam: 38,
        total: 93,
        letter: 'A',
        word: 'excellent',
        signedAt: '2026-12-20T10:00:00.000Z',
      },
    ];
    server.use(http.post('/api/gradingsheet/my.json', () => ok(mine)));
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: student } });
    renderWithStore(<GradingSheetScreen />, { route: '/lms/gradingsheet', store });
    const table = await screen.findByTestId('gs-mine');
    expect(table).toHaveTextContent('Web Programming');
    expect(table).toHaveTextContent('93');
    expect(table).toHaveTextContent('A · excellent');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My grading sheets');
  });
});
