/**
 * The administration in the portal (docs/areas/admin.md#for-users): an account's rights, its storage
 * quota and the dean's office, given by an administrator, and what a dean's office is offered.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@contract/auth';
import { renderPortal } from '../../test/portal';
import { admin, fail, http, ok, server } from '../../test/server';
import { account, accountItem, adminPortal } from './admin.fixtures';

describe('rights', () => {
  const teacher = account({ id: 40, login: 'teacher', role: 1, fullName: 'Асанов Бакыт Маратович', place: 'Доцент', news: true });

  /** The teacher's rights opened by an administrator; the server grants what is asked (the admin right refused as his own when `refuseAdmin`). */
  async function openRights(refuseAdmin: boolean) {
    localStorage.setItem('token', 'marker');
    adminPortal([account(), teacher]);
    const sent: unknown[] = [];
    server.use(
      http.post('/api/admin/rights.json', async ({ request }) => {
        const body = (await request.json()) as { right: string; granted: boolean };
        sent.push(body);
        if (refuseAdmin && body.right === 'admin') return fail(409, 'OWN_ACCOUNT', 'own');
        return ok({ ...teacher, [body.right]: body.granted });
      }),
    );
    const user = userEvent.setup();
    renderPortal('/lms/admin');
    await user.click(within(await accountItem('teacher')).getByRole('button', { expanded: false }));
    return { sent, user, rights: within(screen.getByRole('group', { name: 'Права' })) };
  }

  it('a member of staff has the rights as boxes: ticking one grants it with a toast, a refusal is a toast and said beside them', async () => {
    const { sent, user, rights } = await openRights(true);
    expect(rights.getByRole('checkbox', { name: 'Публикует новости' })).toBeChecked();
    const registrar = rights.getByRole('checkbox', { name: 'Регистратор (единое окно факультета)' });
    expect(registrar).not.toBeChecked();

    // Keyboard: Space ticks the focused box.
    registrar.focus();
    await user.keyboard(' ');
    expect(await screen.findByText('Регистратор (единое окно факультета): право дано — Асанов Бакыт Маратович')).toBeInTheDocument();
    await waitFor(() => expect(registrar).toBeChecked());
    expect(sent).toEqual([{ id: 40, right: 'registrar', granted: true }]);

    await user.click(rights.getByRole('checkbox', { name: 'Администратор' }));
    const error = await rights.findByTestId('admin-rights-error');
    expect(error).toHaveTextContent('Администратор: Это нельзя сделать со своей учётной записью.');
    expect(await screen.findAllByText('Это нельзя сделать со своей учётной записью.')).not.toHaveLength(0);
    expect(rights.getByRole('checkbox', { name: 'Администратор' })).not.toBeChecked();
    expect(sent).toHaveLength(2);
  });

  it('QR report viewer: a box with its explanation, reached and ticked by keyboard, granted then revoked, the panel showing each state', async () => {
    const { sent, user, rights } = await openRights(false);
    const viewer = rights.getByRole('checkbox', { name: 'Просмотр QR-отчётов (весь университет)' });
    expect(viewer).not.toBeChecked();
    expect(viewer).toHaveAccessibleDescription('Видит отчёты о QR-посещаемости всех групп университета, а не только тех, где преподаёт.');

    // Keyboard: Tab moves from the library editor's box to this one, Space ticks it.
    rights.getByRole('checkbox', { name: 'Редактор библиотеки (все книги)' }).focus();
    await user.tab();
    expect(viewer).toHaveFocus();
    await user.keyboard(' ');
    expect(await screen.findByText('Просмотр QR-отчётов (весь университет): право дано — Асанов Бакыт Маратович')).toBeInTheDocument();
    await waitFor(() => expect(viewer).toBeChecked());
    expect(sent).toEqual([{ id: 40, right: 'qrReports', granted: true }]);

    await user.keyboard(' ');
    expect(await screen.findByText('Просмотр QR-отчётов (весь университет): право снято — Асанов Бакыт Маратович')).toBeInTheDocument();
    await waitFor(() => expect(viewer).not.toBeChecked());
    expect(sent).toEqual([
      { id: 40, right: 'qrReports', granted: true },
      { id: 40, right: 'qrReports', granted: false },
    ]);
  });

  it("a student's account offers no rights", async () => {
    localStorage.setItem('token', 'marker');
    adminPortal([account(), teacher]);
    const user = userEvent.setup();
    renderPortal('/lms/admin');
    await user.click(within(await accountItem('student')).getByRole('button', { expanded: false }));
    expect(within(screen.getByTestId('admin-panel')).getByText('У учётной записи студента нет прав сотрудника.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('storage quota', () => {
  it("shows the role default and what the files take; a value off the rule is said under the field and not sent; saved, then reset to the role's default", async () => {
    localStorage.setItem('token', 'marker');
    adminPortal();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/admin/quota.json', async ({ request }) => {
        const body = (await request.json()) as { quotaMb: number | null };
        sent.push(body);
        return ok(account({ quotaMb: body.quotaMb }));
      }),
    );
    const user = userEvent.setup();
    renderPortal('/lms/admin');
    await user.click(within(await accountItem('student')).getByRole('button', { expanded: false }));
    const quota = within(screen.getByTestId('admin-quota'));
    expect(screen.getByTestId('admin-quota')).toHaveTextContent('Действует квота роли по умолчанию (200 МБ). Файлы занимают 12 МБ.');
    expect(quota.queryByRole('button', { name: /Вернуть квоту роли/ })).toBeNull();
    const field = quota.getByLabelText('Квота хранилища, МБ');
    expect(field).toHaveValue(null);

    await user.type(field, '0');
    await user.click(quota.getByRole('button', { name: 'Сохранить квоту' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Введите целое число мегабайт от 1 до 10.000.000\./));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, '500{Enter}');
    expect(await screen.findByText('Квота хранилища сохранена: Сыдыкова Айпери Талантовна')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 20, quotaMb: 500 }]);
    await waitFor(() => expect(screen.getByTestId('admin-quota')).toHaveTextContent('Своя квота; по умолчанию для роли — 200 МБ.'));
    expect(quota.getByLabelText('Квота хранилища, МБ')).toHaveValue(500);

    await user.click(quota.getByRole('button', { name: 'Вернуть квоту роли (200 МБ)' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { id: 20, quotaMb: 500 },
        { id: 20, quotaMb: null },
      ]),
    );
    await waitFor(() => expect(quota.queryByRole('button', { name: /Вернуть квоту роли/ })).toBeNull());
    expect(quota.getByLabelText('Квота хранилища, МБ')).toHaveValue(null);
  });

  it('an account over its quota is said so, and a refusal of the server is said beside the field', async () => {
    localStorage.setItem('token', 'marker');
    adminPortal([account({ quotaMb: 10, usedMb: 12 })]);
    server.use(http.post('/api/admin/quota.json', () => fail(403, 'FORBIDDEN', 'forbidden')));
    const user = userEvent.setup();
    renderPortal('/lms/admin');
    await user.click(within(await accountItem('student')).getByRole('button', { expanded: false }));
    const quota = within(screen.getByTestId('admin-quota'));
    expect(quota.getByTestId('admin-quota-over')).toHaveTextContent('Квота превышена: файлы занимают 12 МБ из разрешённых 10 МБ');
    const field = quota.getByLabelText('Квота хранилища, МБ');
    await user.clear(field);
    await user.type(field, '20{Enter}');
    expect(await quota.findByTestId('admin-quota-error')).toHaveTextContent('Доступ запрещён');
    expect(quota.getByTestId('admin-quota-over')).toBeInTheDocument();
  });
});

describe("dean's office", () => {
  const teacher = account({ id: 40, login: 'teacher', role: 1, fullName: 'Асанов Бакыт Маратович', place: 'Доцент' });

  it("an administrator makes a member of staff the dean's office of a faculty from the list, and takes it back", async () => {
    localStorage.setItem('token', 'marker');
    adminPortal([account(), teacher]);
    const sent: unknown[] = [];
    server.use(
      http.post('/api/admin/dean.json', async ({ request }) => {
        const body = (await request.json()) as { facultyId: number | null };
        sent.push(body);
        return ok({ ...teacher, deanFacultyId: body.facultyId });
      }),
    );
    const user = userEvent.setup();
    renderPortal('/lms/admin');
    await user.click(within(await accountItem('teacher')).getByRole('button', { expanded: false }));
    const rights = within(screen.getByRole('group', { name: 'Права' }));
    const dean = rights.getByRole('combobox', { name: 'Деканат факультета' });
    await waitFor(() => expect(dean).toBeEnabled());
    expect(dean).toHaveDisplayValue('нет');
    await user.selectOptions(dean, 'ЭФ / Экономический факультет');
    expect(await screen.findByText('Деканат факультета: право дано — Асанов Бакыт Маратович')).toBeInTheDocument();
    await waitFor(() => expect(dean).toHaveDisplayValue('ЭФ / Экономический факультет'));
    await user.selectOptions(dean, 'нет');
    expect(await screen.findByText('Деканат факультета: право снято — Асанов Бакыт Маратович')).toBeInTheDocument();
    expect(sent).toEqual([
      { id: 40, facultyId: 4 },
      { id: 40, facultyId: null },
    ]);
  });

  it('a dean (no administrator) has the side-menu entry and the accounts, without new account, imports, rights, quota, or disabling staff', async () => {
    localStorage.setItem('token', 'marker');
    const deanUser: User = { ...admin, admin: false, deanFacultyId: 3 };
    adminPortal([account(), teacher], deanUser);
    const user = userEvent.setup();
    renderPortal('/lms/admin');
    expect(await screen.findByRole('heading', { name: 'Учётные записи', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByTestId('side-menu')).getByRole('link', { name: 'Администрирование' })).toHaveAttribute('href', '/lms/admin');
    expect(screen.queryByRole('button', { name: 'Новая учётная запись' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Импорт списков' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Журнал действий' })).toBeInTheDocument();

    await user.click(within(await accountItem('student')).getByRole('button', { expanded: false }));
    let panel = within(screen.getByTestId('admin-panel'));
    expect(panel.getByRole('button', { name: 'Отключить' })).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Сбросить пароль' })).toBeInTheDocument();
    expect(panel.queryByTestId('admin-quota')).toBeNull();
    expect(panel.queryByText('У учётной записи студента нет прав сотрудника.')).toBeNull();

    await user.click(within(await accountItem('teacher')).getByRole('button', { expanded: false }));
    panel = within(screen.getByTestId('admin-panel'));
    expect(panel.queryByRole('button', { name: 'Отключить' })).toBeNull();
    expect(panel.getByRole('button', { name: 'Сбросить пароль' })).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Завершить все сеансы' })).toBeInTheDocument();
    expect(panel.queryByRole('group', { name: 'Права' })).toBeNull();
    expect(panel.queryByTestId('admin-quota')).toBeNull();

    // The imports stay the administrators'.
    const imports = renderPortal('/lms/admin/imports');
    expect(await screen.findByRole('heading', { name: 'Недоступно для вашей роли' })).toBeInTheDocument();
    imports.unmount();
  });
});
