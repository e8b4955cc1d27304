/** The UMK screen: a teacher's materials with add, edit and delete after a confirmation; a student's read-only list. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@contract/auth';
import type { UmkItem } from '@contract/umk';
import { initialSessionState } from '@shared/session/session';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, halfYearHandlers, http, ok, publicHandlers, recordRequests, requestsSettled, server, student, teacher } from '../../test/server';
import UmkScreen from './UmkScreen';

vi.mock('@lib/notify', () => ({ notify: vi.fn() }));

const material = (id: number, umkName: string, canEdit: boolean): UmkItem => ({
  id_books: id,
  id_typeUmk: 1,
  typeName: 'Лекции',
  umkName,
  author: 'Асанов Б. К.',
  description: 'Конспект лекций по курсу.',
  totalPages: 42,
  fileName: `${id}.pdf`,
  fileSize: 20480,
  mime: 'application/pdf',
  id_discipline: 7,
  id_semester: 3,
  id_examination: 1,
  id_teacher: teacher.uid,
  teacher: 'Асанов Б. К.',
  kredits: 5,
  id_forStudentKind: 0,
  id_eBook: null,
  id_bookCategory: null,
  canEdit,
});

let shelf: UmkItem[];

beforeEach(() => {
  shelf = [material(1, 'Лекции по базам данных', true), material(2, 'Практикум SQL', true)];
  const disciplines = () => ok([{ id: 7, name: 'Базы данных', kredit: 5 }]);
  const semesters = () => ok([{ id: 3, name: '3' }]);
  server.use(
    ...publicHandlers(),
    // The years, and the current year and half-year: the settings loaded after sign-in.
    ...halfYearHandlers(),
    http.post('/api/umk/disciplines', disciplines),
    http.post('/api/umk/disciplinesforstud', disciplines),
    http.post('/api/umk/semesters', semesters),
    http.post('/api/umk/semestersforstud', semesters),
    http.post('/api/umk/umklist', () => ok(shelf)),
    http.post('/api/umk/getumklistforstud', () => ok(shelf.map((m) => ({ ...m, canEdit: false })))),
    http.post('/api/umk/getumkteachers', () => ok([{ id: teacher.uid, name: teacher.fullName }])),
    http.get('/api/umk/types', () => ok([{ id: 1, name: 'Лекции' }])),
    http.get('/api/umk/getstudentexamtypes', () => ok([{ id: 1, name: 'Экзамен' }])),
    http.get('/api/umk/bookcategories', () => ok([{ id: 3, name: 'Программирование' }])),
  );
});

function renderScreen(user: User) {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user } });
  renderWithStore(<UmkScreen />, { route: '/lms/umk', store });
  return userEvent.setup();
}

describe('the UMK screen', () => {
  it('a teacher sees the materials of his first discipline and semester, with edit and delete', async () => {
    renderScreen(teacher);
    expect(await screen.findByRole('heading', { name: 'Лекции по базам данных' })).toBeInTheDocument();
    expect(screen.getByLabelText('Дисциплина')).toHaveValue('7');
    expect(screen.getByRole('button', { name: 'Изменить «Практикум SQL»' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Удалить «Практикум SQL»' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Читать «Практикум SQL» в браузере' })).toHaveAttribute('href', '/api/umk/read.file?id=2');
  });

  it('a delete asks first: cancel sends nothing, confirm deletes the material from the list', async () => {
    const log = recordRequests();
    server.use(
      http.post('/api/umk/deletebook', async ({ request }) => {
        const body = (await request.json()) as { id_books: number };
        shelf = shelf.filter((m) => m.id_books !== body.id_books);
        return ok({ id_books: body.id_books, deleted: true });
      }),
    );
    const user = renderScreen(teacher);
    await screen.findByRole('heading', { name: 'Практикум SQL' });
    await user.click(screen.getByRole('button', { name: 'Удалить «Практикум SQL»' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Удалить учебный материал?' });
    expect(dialog).toHaveTextContent('Материал «Практикум SQL» и его файл будут удалены');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await requestsSettled();
    expect(log.paths()).not.toContain('/api/umk/deletebook');

    await user.click(screen.getByRole('button', { name: 'Удалить «Практикум SQL»' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Удалить учебный материал?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Практикум SQL' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Лекции по базам данных' })).toBeInTheDocument();
    expect(log.requests.find((r) => r.path === '/api/umk/deletebook')?.body).toEqual({ id_human: teacher.uid, id_humanType: 1, id_books: 2 });
    log.stop();
  });

  it("a shared material's delete says its library copy goes too; an unshared one's does not mention the library", async () => {
    shelf = [{ ...material(1, 'Лекции по базам данных', true), id_eBook: 40, id_bookCategory: 3 }, material(2, 'Практикум SQL', true)];
    const user = renderScreen(teacher);
    await screen.findByRole('heading', { name: 'Практикум SQL' });
    await user.click(screen.getByRole('button', { name: 'Удалить «Практикум SQL»' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Удалить учебный материал?' });
    expect(dialog).toHaveTextContent('Материал «Практикум SQL» и его файл будут удалены.');
    expect(dialog).not.toHaveTextContent('библиотеке');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Удалить «Лекции по базам данных»' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Удалить учебный материал?' });
    expect(dialog).toHaveTextContent('его копия в электронной библиотеке будут удалены');
  });

  it('sharing a material with the library asks first, saying every account will see it; cancel sends nothing', async () => {
    const log = recordRequests();
    let received: FormDataEntryValue | null = null;
    server.use(
      http.post('/api/umk/insertorupdateumk', async ({ request }) => {
        received = (await request.formData()).get('isForEBooks');
        return ok({ ...shelf[1], id_eBook: 41, id_bookCategory: 3 });
      }),
    );
    const user = renderScreen(teacher);
    await screen.findByRole('heading', { name: 'Практикум SQL' });
    await user.click(screen.getByRole('button', { name: 'Изменить «Практикум SQL»' }));
    await screen.findByRole('heading', { name: 'Изменение материала' });
    await user.click(screen.getByTestId('umk-for-ebooks'));
    await user.selectOptions(screen.getByLabelText('Категория библиотеки'), 'Программирование');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Открыть материал всем?' });
    expect(dialog).toHaveTextContent('все пользователи портала');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await requestsSettled();
    expect(log.paths()).not.toContain('/api/umk/insertorupdateumk');

    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Открыть материал всем?' });
    await user.click(within(dialog).getByRole('button', { name: 'Добавить в библиотеку' }));
    await waitFor(() => expect(received).toBe('true'));
    log.stop();
  });

  it('a refused delete says so and keeps the material', async () => {
    server.use(http.post('/api/umk/deletebook', () => fail(403, 'FORBIDDEN')));
    const user = renderScreen(teacher);
    await screen.findByRole('heading', { name: 'Практикум SQL' });
    await user.click(screen.getByRole('button', { name: 'Удалить «Практикум SQL»' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Удалить учебный материал?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Материал не удалён')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Практикум SQL' })).toBeInTheDocument();
  });

  it('a teacher adds a material: the form checks its fields, then sends them and the file, and the list reloads', async () => {
    let received: Record<string, FormDataEntryValue | null> | null = null;
    server.use(
      http.post('/api/umk/insertorupdateumk', async ({ request }) => {
        const form = await request.formData();
        received = Object.fromEntries(
          ['idBook', 'bookName', 'id_typeUmk', 'id_examination', 'id_discipline', 'id_semester', 'isForEBooks', 'id_bookCategory', 'id_forStudentKind'].map(
            (k) => [k, form.get(k)],
          ),
        );
        const added = { ...material(5, String(form.get('bookName')), true) };
        shelf = [...shelf, added];
        return ok(added);
      }),
    );
    const user = renderScreen(teacher);
    await screen.findByRole('heading', { name: 'Лекции по базам данных' });
    await user.click(screen.getByRole('button', { name: 'Добавить материал' }));
    await screen.findByRole('heading', { name: 'Новый учебный материал' });
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(await screen.findByText('Выберите файл материала')).toBeInTheDocument();
    expect(received).toBeNull();

    await user.selectOptions(screen.getByLabelText('Тип материала'), 'Лекции');
    await user.selectOptions(screen.getByLabelText('Форма контроля'), 'Экзамен');
    await user.type(screen.getByLabelText('Название'), 'Нормальные формы');
    await user.upload(screen.getByLabelText('Файл материала'), new File(['%PDF-1.4'], 'нормальные-формы.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(await screen.findByRole('heading', { name: 'Нормальные формы' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Новый учебный материал' })).not.toBeInTheDocument();
    expect(received).toEqual({
      idBook: '-1',
      bookName: 'Нормальные формы',
      id_typeUmk: '1',
      id_examination: '1',
      id_discipline: '7',
      id_semester: '3',
      isForEBooks: 'false',
      id_bookCategory: '-1',
      id_forStudentKind: '0',
    });
  });

  it('a teacher edits a material: the form starts from it and saves under its id', async () => {
    let received: Record<string, FormDataEntryValue | null> | null = null;
    server.use(
      http.post('/api/umk/insertorupdateumk', async ({ request }) => {
        const form = await request.formData();
        received = { idBook: form.get('idBook'), bookName: form.get('bookName'), files: form.get('files') };
        shelf = shelf.map((m) => (m.id_books === 2 ? { ...m, umkName: String(form.get('bookName')) } : m));
        return ok(shelf[1]);
      }),
    );
    const user = renderScreen(teacher);
    await screen.findByRole('heading', { name: 'Практикум SQL' });
    await user.click(screen.getByRole('button', { name: 'Изменить «Практикум SQL»' }));
    await screen.findByRole('heading', { name: 'Изменение материала' });
    const name = screen.getByLabelText('Название');
    expect(name).toHaveValue('Практикум SQL');
    await user.clear(name);
    await user.type(name, 'Практикум SQL и индексы');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('heading', { name: 'Практикум SQL и индексы' })).toBeInTheDocument();
    expect(received).toEqual({ idBook: '2', bookName: 'Практикум SQL и индексы', files: null });
  });

  it("a discipline with several teachers: the list narrows to one teacher's materials", async () => {
    const log = recordRequests();
    shelf = [...shelf, { ...material(3, 'Проектирование схем', false), id_teacher: 777, teacher: 'Маматова Г. С.' }];
    server.use(
      http.post('/api/umk/getumkteachers', () =>
        ok([
          { id: teacher.uid, name: teacher.fullName },
          { id: 777, name: 'Маматова Гульнара Сапаровна' },
        ]),
      ),
    );
    const user = renderScreen(teacher);
    await screen.findByRole('heading', { name: 'Проектирование схем' });
    const filter = await screen.findByLabelText('Преподаватель');
    expect(filter).toHaveValue('0');
    expect(screen.getAllByTestId('umk-item')).toHaveLength(3);
    await user.selectOptions(filter, 'Маматова Гульнара Сапаровна');
    expect(screen.getAllByTestId('umk-item')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Удалить/ })).not.toBeInTheDocument();
    await user.selectOptions(filter, teacher.fullName);
    expect(screen.getAllByTestId('umk-item').map((el) => el.getAttribute('data-id'))).toEqual(['1', '2']);
    await user.selectOptions(filter, 'Все преподаватели');
    expect(screen.getAllByTestId('umk-item')).toHaveLength(3);
    log.stop();
    expect(log.requests.find((r) => r.path === '/api/umk/getumkteachers')?.body).toEqual({ id_discipline: 7 });
  });

  it('the academic year can be switched, not only the half-year: the lists reload for it', async () => {
    const log = recordRequests();
    const user = renderScreen(student);
    await screen.findByRole('heading', { name: 'Практикум SQL' });
    expect(screen.getByLabelText('Учебный год')).toHaveValue('2025');
    await user.selectOptions(screen.getByLabelText('Учебный год'), '2024-25');
    await user.selectOptions(screen.getByLabelText('Полугодие'), 'Весеннее полугодие');
    await screen.findByRole('heading', { name: 'Практикум SQL' });
    await requestsSettled();
    log.stop();
    expect(log.requests.filter((r) => r.path === '/api/umk/disciplinesforstud').map((r) => r.body)).toEqual([
      { year: 2025, ws: 1 },
      { year: 2024, ws: 1 },
      { year: 2024, ws: 2 },
    ]);
    expect(log.requests.filter((r) => r.path === '/api/umk/semestersforstud').at(-1)?.body).toEqual({ year: 2024, ws: 2, id_discipline: 7 });
  });

  it('a student reads and downloads his materials, with nothing to add, edit or delete', async () => {
    const log = recordRequests();
    renderScreen(student);
    expect(await screen.findByRole('heading', { name: 'Практикум SQL' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Читать «Практикум SQL» в браузере' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Удалить|Изменить|Добавить/ })).not.toBeInTheDocument();
    await requestsSettled();
    expect(log.paths()).toContain('/api/umk/getumklistforstud');
    expect(log.paths().filter((p) => ['/api/umk/umklist', '/api/umk/types', '/api/umk/disciplines', '/api/umk/getumkteachers'].includes(p))).toEqual([]);
    expect(screen.queryByLabelText('Преподаватель')).not.toBeInTheDocument();
    log.stop();
  });
});
