/** The library screen: categories → books, the local search line, the delete check and confirmation, and a save cancelled before or after its file was sent. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@contract/auth';
import type { Book } from '@contract/library';
import { succeeded } from '@shared/request/loadable';
import { initialSessionState } from '@shared/session/session';
import { makeStore, renderWithStore } from '../../test/render';
import { http, ok, publicHandlers, recordRequests, requestsSettled, server, student, teacher } from '../../test/server';
import LibraryScreen from './LibraryScreen';
import { libraryActions } from './library.slice';

vi.mock('@lib/notify', () => ({ notify: vi.fn() }));

const book = (id: number, name: string, author: string, canEdit = false): Book => ({
  id_eBook: id,
  name,
  author,
  description: 'Основная литература курса.',
  totalPages: 320,
  fileName: `${name.replace(/\s+/g, '_')}.pdf`,
  fileSize: 20480,
  mime: 'application/pdf',
  id_bookCategory: 3,
  id_baseBookCategory: 1,
  category: 'Программирование',
  isFromUmk: false,
  canEdit,
  hasCover: false,
});

const MB = 1024 * 1024;
let shelf: Book[];

beforeEach(() => {
  shelf = [book(1, 'Совершенный код', 'Макконнелл С.', true), book(2, 'Чистый код', 'Мартин Р.', true), book(3, 'Грокаем алгоритмы', 'Бхаргава А.')];
  server.use(
    ...publicHandlers(),
    http.get('/api/library/basebookcategories', () => ok([{ id_baseBookCategory: 1, name: 'Учебная литература' }])),
    http.post('/api/library/bookcategories', () => ok([{ id_baseBookCategory: 1, id_bookCategory: 3, name: 'Программирование', count: shelf.length }])),
    http.post('/api/library/getbooklist', () => ok(shelf)),
    http.get('/api/library/quota', () => ok({ mayAdd: true, usedBytes: 0, quotaBytes: 200 * MB })),
  );
});

function renderScreenWithStore(user: User, maxSizeMb?: number) {
  const store = makeStore({
    session: { ...initialSessionState, status: 'authenticated', user },
    ...(maxSizeMb
      ? {
          config: succeeded({
            version: '1.2.3',
            maxSizeMb,
            passwordMinLength: 8,
            googleEnabled: false,
            oidc: null,
            cardPayment: false,
            sessionIdleMinutes: 60,
          }),
        }
      : {}),
  });
  renderWithStore(<LibraryScreen />, { route: '/lms/library', store });
  return { user: userEvent.setup(), store };
}

const renderScreen = (user: User, maxSizeMb?: number) => renderScreenWithStore(user, maxSizeMb).user;

describe('the library screen', () => {
  it('lists the first category; the local search says what it found, by title or author', async () => {
    const user = renderScreen(student);
    expect(await screen.findByRole('heading', { name: 'Совершенный код' })).toBeInTheDocument();
    const link = screen.getAllByRole('link').find((l) => l.getAttribute('href') === '/api/library/read.file?id=1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getAllByText('Совершенный_код.pdf')[0]).toBeInTheDocument();

    await user.type(screen.getByLabelText('Поиск в категории'), 'код');
    expect(screen.getByRole('status')).toHaveTextContent('Найдено 2 файла');
    expect(screen.getAllByTestId('library-book')).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Искать по'), 'автору');
    expect(screen.getByRole('status')).toHaveTextContent('Поиск по код не дал результатов, показаны все файлы (3)');
    expect(screen.getAllByTestId('library-book')).toHaveLength(3);
    await user.clear(screen.getByLabelText('Поиск в категории'));
    await user.type(screen.getByLabelText('Поиск в категории'), 'мартин');
    expect(screen.getByRole('status')).toHaveTextContent('Найден 1 файл');
  });

  it('a delete is checked, then asked for; cancel sends nothing, confirm deletes and reloads the category', async () => {
    const log = recordRequests();
    server.use(
      http.post('/api/library/deletecheck', async ({ request }) => {
        const body = (await request.json()) as { id_EBook: number };
        return ok({ id_EBook: body.id_EBook, canDeleteBook: true });
      }),
      http.post('/api/library/deleteebook', async ({ request }) => {
        const body = (await request.json()) as { id_EBook: number };
        shelf = shelf.filter((b) => b.id_eBook !== body.id_EBook);
        return ok({ id_EBook: body.id_EBook, id_bookCategory: 3, deleted: true });
      }),
    );
    const user = renderScreen(teacher);
    await screen.findByRole('heading', { name: 'Совершенный код' });
    await user.click(screen.getByRole('button', { name: 'Удалить «Совершенный код»' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Удалить книгу?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await requestsSettled();
    expect(log.paths()).not.toContain('/api/library/deleteebook');
    expect(log.requests.find((r) => r.path === '/api/library/deletecheck')?.body).toEqual({ id_human: teacher.uid, id_EBook: 1 });

    await user.click(screen.getByRole('button', { name: 'Удалить «Совершенный код»' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Удалить книгу?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Совершенный код' })).not.toBeInTheDocument());
    expect(log.requests.find((r) => r.path === '/api/library/deleteebook')?.body).toEqual({ id_human: teacher.uid, id_EBook: 1, isFromUMK: false });
    expect(log.paths().filter((p) => p === '/api/library/getbooklist')).toHaveLength(2);
    log.stop();
  });

  it('a book shared from a teaching material: the delete question does not say its file goes (the material keeps it)', async () => {
    shelf = [{ ...book(1, 'Совершенный код', 'Макконнелл С.', true), isFromUmk: true }, book(2, 'Чистый код', 'Мартин Р.', true)];
    server.use(
      http.post('/api/library/deletecheck', async ({ request }) => {
        const body = (await request.json()) as { id_EBook: number };
        return ok({ id_EBook: body.id_EBook, canDeleteBook: true });
      }),
    );
    const user = renderScreen(teacher);
    await screen.findByRole('heading', { name: 'Совершенный код' });
    await user.click(screen.getByRole('button', { name: 'Удалить «Совершенный код»' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Удалить книгу?' });
    expect(dialog).not.toHaveTextContent('файл будут удалены');
    expect(dialog).toHaveTextContent('Файл останется у учебного материала');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Удалить «Чистый код»' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Удалить книгу?' });
    expect(dialog).toHaveTextContent('Книга «Чистый код» и её файл будут удалены из библиотеки.');
  });

  it('the form shows the quota used in local figures and refuses, before uploading, a file that would exceed it', async () => {
    server.use(http.get('/api/library/quota', () => ok({ mayAdd: true, usedBytes: Math.round(12.4 * MB), quotaBytes: 13 * MB })));
    const user = renderScreen(teacher, 25);
    await user.click(await screen.findByRole('button', { name: 'Добавить книгу' }));
    const form = await screen.findByTestId('library-form');
    expect(within(form).getByTestId('upload-quota')).toHaveTextContent('Использовано 12,4 из 13 МБ');
    await user.type(within(form).getByLabelText('Название'), 'Толстая книга');
    await user.type(within(form).getByLabelText('Автор'), 'Автор А.');
    await user.upload(within(form).getByLabelText('Файл книги'), new File([new Uint8Array(MB)], 'thick.pdf', { type: 'application/pdf' }));
    const log = recordRequests();
    await user.click(within(form).getByRole('button', { name: 'Добавить' }));
    expect(await within(form).findByText('Файл не помещается в вашу квоту: осталось 0,6 МБ')).toBeInTheDocument();
    await requestsSettled();
    log.stop();
    expect(log.paths()).not.toContain('/api/library/insertupdatebook');
  });

  it('a cancel once the file was sent says the book may have been saved, closes the form and reloads the list, which shows it', async () => {
    let arrived!: () => void;
    const received = new Promise<void>((r) => (arrived = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    server.use(
      http.post('/api/library/insertupdatebook', async ({ request }) => {
        await request.formData();
        // The server has the whole form: it stores the book, and its reply is slow to come.
        shelf = [...shelf, book(4, 'Отменённая книга', 'Автор А.', true)];
        arrived();
        await held;
        return ok(shelf[3]);
      }),
    );
    try {
      const { user, store } = renderScreenWithStore(teacher, 25);
      await user.click(await screen.findByRole('button', { name: 'Добавить книгу' }));
      const form = await screen.findByTestId('library-form');
      await user.type(within(form).getByLabelText('Название'), 'Отменённая книга');
      await user.type(within(form).getByLabelText('Автор'), 'Автор А.');
      await user.upload(within(form).getByLabelText('Файл книги'), new File(['plain text of the book'], 'notes.txt', { type: 'text/plain' }));
      await user.click(within(form).getByRole('button', { name: 'Добавить' }));
      await received;
      // The browser's last progress event: every byte sent (msw reports progress only with its reply).
      store.dispatch(libraryActions.saveProgressed({ loaded: 1000, total: 1000 }));
      await user.click(await within(form).findByRole('button', { name: 'Отменить загрузку' }));
      expect(await screen.findByTestId('upload-unconfirmed')).toHaveTextContent(
        'Загрузку отменили, когда файл уже был отправлен, поэтому книга могла всё же сохраниться. Список обновлён: проверьте его, прежде чем добавлять книгу снова.',
      );
      expect(screen.queryByTestId('library-form')).not.toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Отменённая книга' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Понятно' }));
      expect(screen.queryByTestId('upload-unconfirmed')).not.toBeInTheDocument();
    } finally {
      release();
    }
  });

  it('a cancel while the file is still being sent keeps the form open and says nothing', async () => {
    let arrived!: () => void;
    const received = new Promise<void>((r) => (arrived = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    server.use(
      http.post('/api/library/insertupdatebook', async () => {
        arrived();
        await held;
        return ok(book(4, 'Недосланная книга', 'Автор А.', true));
      }),
    );
    try {
      const { user, store } = renderScreenWithStore(teacher, 25);
      await user.click(await screen.findByRole('button', { name: 'Добавить книгу' }));
      const form = await screen.findByTestId('library-form');
      await user.type(within(form).getByLabelText('Название'), 'Недосланная книга');
      await user.type(within(form).getByLabelText('Автор'), 'Автор А.');
      await user.upload(within(form).getByLabelText('Файл книги'), new File(['plain text of the book'], 'notes.txt', { type: 'text/plain' }));
      await user.click(within(form).getByRole('button', { name: 'Добавить' }));
      await received;
      store.dispatch(libraryActions.saveProgressed({ loaded: 400, total: 1000 }));
      await user.click(await within(form).findByRole('button', { name: 'Отменить загрузку' }));
      expect(await within(form).findByRole('button', { name: 'Добавить' })).toBeInTheDocument();
      expect(within(form).getByLabelText('Название')).toHaveValue('Недосланная книга');
      expect(screen.queryByTestId('upload-unconfirmed')).not.toBeInTheDocument();
    } finally {
      release();
    }
  });

  it('an account without the right to add books sees no "add a book"', async () => {
    server.use(http.get('/api/library/quota', () => ok({ mayAdd: false, usedBytes: 0, quotaBytes: 50 * MB })));
    renderScreen(student);
    await screen.findByRole('heading', { name: 'Совершенный код' });
    await requestsSettled();
    expect(screen.queryByRole('button', { name: 'Добавить книгу' })).not.toBeInTheDocument();
  });

  it("each book shows a cover: an EPUB's image, else a tile with the format's name", async () => {
    shelf = [
      { ...book(1, 'Совершенный код', 'Макконнелл С.'), fileName: 'code.epub', mime: 'application/epub+zip', hasCover: true },
      book(2, 'Чистый код', 'Мартин Р.'),
    ];
    renderScreen(student);
    await screen.findByRole('heading', { name: 'Совершенный код' });
    const [first, second] = screen.getAllByTestId('library-book');
    expect(within(first).getByTestId('library-cover')).toHaveAttribute('src', '/api/library/cover.file?id=1');
    expect(within(first).getByRole('link', { name: 'Читать «Совершенный код» в браузере' })).toHaveAttribute('href', '/lms/library/read/1');
    expect(within(second).getByTestId('library-cover-tile')).toHaveTextContent('PDF');
    expect(within(second).queryByTestId('library-cover')).not.toBeInTheDocument();
  });

  it('a book the caller may not delete says so and asks nothing', async () => {
    server.use(http.post('/api/library/deletecheck', () => ok({ id_EBook: 2, canDeleteBook: false })));
    const user = renderScreen(teacher);
    await screen.findByRole('heading', { name: 'Чистый код' });
    await user.click(screen.getByRole('button', { name: 'Удалить «Чистый код»' }));
    expect(await screen.findByText('Удалить эту книгу может только тот, кто её загрузил, или сотрудник библиотеки.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a student sees no edit or delete on books of others', async () => {
    shelf = [book(3, 'Грокаем алгоритмы', 'Бхаргава А.')];
    renderScreen(student);
    await screen.findByRole('heading', { name: 'Грокаем алгоритмы' });
    expect(screen.queryByRole('button', { name: /Удалить/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Изменить/ })).not.toBeInTheDocument();
  });

  it("holds a new book's file to the server's upload limit, and sends nothing over it", async () => {
    const user = renderScreen(teacher, 1);
    await user.click(await screen.findByRole('button', { name: 'Добавить книгу' }));
    const form = await screen.findByTestId('library-form');
    expect(within(form).getByText('PDF, EPUB, DjVu, FB2, MOBI, DOC/DOCX, PPT/PPTX, TXT и другие документы до 1 МБ')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Название'), 'Большая книга');
    await user.type(within(form).getByLabelText('Автор'), 'Автор А.');
    await user.upload(within(form).getByLabelText('Файл книги'), new File([new Uint8Array(1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' }));
    const log = recordRequests();
    await user.click(within(form).getByRole('button', { name: 'Добавить' }));
    expect(await within(form).findByText('Размер файла превышает 1 МБ')).toBeInTheDocument();
    await requestsSettled();
    log.stop();
    expect(log.paths()).not.toContain('/api/library/insertupdatebook');
  });

  it('the file picker offers the book formats, and a file of another kind is refused before any upload', async () => {
    renderScreen(teacher);
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Добавить книгу' }));
    const form = await screen.findByTestId('library-form');
    const input = within(form).getByLabelText('Файл книги');
    for (const ext of ['.pdf', '.epub', '.djvu', '.fb2', '.mobi', '.docx']) expect(input.getAttribute('accept')?.split(',')).toContain(ext);
    await user.type(within(form).getByLabelText('Название'), 'Программа');
    await user.type(within(form).getByLabelText('Автор'), 'Автор А.');
    await user.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    const log = recordRequests();
    await user.click(within(form).getByRole('button', { name: 'Добавить' }));
    expect(await within(form).findByText(/Такой файл библиотека не принимает/)).toBeInTheDocument();
    await requestsSettled();
    log.stop();
    expect(log.paths()).not.toContain('/api/library/insertupdatebook');
  });

  it('the search across the library says the true count and loads the next page on demand', async () => {
    const all = Array.from({ length: 120 }, (_, i) => ({ ...book(100 + i, `Кнут, том ${i + 1}`, 'Кнут Д.'), category: 'Алгоритмы' }));
    server.use(
      http.post('/api/library/searchbooks', async ({ request }) => {
        const body = (await request.json()) as { text: string; offset?: number };
        const offset = body.offset ?? 0;
        return ok({ books: all.slice(offset, offset + 50), total: all.length, offset });
      }),
    );
    const user = renderScreen(student);
    await screen.findByRole('heading', { name: 'Совершенный код' });
    await user.type(screen.getByRole('searchbox', { name: 'Поиск по всей библиотеке' }), 'knuth');
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    expect(await screen.findByText('Найдено 120 файлов')).toBeInTheDocument();
    expect(screen.getAllByTestId('library-book')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Показать ещё (показано 50 из 120)' }));
    await user.click(await screen.findByRole('button', { name: 'Показать ещё (показано 100 из 120)' }));
    await waitFor(() => expect(screen.getAllByTestId('library-book')).toHaveLength(120));
    expect(screen.queryByRole('button', { name: /Показать ещё/ })).not.toBeInTheDocument();
    expect(screen.getByText('Найдено 120 файлов')).toBeInTheDocument();
  });

  it("editing a book found by the search shows its own base category and category, not the list's", async () => {
    const novel = { ...book(50, 'Мастер и Маргарита', 'Булгаков М.', true), id_bookCategory: 9, id_baseBookCategory: 2, category: 'Роман' };
    server.use(
      http.get('/api/library/basebookcategories', () =>
        ok([
          { id_baseBookCategory: 1, name: 'Учебная литература' },
          { id_baseBookCategory: 2, name: 'Художественная литература' },
        ]),
      ),
      http.post('/api/library/bookcategories', async ({ request }) => {
        const { id_baseBookCategory: base } = (await request.json()) as { id_baseBookCategory: number };
        return ok(
          base === 2
            ? [
                { id_baseBookCategory: 2, id_bookCategory: 8, name: 'Поэзия', count: 0 },
                { id_baseBookCategory: 2, id_bookCategory: 9, name: 'Роман', count: 1 },
              ]
            : [{ id_baseBookCategory: 1, id_bookCategory: 3, name: 'Программирование', count: shelf.length }],
        );
      }),
      http.post('/api/library/searchbooks', () => ok({ books: [novel], total: 1, offset: 0 })),
    );
    const user = renderScreen(teacher);
    await screen.findByRole('heading', { name: 'Совершенный код' });
    await user.type(screen.getByRole('searchbox', { name: 'Поиск по всей библиотеке' }), 'булгаков');
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    await user.click(await screen.findByRole('button', { name: 'Изменить «Мастер и Маргарита»' }));
    const form = await screen.findByTestId('library-form');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Подкатегория' })).toHaveValue('9'));
    expect(within(form).getByRole('combobox', { name: 'Категория' })).toHaveValue('2');
    expect(within(form).getByRole('option', { name: 'Роман', selected: true })).toBeInTheDocument();
    // The list behind the form stays as it was: the search results.
    expect(screen.getByRole('heading', { name: 'Мастер и Маргарита' })).toBeInTheDocument();
  });

  it('after a delete the category counts are read again', async () => {
    server.use(
      http.post('/api/library/deletecheck', () => ok({ id_EBook: 1, canDeleteBook: true })),
      http.post('/api/library/deleteebook', () => {
        shelf = shelf.filter((b) => b.id_eBook !== 1);
        return ok({ id_EBook: 1, id_bookCategory: 3, deleted: true });
      }),
    );
    const user = renderScreen(teacher);
    await screen.findByRole('heading', { name: 'Совершенный код' });
    const nav = screen.getByRole('button', { name: /Программирование/ });
    expect(nav).toHaveTextContent('3');
    await user.click(screen.getByRole('button', { name: 'Удалить «Совершенный код»' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Программирование/ })).toHaveTextContent('2'));
  });
});
