/**
 * The reference lists in the portal (docs/areas/reference.md#for-users): who is offered them, a list
 * loaded by its address, a row added and changed in the dialog by keyboard, a refusal said under its
 * field, a deletion confirmed and its refusal said beside its button, the settings' restart note.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReferenceList, ReferenceRow } from '@contract/reference';
import { expectNotForRole, NON_ADMINS, renderPortal, signedInHandlers, teacherProfile } from '../../test/portal';
import { admin, fail, http, ok, server } from '../../test/server';

const adminProfile = { ...teacherProfile, uid: admin.uid, fullName: admin.fullName, login: 'admin' };

const LESSON_TIMES: ReferenceList = {
  name: 'lessonTimes',
  canAdd: true,
  canDelete: true,
  count: 2,
  columns: [
    { key: 'id', kind: 'integer', required: true, identity: true, min: 1, max: 20 },
    { key: 'startsAt', kind: 'time', required: true },
    { key: 'endsAt', kind: 'time', required: true },
  ],
};
const SETTINGS: ReferenceList = {
  name: 'settings',
  canAdd: false,
  canDelete: false,
  count: 1,
  columns: [
    { key: 'universityName', kind: 'names', required: true },
    { key: 'timeZone', kind: 'timeZone', required: true, max: 64 },
  ],
};
const OTHERS = ['academicYears', 'registrationPeriods', 'rooms', 'paidServices'].map(
  (name) => ({ name, canAdd: true, canDelete: true, count: 0, columns: [] }) as unknown as ReferenceList,
);

const pair = (id: number, startsAt: string, endsAt: string): ReferenceRow => ({ id: String(id), values: { id, startsAt, endsAt } });

/** The admin signed in with the lists; returns the bodies of the writes the server got. */
function referencePortal() {
  const sent: { call: string; body: unknown }[] = [];
  const rows: Record<string, ReferenceRow[]> = {
    lessonTimes: [pair(1, '08:00', '09:20'), pair(2, '09:30', '10:50')],
    settings: [{ id: 'university', values: { universityName: { ru: 'Университет', kg: 'Университет', en: 'University' }, timeZone: 'Asia/Bishkek' } }],
  };
  const lists: Record<string, ReferenceList> = { lessonTimes: LESSON_TIMES, settings: SETTINGS };
  server.use(
    ...signedInHandlers(admin, adminProfile),
    http.post('/api/reference/lists.json', () => ok({ lists: [OTHERS[0], OTHERS[1], LESSON_TIMES, SETTINGS, OTHERS[2], OTHERS[3]] })),
    http.post('/api/reference/rows.json', async ({ request }) => {
      const { list } = (await request.json()) as { list: string };
      return ok({ list: lists[list], rows: rows[list] ?? [] });
    }),
  );
  return sent;
}

describe('who is offered the reference lists', () => {
  it('an administrator reaches them from the accounts screen; a teacher and a student get the not-for-your-role page', async () => {
    localStorage.setItem('token', 'marker');
    referencePortal();
    server.use(http.post('/api/admin/accounts.json', () => ok({ items: [], total: 0, page: 1, pageSize: 20 })));
    const user = userEvent.setup();
    const first = renderPortal('/lms/admin');
    await user.click(await screen.findByRole('link', { name: 'Справочники' }));
    expect(await screen.findByRole('heading', { name: 'Справочники', level: 1 })).toBeInTheDocument();
    // The lists' counts come with their own reply, after the heading.
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Справочники' })).toHaveTextContent('Время пар (2)'));
    first.unmount();

    for (const [user, profile] of NON_ADMINS) {
      server.use(...signedInHandlers(user, profile));
      await expectNotForRole(['/lms/admin/reference/lessonTimes']);
    }
  });
});

describe('a list', () => {
  it('opens by its address as a table of its rows, the current list marked in the list of lists', async () => {
    localStorage.setItem('token', 'marker');
    referencePortal();
    renderPortal('/lms/admin/reference/lessonTimes');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Пара', 'Начало', 'Конец', 'Действия']);
    expect(within(table).getAllByTestId('reference-row')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /Время пар/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: 'Время пар', level: 2 })).toBeInTheDocument();
  });

  it('adds a row by keyboard: a refusal is said under its field, then the row joins the table with a toast', async () => {
    localStorage.setItem('token', 'marker');
    referencePortal();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/reference/save.json', async ({ request }) => {
        const body = (await request.json()) as { values: { startsAt: string } };
        sent.push(body);
        if (body.values.startsAt === '09:00')
          return fail(400, 'REFERENCE_INVALID', 'Пересекается с парой 2', { field: 'startsAt', reason: 'overlap', other: 2 });
        return ok(pair(3, '11:00', '12:20'));
      }),
    );
    const user = userEvent.setup();
    renderPortal('/lms/admin/reference/lessonTimes');
    (await screen.findByRole('button', { name: 'Добавить' })).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Новая строка: Время пар' });
    // The first field has the focus; an empty form is refused here, nothing is sent.
    expect(within(dialog).getByLabelText('Пара')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect((await within(dialog).findAllByText('Заполните поле')).length).toBeGreaterThan(0);
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText('Пара'), '25');
    await user.tab();
    expect(await within(dialog).findByText('Значение от 1 до 20')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Пара'));
    await user.type(within(dialog).getByLabelText('Пара'), '3');
    await user.type(within(dialog).getByLabelText('Начало'), '09:00');
    await user.type(within(dialog).getByLabelText('Конец'), '12:20');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Пересекается с парой 2')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Начало')).toHaveFocus());
    expect(within(dialog).getByLabelText('Начало')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByLabelText('Начало'));
    await user.type(within(dialog).getByLabelText('Начало'), '11:00');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Строка добавлена')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByTestId('reference-row')).toHaveLength(3);
    expect(sent.at(-1)).toEqual({ list: 'lessonTimes', values: { id: 3, startsAt: '11:00', endsAt: '12:20' } });
  });

  it('changes a row: its number stays fixed and is not sent as a field of the form', async () => {
    localStorage.setItem('token', 'marker');
    referencePortal();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/reference/save.json', async ({ request }) => {
        sent.push(await request.json());
        return ok(pair(2, '09:40', '11:00'));
      }),
    );
    const user = userEvent.setup();
    renderPortal('/lms/admin/reference/lessonTimes');
    await user.click(await screen.findByRole('button', { name: 'Изменить 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Изменение: Время пар' });
    expect(dialog).toHaveTextContent('Пара: 2');
    expect(within(dialog).queryByLabelText('Пара')).toBeNull();
    await user.clear(within(dialog).getByLabelText('Начало'));
    await user.type(within(dialog).getByLabelText('Начало'), '09:40');
    await user.clear(within(dialog).getByLabelText('Конец'));
    await user.type(within(dialog).getByLabelText('Конец'), '11:00');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Изменения сохранены')).toBeInTheDocument();
    expect(sent).toEqual([{ list: 'lessonTimes', id: '2', values: { startsAt: '09:40', endsAt: '11:00' } }]);
    expect(within(screen.getAllByTestId('reference-row')[1]).getAllByRole('cell')[1]).toHaveTextContent('09:40');
  });

  it('deletes a row after a confirmation; a row in use is kept and the refusal is said beside its button', async () => {
    localStorage.setItem('token', 'marker');
    referencePortal();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/reference/delete.json', async ({ request }) => {
        const body = (await request.json()) as { id: string };
        sent.push(body);
        if (body.id === '1') return fail(409, 'REFERENCE_IN_USE', 'Строку нельзя удалить: на неё ссылаются другие записи');
        return ok({ id: body.id });
      }),
    );
    const user = userEvent.setup();
    renderPortal('/lms/admin/reference/lessonTimes');
    await user.click(await screen.findByRole('button', { name: 'Удалить 1' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Удалить строку?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Удалить 1' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Удалить строку?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByTestId('reference-delete-error')).toHaveTextContent('Строку нельзя удалить: на неё ссылаются другие записи');
    expect(screen.getAllByTestId('reference-row')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Удалить 2' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Удалить строку?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Строка удалена')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('reference-row')).toHaveLength(1));
    expect(sent).toEqual([
      { list: 'lessonTimes', id: '1' },
      { list: 'lessonTimes', id: '2' },
    ]);
  });

  it("the university's settings: one row, changed only, with the note that the time zone needs a restart", async () => {
    localStorage.setItem('token', 'marker');
    referencePortal();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/reference/save.json', async ({ request }) => {
        const body = (await request.json()) as { values: { timeZone: string } };
        sent.push(body);
        return fail(400, 'REFERENCE_INVALID', 'Не часовой пояс IANA (например, Asia/Bishkek)', { field: 'timeZone', reason: 'timeZone' });
      }),
    );
    const user = userEvent.setup();
    renderPortal('/lms/admin/reference/settings');
    expect(await screen.findByText(/Часовой пояс применяется при перезапуске сервера/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Удалить/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Изменить Университет' }));
    const dialog = await screen.findByRole('dialog');
    const zone = within(dialog).getByLabelText('Часовой пояс');
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Не часовой пояс IANA (например, Asia/Bishkek)')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        list: 'settings',
        id: 'university',
        values: { universityName: { ru: 'Университет', kg: 'Университет', en: 'University' }, timeZone: 'Mars/Olympus' },
      },
    ]);
  });

  it('an unknown list says so', async () => {
    localStorage.setItem('token', 'marker');
    referencePortal();
    renderPortal('/lms/admin/reference/nothing');
    expect(await screen.findByTestId('reference-unknown')).toHaveTextContent('Такого списка нет');
  });
});

describe("the administration's audit log", () => {
  it("names a list's change by its list, row and columns, and offers the lists' actions in its filter", async () => {
    localStorage.setItem('token', 'marker');
    referencePortal();
    const asked: unknown[] = [];
    server.use(
      http.post('/api/admin/audit.json', async ({ request }) => {
        asked.push(await request.json());
        return ok({
          items: [
            {
              id: 1,
              at: '2026-10-14T08:00:00.000Z',
              action: 'changeReference',
              admin: { id: admin.uid, login: 'admin', fullName: admin.fullName },
              account: { id: 0, login: null, fullName: null },
              before: { list: 'lessonTimes', id: '2', startsAt: '09:30', endsAt: '10:50' },
              after: { list: 'lessonTimes', id: '2', startsAt: '09:40', endsAt: '10:50' },
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        });
      }),
    );
    const user = userEvent.setup();
    renderPortal('/lms/admin/audit');
    const entry = await screen.findByTestId('audit-entry');
    expect(entry).toHaveTextContent('Изменение справочника');
    expect(entry).toHaveTextContent('Время пар, строка 2');
    expect(entry).toHaveTextContent('Начало: 09:30 → 09:40');
    expect(entry).not.toHaveTextContent('Конец');
    await user.selectOptions(screen.getByTestId('audit-action'), 'Удаление из справочника');
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: 1, action: 'deleteReference' }));
  });
});

describe('a list with fixed values and roles', () => {
  it('offers the side-menu entries by their menu labels and the roles as boxes, and sends their values', async () => {
    localStorage.setItem('token', 'marker');
    referencePortal();
    const MENU_LINKS: ReferenceList = {
      name: 'menuLinks',
      canAdd: true,
      canDelete: true,
      count: 1,
      columns: [
        { key: 'key', kind: 'text', required: true, max: 40, choices: ['webinar', 'manual'] },
        { key: 'url', kind: 'url', required: true, max: 500 },
        { key: 'roles', kind: 'roles', required: true },
      ],
    };
    const sent: unknown[] = [];
    server.use(
      http.post('/api/reference/rows.json', () =>
        ok({ list: MENU_LINKS, rows: [{ id: '1', values: { key: 'webinar', url: 'https://meet.jit.si/', roles: [1, 2] } }] }),
      ),
      http.post('/api/reference/save.json', async ({ request }) => {
        const body = (await request.json()) as { values: object };
        sent.push(body);
        return ok({ id: '2', values: body.values });
      }),
    );
    const user = userEvent.setup();
    renderPortal('/lms/admin/reference/menuLinks');
    const row = (await screen.findAllByTestId('reference-row'))[0];
    expect(row).toHaveTextContent('Вебинар');
    expect(row).toHaveTextContent('Преподаватели, Студенты');
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Пункт меню'), 'manual');
    await user.type(within(dialog).getByLabelText('Адрес'), 'ftp://x');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Адрес вида https://…')).toBeInTheDocument();
    expect(within(dialog).getByText('Заполните поле')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Адрес'));
    await user.type(within(dialog).getByLabelText('Адрес'), 'https://wiki.example.edu');
    await user.click(within(within(dialog).getByRole('group', { name: 'Кому показан' })).getByRole('checkbox', { name: 'Студенты' }));
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Строка добавлена')).toBeInTheDocument();
    expect(sent).toEqual([{ list: 'menuLinks', values: { key: 'manual', url: 'https://wiki.example.edu', roles: [2] } }]);
  });
});
