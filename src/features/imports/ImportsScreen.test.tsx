/**
 * The administrator's import screen (docs/areas/imports.md#the-screen): who may open it, the kind and
 * file sent with a check, the preview's lists (paged), refused rows holding the import back until
 * "only the valid rows" is ticked, the import's result, the accounts' file offered once, and a
 * network failure with Retry on the same file.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportReport, ImportRunResult } from '@contract/imports';
import { renderPortal, signedInHandlers, teacherProfile } from '../../test/portal';
import { admin, fail, http, HttpResponse, ok, server, teacher } from '../../test/server';

const adminProfile = { ...teacherProfile, uid: admin.uid, fullName: admin.fullName, login: 'admin' };

const report = (over: Partial<ImportReport> = {}): ImportReport => ({
  kind: 'students',
  rows: 3,
  emptyRows: 0,
  unknownColumns: [],
  added: [{ line: 2, key: '2601101001', changes: [] }],
  changed: [{ line: 3, key: '2601101002', changes: [{ field: 'Телефон', before: '+996 555 000 000', after: '+996 555 123 456' }] }],
  unchanged: 1,
  refused: [],
  missing: [{ key: '2201101009', name: 'Асанов Бакыт', group: 'ПИ-1-22' }],
  written: false,
  accounts: 0,
  ...over,
});

interface Sent {
  kind: string;
  dryRun: string;
  validOnly: string;
  /** The file's size (the test environment's forms lose its name). */
  file: number;
}

/** The admin signed in; run.json answers `replies` in turn (the last again); returns what it got. */
function adminPortal(replies: Array<(sent: Sent) => Response>) {
  const sent: Sent[] = [];
  server.use(
    ...signedInHandlers(admin, adminProfile),
    http.post('/api/imports/run.json', async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file') as File;
      const body = { kind: String(form.get('kind')), dryRun: String(form.get('dryRun')), validOnly: String(form.get('validOnly')), file: file.size };
      sent.push(body);
      return replies[Math.min(sent.length - 1, replies.length - 1)](body);
    }),
  );
  return sent;
}

const result =
  (r: ImportReport, accountsFile: ImportRunResult['accountsFile'] = null) =>
  () =>
    ok<ImportRunResult>({ report: r, accountsFile });
const xlsx = () => new File(['PK\u0003\u0004 rows'], 'students.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function openScreen() {
  localStorage.setItem('token', 'marker');
  const user = userEvent.setup();
  renderPortal('/lms/admin/imports');
  expect(await screen.findByRole('heading', { name: 'Импорт списков', level: 1 })).toBeInTheDocument();
  return user;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the import screen', () => {
  it('is reached from the accounts screen; a teacher gets the not-for-your-role page', async () => {
    adminPortal([]);
    server.use(http.post('/api/admin/accounts.json', () => ok({ items: [], total: 0, page: 1, pageSize: 20 })));
    localStorage.setItem('token', 'marker');
    const first = renderPortal('/lms/admin');
    expect(await screen.findByRole('link', { name: 'Импорт списков' })).toHaveAttribute('href', '/lms/admin/imports');
    first.unmount();

    server.use(...signedInHandlers({ ...teacher, admin: false }, teacherProfile));
    renderPortal('/lms/admin/imports');
    expect(await screen.findByRole('heading', { name: 'Недоступно для вашей роли' })).toBeInTheDocument();
  });

  it('offers every kind and its template, checks the chosen file and shows the preview; nothing is imported by a check', async () => {
    const sent = adminPortal([result(report())]);
    const user = await openScreen();
    const kind = screen.getByLabelText('Вид списка');
    expect(
      within(kind)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Факультеты',
      'Кафедры',
      'Специальности',
      'Группы',
      'Студенты',
      'Преподаватели',
      'Аудитории',
      'Дисциплины',
      'Учебные планы',
      'Расписание',
      'Предложения для записи',
    ]);
    await user.selectOptions(kind, 'Студенты');
    expect(screen.getByTestId('imports-template')).toHaveAttribute('href', expect.stringContaining('/api/imports/template.xlsx?kind=students'));
    expect(screen.getByRole('button', { name: 'Проверить' })).toBeDisabled();
    await user.upload(screen.getByLabelText('Файл (.xlsx или .csv)'), xlsx());
    expect(screen.getByRole('button', { name: 'Импортировать' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Проверить' }));

    const preview = await screen.findByTestId('imports-preview');
    expect(sent).toEqual([{ kind: 'students', dryRun: 'true', validOnly: 'false', file: 9 }]);
    expect(screen.getByTestId('imports-status')).toHaveTextContent('Проверено: отклонённых строк нет. Файл можно импортировать.');
    expect(within(preview).getByTestId('imports-count-added')).toHaveTextContent('1');
    expect(within(preview).getByTestId('imports-count-changed')).toHaveTextContent('1');
    expect(within(preview).getByTestId('imports-count-missing')).toHaveTextContent('1');
    expect(within(preview).getByTestId('imports-added')).toHaveTextContent('2601101001');
    expect(within(preview).getByTestId('imports-changed')).toHaveTextContent('Телефон: +996 555 000 000 → становится+996 555 123 456');
    expect(within(preview).getByTestId('imports-missing')).toHaveTextContent('2201101009 Асанов Бакыт (ПИ-1-22)');
    expect(screen.getByRole('button', { name: 'Импортировать' })).toBeEnabled();
  });

  it("the departments' and specialities' previews list the faculty's records the file leaves out under their own heading", async () => {
    adminPortal([
      result(report({ kind: 'departments', missing: [{ key: 'FEM / Кафедра финансов и кредита', name: '', group: '' }] })),
      result(report({ kind: 'specialities', missing: [{ key: '580200', name: 'Менеджмент', group: 'FEM' }] })),
    ]);
    const user = await openScreen();
    await user.selectOptions(screen.getByLabelText('Вид списка'), 'Кафедры');
    expect(screen.getByTestId('imports-template')).toHaveAttribute('href', expect.stringContaining('kind=departments'));
    await user.upload(screen.getByLabelText('Файл (.xlsx или .csv)'), xlsx());
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    const departments = await screen.findByTestId('imports-preview');
    expect(within(departments).getByRole('heading', { name: 'Кафедры факультетов файла, которых нет в файле' })).toBeInTheDocument();
    expect(within(departments).getByTestId('imports-missing')).toHaveTextContent(/^FEM \/ Кафедра финансов и кредита$/);

    await user.selectOptions(screen.getByLabelText('Вид списка'), 'Специальности');
    await user.upload(screen.getByLabelText('Файл (.xlsx или .csv)'), xlsx());
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    await screen.findByRole('heading', { name: 'Специальности факультетов файла, которых нет в файле' });
    expect(screen.getByTestId('imports-missing')).toHaveTextContent('580200 Менеджмент (FEM)');
  });

  it('refused rows hold the import back until "only the valid rows" is ticked; the import says what it wrote and offers the accounts once', async () => {
    const refused = report({ refused: [{ line: 4, column: 'Группа', reason: 'группы «ПИ-9-26» нет на портале' }] });
    const sent = adminPortal([
      result(refused),
      result(report({ ...refused, written: true, accounts: 1 }), {
        name: 'accounts-students-20261130-050000.xlsx',
        mime: 'application/octet-stream',
        base64: btoa('PK'),
      }),
    ]);
    const createObjectURL = vi.fn(() => 'blob:accounts');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = await openScreen();
    await user.selectOptions(screen.getByLabelText('Вид списка'), 'Студенты');
    await user.upload(screen.getByLabelText('Файл (.xlsx или .csv)'), xlsx());
    await user.click(screen.getByRole('button', { name: 'Проверить' }));

    expect(await screen.findByTestId('imports-refused')).toHaveTextContent('строка 4, столбец «Группа»: группы «ПИ-9-26» нет на портале');
    expect(screen.getByTestId('imports-status')).toHaveTextContent('Проверено: отклонённых строк — 1.');
    const importButton = screen.getByRole('button', { name: 'Импортировать' });
    expect(importButton).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Импортировать только правильные строки/ }));
    expect(importButton).toBeEnabled();
    await user.click(importButton);

    expect(await screen.findByText('Импортировано: добавлено 1, изменено 1, без изменений 1.')).toBeInTheDocument();
    expect(sent[1]).toEqual({ kind: 'students', dryRun: 'false', validOnly: 'true', file: 9 });
    const offer = screen.getByTestId('imports-accounts');
    expect(offer).toHaveTextContent('Новые учётные записи: 1');
    expect(offer).toHaveTextContent('показывается только один раз');
    await user.click(within(offer).getByRole('button', { name: 'Сохранить файл учётных записей' }));
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(click).toHaveBeenCalledOnce();
    await user.click(within(offer).getByRole('button', { name: 'Готово' }));
    expect(screen.queryByTestId('imports-accounts')).toBeNull();
  });

  it('a long list is shown a page at a time, with how many more', async () => {
    const added = Array.from({ length: 30000 }, (_, i) => ({ line: i + 2, key: `S${i}`, changes: [] }));
    adminPortal([result(report({ rows: 30000, added, changed: [], missing: [] }))]);
    const user = await openScreen();
    await user.upload(screen.getByLabelText('Файл (.xlsx или .csv)'), xlsx());
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    const list = await screen.findByTestId('imports-added');
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByTestId('imports-added-more')).toHaveTextContent('и ещё 29950');
    await user.click(screen.getByRole('button', { name: 'Показать ещё 50' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
  });

  it('a file the server refuses says why and that nothing was written; a network failure offers Retry with the same file', async () => {
    const sent = adminPortal([
      () => fail(400, 'IMPORT_FILE', 'Файл «students.xlsx» не читается как таблица xlsx', { problem: 'notSpreadsheet' }),
      () => HttpResponse.error(),
      result(report()),
    ]);
    // The shell looks again for its counts once the connection is back.
    server.use(http.post('/api/chat/count.json', () => ok({ total: 0, contacts: [], groups: [] })));
    const user = await openScreen();
    await user.upload(screen.getByLabelText('Файл (.xlsx или .csv)'), xlsx());
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    const refusal = await screen.findByTestId('imports-refusal');
    expect(refusal).toHaveTextContent('Файл «students.xlsx» не читается как таблица xlsx');
    expect(refusal).toHaveTextContent('Ничего не записано.');

    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    const failed = await screen.findByTestId('load-failed');
    expect(failed).toHaveTextContent('Файл не удалось проверить');
    await user.click(within(failed).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByTestId('imports-preview')).toBeInTheDocument();
    await waitFor(() => expect(sent.map((s) => s.file)).toEqual([9, 9, 9]));
  });

  it('a file over the limit is refused before it is sent', async () => {
    const sent = adminPortal([result(report())]);
    const user = await openScreen();
    const big = new File(['x'], 'big.xlsx');
    Object.defineProperty(big, 'size', { value: 60 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('Файл (.xlsx или .csv)'), big);
    expect(screen.getByRole('alert')).toHaveTextContent(/больше допустимых 25 МБ/);
    expect(screen.getByRole('button', { name: 'Проверить' })).toBeDisabled();
    expect(sent).toEqual([]);
  });
});
