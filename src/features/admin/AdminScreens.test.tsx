/**
 * The administration in the portal (docs/areas/admin.md#for-users): who is offered it, finding an
 * account, each action confirmed, a refusal beside its button, the one-time password shown once, and
 * the audit log's filters (an account's rights, quota and dean's office: AdminScreens.rights.test.tsx).
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@contract/admin';
import { expectNotForRole, NON_ADMINS, renderPortal, signedInHandlers } from '../../test/portal';
import { admin, fail, http, ok, server } from '../../test/server';
import { account, accountItem, adminPortal, FACULTIES } from './admin.fixtures';

describe('who is offered the administration', () => {
  it('an administrator has its side-menu entry; a teacher and a student have none, and opening it shows the not-for-your-role page', async () => {
    localStorage.setItem('token', 'marker');
    adminPortal();
    const first = renderPortal('/lms/admin');
    expect(await screen.findByRole('heading', { name: 'Учётные записи', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByTestId('side-menu')).getByRole('link', { name: 'Администрирование' })).toHaveAttribute('href', '/lms/admin');
    first.unmount();

    for (const [user, profile] of NON_ADMINS) {
      server.use(...signedInHandlers(user, profile));
      await expectNotForRole(['/lms/admin', '/lms/admin/audit'], () =>
        expect(within(screen.getByTestId('side-menu')).queryByRole('link', { name: 'Администрирование' })).toBeNull(),
      );
    }
  });
});

describe('accounts', () => {
  it('finds accounts by the text typed, showing role, group and state', async () => {
    localStorage.setItem('token', 'marker');
    const asked = adminPortal([
      account(),
      account({ id: 21, login: 'freshman', fullName: 'Кубанычбек уулу Нурсултан', mustUpdateCredentials: true, locked: true }),
    ]);
    const user = userEvent.setup();
    renderPortal('/lms/admin');
    expect(await screen.findAllByTestId('admin-account')).toHaveLength(2);
    await user.type(screen.getByRole('searchbox', { name: 'Найти учётную запись' }), 'нурсул');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('admin-account')).toHaveLength(1));
    const item = await accountItem('freshman');
    expect(item).toHaveTextContent('Кубанычбек уулу Нурсултан');
    expect(item).toHaveTextContent('студент');
    expect(item).toHaveTextContent('Вход заблокирован');
    expect(item).toHaveTextContent('Должна сменить логин и пароль');
    expect(asked.at(-1)).toEqual({ url: 'accounts', body: { q: 'нурсул', page: 1 } });
    expect(within(screen.getByTestId('admin-accounts')).getByRole('heading', { level: 2 })).toHaveTextContent('По запросу «нурсул» найдена 1 учётная запись');
  });

  it('disabling asks first, then sends the call once, and the account shows disabled; cancelling sends nothing', async () => {
    localStorage.setItem('token', 'marker');
    adminPortal();
    const disabled: unknown[] = [];
    server.use(
      http.post('/api/admin/disable.json', async ({ request }) => {
        disabled.push(await request.json());
        return ok(account({ disabled: true, sessions: 0 }));
      }),
    );
    const user = userEvent.setup();
    renderPortal('/lms/admin');
    await user.click(within(await accountItem('student')).getByRole('button', { expanded: false }));
    const panel = screen.getByTestId('admin-panel');
    await user.click(within(panel).getByRole('button', { name: 'Отключить' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Отключить учётную запись?' });
    expect(dialog).toHaveTextContent('Сыдыкова Айпери Талантовна (student) не сможет войти');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(disabled).toEqual([]);
    await user.click(within(panel).getByRole('button', { name: 'Отключить' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Отключить' }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Включить' })).toBeInTheDocument());
    expect(disabled).toEqual([{ id: 20 }]);
    expect(within(panel).getByTestId('admin-sessions')).toHaveTextContent('0');
    expect(within(screen.getByTestId('admin-accounts')).getAllByTestId('admin-state')[0]).toHaveTextContent('Отключена');
  });

  it("a refusal is said beside the button pressed (the administrator's own account), and nothing else changes", async () => {
    localStorage.setItem('token', 'marker');
    adminPortal();
    server.use(http.post('/api/admin/endsessions.json', () => fail(409, 'OWN_ACCOUNT', 'own')));
    const user = userEvent.setup();
    renderPortal('/lms/admin');
    await user.click(within(await accountItem('admin')).getByRole('button', { expanded: false }));
    const panel = screen.getByTestId('admin-panel');
    await user.click(within(panel).getByRole('button', { name: 'Завершить все сеансы' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Завершить все сеансы' }));
    const error = await within(panel).findByTestId('admin-endSessions-error');
    expect(error).toHaveTextContent('Это нельзя сделать со своей учётной записью.');
    expect(within(panel).getByRole('button', { name: 'Завершить все сеансы' })).toHaveAccessibleDescription('Это нельзя сделать со своей учётной записью.');
    expect(within(panel).queryByTestId('admin-disable-error')).toBeNull();
    expect(within(panel).getByTestId('admin-sessions')).toHaveTextContent('2');
  });

  it('a password reset shows the one-time password once, with a copy button; closing the panel forgets it', async () => {
    localStorage.setItem('token', 'marker');
    adminPortal();
    server.use(
      http.post('/api/admin/resetpassword.json', () => ok({ account: account({ mustUpdateCredentials: true, sessions: 0 }), password: 'Xk7pQ2mRt9Za' })),
    );
    const user = userEvent.setup();
    renderPortal('/lms/admin');
    const head = within(await accountItem('student')).getByRole('button', { expanded: false });
    await user.click(head);
    await user.click(within(screen.getByTestId('admin-panel')).getByRole('button', { name: 'Сбросить пароль' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Сбросить пароль?' })).getByRole('button', { name: 'Сбросить пароль' }));
    expect(await screen.findByTestId('admin-password-value')).toHaveTextContent('Xk7pQ2mRt9Za');
    await user.click(screen.getByRole('button', { name: 'Копировать' }));
    expect(await navigator.clipboard.readText()).toBe('Xk7pQ2mRt9Za');
    expect(screen.getByRole('button', { name: 'Скопировано' })).toBeInTheDocument();
    expect(await accountItem('student')).toHaveTextContent('Должна сменить логин и пароль');
    await user.click(head);
    await user.click(head);
    expect(screen.getByTestId('admin-panel')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-password')).toBeNull();
    expect(screen.queryByText('Xk7pQ2mRt9Za')).toBeNull();
  });
});

describe('new account', () => {
  const lists = {
    positions: [
      { id: 1, name: 'Преподаватель' },
      { id: 2, name: 'Доцент' },
    ],
    departments: [
      { id: 7, name: 'ФИТ / Программная инженерия' },
      { id: 8, name: 'ФИТ / Информационные системы' },
    ],
    faculties: FACULTIES,
  };
  const made = account({
    id: 99,
    login: 'n.toktogulova',
    role: 1,
    fullName: 'Токтогулова Назира',
    place: 'Доцент',
    mustUpdateCredentials: true,
    sessions: 0,
    lastSignIn: null,
  });

  /** Opens the form by keyboard and fills it by keyboard; returns the bodies the server got. */
  async function fillByKeyboard(login: string) {
    const user = userEvent.setup();
    renderPortal('/lms/admin');
    await screen.findAllByTestId('admin-account');
    const open = screen.getByRole('button', { name: 'Новая учётная запись' });
    open.focus();
    await user.keyboard('{Enter}');
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const form = await screen.findByRole('form', { name: 'Новая учётная запись сотрудника' });
    const surname = within(form).getByLabelText('Фамилия');
    await waitFor(() => expect(surname).toHaveFocus());
    await user.keyboard('Токтогулова');
    await user.tab();
    await user.keyboard('Назира');
    await user.tab();
    expect(within(form).getByLabelText('Отчество')).toHaveFocus();
    await user.tab();
    expect(within(form).getByLabelText('Пол')).toHaveFocus();
    await user.selectOptions(within(form).getByLabelText('Пол'), 'Женский');
    const position = within(form).getByLabelText('Должность');
    await waitFor(() => expect(position).toBeEnabled());
    await user.selectOptions(position, 'Доцент');
    await user.selectOptions(within(form).getByLabelText('Кафедра'), 'ФИТ / Программная инженерия');
    await user.click(within(form).getByLabelText('Код преподавателя'));
    await user.keyboard('T-77');
    await user.tab();
    expect(within(form).getByLabelText('Логин')).toHaveFocus();
    await user.keyboard(`${login}{Enter}`);
    return { user, form };
  }

  it('filled by keyboard and sent: the form closes, the account opens in the list with its one-time password and copy button', async () => {
    localStorage.setItem('token', 'marker');
    adminPortal();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/admin/newaccountlists.json', () => ok(lists)),
      http.post('/api/admin/newaccount.json', async ({ request }) => {
        sent.push(await request.json());
        return ok({ account: made, password: 'Hq4pW7nZx3Ke' });
      }),
    );
    const { user } = await fillByKeyboard('n.toktogulova');
    expect(await screen.findByTestId('admin-password-value')).toHaveTextContent('Hq4pW7nZx3Ke');
    expect(sent).toEqual([{ surname: 'Токтогулова', name: 'Назира', gender: 'f', positionId: 2, departmentId: 7, code: 'T-77', login: 'n.toktogulova' }]);
    expect(screen.queryByTestId('admin-new')).toBeNull();
    const item = await accountItem('n.toktogulova');
    expect(within(item).getByRole('button', { expanded: true })).toHaveTextContent('Токтогулова Назира');
    expect(within(item).getByTestId('admin-panel')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Копировать' }));
    expect(await navigator.clipboard.readText()).toBe('Hq4pW7nZx3Ke');
  });

  const refusing = () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/admin/newaccountlists.json', () => ok(lists)),
      http.post('/api/admin/newaccount.json', async ({ request }) => {
        sent.push(await request.json());
        return fail(409, 'LOGIN_TAKEN', 'This login is already taken');
      }),
    );
    return sent;
  };

  it('a blank form is refused beside its fields and sends nothing; cancelling gives the focus back to the button', async () => {
    localStorage.setItem('token', 'marker');
    adminPortal();
    const sent = refusing();
    const user = userEvent.setup();
    renderPortal('/lms/admin');
    await user.click(await screen.findByRole('button', { name: 'Новая учётная запись' }));
    const blank = await screen.findByRole('form', { name: 'Новая учётная запись сотрудника' });
    await user.click(within(blank).getByRole('button', { name: 'Создать учётную запись' }));
    await waitFor(() => expect(within(blank).getByLabelText('Фамилия')).toHaveAccessibleDescription('Обязательное поле.'));
    expect(within(blank).getByLabelText('Фамилия')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    await user.click(within(blank).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByTestId('admin-new')).toBeNull();
    expect(screen.getByRole('button', { name: 'Новая учётная запись' })).toHaveFocus();
  });

  it('a login taken (409) is said beside the login field, translated, and the field gets the focus', async () => {
    localStorage.setItem('token', 'marker');
    adminPortal();
    const sent = refusing();
    const { form } = await fillByKeyboard('teacher');
    const login = within(form).getByLabelText('Логин');
    await waitFor(() => expect(login).toHaveAccessibleDescription(/Этот логин уже занят\./));
    expect(login).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(login).toHaveFocus());
    expect(sent).toHaveLength(1);
    expect(screen.queryByTestId('admin-password')).toBeNull();
  });
});

describe('audit log', () => {
  const entry = (over: Partial<AuditEntry>): AuditEntry => ({
    id: 1,
    at: '2026-10-14T09:30:00.000Z',
    action: 'disable',
    admin: { id: 30, login: 'admin', fullName: admin.fullName },
    account: { id: 20, login: 'student', fullName: 'Сыдыкова Айпери Талантовна' },
    before: { login: 'student', disabled: false, locked: false, mustUpdateCredentials: false, sessions: 1 },
    after: { login: 'student', disabled: true, locked: false, mustUpdateCredentials: false, sessions: 0 },
    ...over,
  });

  /** An administrator on the portal whose audit log answers the `entries` a request's body `keeps`; returns the bodies. */
  function auditLog(entries: AuditEntry[], keeps: (e: AuditEntry, body: Record<string, unknown>) => boolean) {
    localStorage.setItem('token', 'marker');
    adminPortal();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/admin/audit.json', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        const items = entries.filter((e) => keeps(e, body));
        return ok({ items, total: items.length, page: 1, pageSize: 20 });
      }),
    );
    return bodies;
  }

  it("lists the changes with what changed, and filters by action and by an entry's account", async () => {
    const bodies = auditLog(
      [entry({}), entry({ id: 2, action: 'unlock', account: { id: 21, login: 'freshman', fullName: 'Кубанычбек уулу Нурсултан' } })],
      (e, body) => (!body.action || e.action === body.action) && (!body.accountId || e.account.id === body.accountId),
    );
    const user = userEvent.setup();
    renderPortal('/lms/admin/audit');
    expect(await screen.findByRole('heading', { name: 'Журнал действий', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(2));
    const first = screen.getAllByTestId('audit-entry')[0];
    expect(first).toHaveTextContent('Отключить');
    expect(first).toHaveTextContent('Отключена: нет → да');
    expect(first).toHaveTextContent('Открытые сеансы: 1 → 0');

    await user.selectOptions(screen.getByLabelText('Действие'), 'unlock');
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(1));
    expect(bodies.at(-1)).toEqual({ page: 1, action: 'unlock' });
    expect(screen.getByTestId('address')).toHaveTextContent('/lms/admin/audit?action=unlock');

    await user.selectOptions(screen.getByLabelText('Действие'), '');
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(2));
    await user.click(within(screen.getAllByTestId('audit-entry')[0]).getByRole('button', { name: 'Сыдыкова Айпери Талантовна' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(1));
    expect(bodies.at(-1)).toEqual({ page: 1, accountId: 20 });
    expect(screen.getByTestId('audit-account-filter')).toHaveTextContent('Учётная запись: Сыдыкова Айпери Талантовна');
    await user.click(within(screen.getByTestId('audit-account-filter')).getByRole('button', { name: 'Показать все' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(2));
  });

  it("filters by an administrator's login typed with the keyboard, and clears it", async () => {
    const bodies = auditLog(
      [entry({}), entry({ id: 2, admin: { id: 31, login: 'dean', fullName: null } })],
      (e, body) => !body.adminLogin || e.admin.login === body.adminLogin,
    );
    const user = userEvent.setup();
    renderPortal('/lms/admin/audit');
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(2));

    await user.type(screen.getByRole('searchbox', { name: 'Логин администратора' }), ' dean {Enter}');
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(1));
    expect(bodies.at(-1)).toEqual({ page: 1, adminLogin: 'dean' });
    expect(screen.getByTestId('address')).toHaveTextContent('/lms/admin/audit?adminLogin=dean');
    expect(screen.getByTestId('audit-admin-login-filter')).toHaveTextContent('Администратор: dean');
    expect(screen.getByRole('searchbox', { name: 'Логин администратора' })).toHaveValue('dean');

    await user.click(within(screen.getByTestId('audit-admin-login-filter')).getByRole('button', { name: 'Показать все' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(2));
    expect(bodies.at(-1)).toEqual({ page: 1 });
    expect(screen.getByRole('searchbox', { name: 'Логин администратора' })).toHaveValue('');
  });

  it("a right granted is listed with the right's old and new value, and offered as a filter", async () => {
    localStorage.setItem('token', 'marker');
    adminPortal();
    server.use(
      http.post('/api/admin/audit.json', () =>
        ok({ items: [entry({ action: 'grantRight', before: { registrar: false }, after: { registrar: true } })], total: 1, page: 1, pageSize: 20 }),
      ),
    );
    renderPortal('/lms/admin/audit');
    const [first] = await screen.findAllByTestId('audit-entry');
    expect(first).toHaveTextContent('Выдача права');
    expect(first).toHaveTextContent('Регистратор: нет → да');
    expect(within(screen.getByLabelText('Действие')).getByRole('option', { name: 'Снятие права' })).toBeInTheDocument();
  });
  it("a dean's-office faculty given is named by the faculty, not its number", async () => {
    localStorage.setItem('token', 'marker');
    adminPortal();
    server.use(
      http.post('/api/admin/audit.json', () =>
        ok({ items: [entry({ action: 'grantRight', before: { deanFacultyId: null }, after: { deanFacultyId: 3 } })], total: 1, page: 1, pageSize: 20 }),
      ),
    );
    renderPortal('/lms/admin/audit');
    const [first] = await screen.findAllByTestId('audit-entry');
    await waitFor(() => expect(first).toHaveTextContent('Деканат факультета: — → ФИТ / Факультет информационных технологий'));
    expect(first).not.toHaveTextContent('#3');
  });
});
