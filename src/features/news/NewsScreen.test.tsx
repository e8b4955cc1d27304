import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { User } from '@contract/auth';
import type { NewsItem } from '@contract/news';
import { initialSessionState } from '@shared/session/session';
import { initTestI18n } from '../../test/i18n';
import { loadedSettings } from '../../test/settings';
import { makeStore, renderWithStore } from '../../test/render';
import { http, ok, publicHandlers, recordRequests, requestsSettled, server, student, teacher } from '../../test/server';
import NewsScreen from './NewsScreen';
import { item } from './testData';

vi.mock('@lib/notify', () => ({ notify: vi.fn() }));

const MB = 1024 * 1024;

/** The feed answers page by page from `pages` (page n → pages[n-1], then []). */
function feedHandler(pages: NewsItem[][], bodies: unknown[] = []) {
  return http.post('/api/news/data.json', async ({ request }) => {
    const body = (await request.json()) as { page: number };
    bodies.push(body);
    return ok(pages[body.page - 1] ?? []);
  });
}

function renderScreen(user: User, route = '/lms/news') {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user }, settings: loadedSettings(2026, 1) });
  renderWithStore(<NewsScreen />, { route, store });
  return userEvent.setup();
}

beforeEach(() => {
  server.use(
    ...publicHandlers(),
    http.post('/api/misc/faculties.json', () =>
      ok([
        { id: 1, name: 'Факультет информационных технологий' },
        { id: 2, name: 'Факультет экономики и управления' },
      ]),
    ),
  );
});

describe('the feed (student)', () => {
  it('a notification’s link (?item=) marks its item and brings it into view', async () => {
    const scrolled: Element[] = [];
    // jsdom lays nothing out and has no scrollIntoView: record the calls.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    server.use(feedHandler([[item(7), item(6), item(5)]]));
    renderScreen(student, '/lms/news?item=6');
    await screen.findAllByTestId('news-item');
    const cards = screen.getAllByTestId('news-item');
    expect(cards.map((c) => c.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    expect(scrolled).toEqual([cards[1]]);
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('shows author name and role apart, the date in the language format (DD.MM.YYYY) and HH:mm, the message as text and the file links', async () => {
    const message = 'Уважаемые студенты!\nЗанятие в ауд. 305.\n<script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2">';
    server.use(feedHandler([[item(5, { message, files: 'Расписание экзаменов зимней сессии.pdf\u001fnotes.txt' })]]));
    renderScreen(student);
    const card = await screen.findByRole('article', { name: 'Асанов Бакыт Кубанычбекович' });
    expect(within(card).getByText('Доцент, Кафедра программной инженерии')).toBeInTheDocument();
    const when = dayjs('2026-10-01T04:30:00.000Z');
    expect(within(card).getByText(when.format('DD.MM.YYYY'))).toBeInTheDocument();
    expect(within(card).getByText(when.format('HH:mm'))).toBeInTheDocument();

    const text = card.querySelector('.news-message')!;
    expect(text.textContent).toBe(message);
    expect(card.querySelector('script, img[src="x"]')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();

    const pdf = within(card).getByRole('link', { name: 'Расписание экзаменов…, Скачать Расписание экзаменов зимней сессии.pdf' });
    expect(pdf).toHaveAttribute('href', `/api/news/download.file?filename=${encodeURIComponent('5_Расписание экзаменов зимней сессии.pdf')}&type=4`);
    expect(pdf).toHaveTextContent('Расписание экзаменов…');
    expect(pdf).toHaveAttribute('title', 'Расписание экзаменов зимней сессии.pdf');
    expect(within(card).getByRole('link', { name: 'notes.txt, Скачать notes.txt' })).toHaveAttribute(
      'href',
      '/api/news/download.file?filename=5_notes.txt&type=4',
    );

    expect(screen.queryByTestId('news-composer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить новость' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('news-reads')).not.toBeInTheDocument();
  });

  it('"load more" asks for the next page, appends it and disappears after a short page', async () => {
    const bodies: unknown[] = [];
    const first = Array.from({ length: 10 }, (_, i) => item(100 - i));
    server.use(feedHandler([first, [item(90), item(89)]], bodies));
    const user = renderScreen(student);
    await screen.findByText('Новость 100');
    expect(screen.getAllByTestId('news-item')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Загрузить ещё' }));
    await screen.findByText('Новость 89');
    expect(screen.getAllByTestId('news-item')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Загрузить ещё' })).not.toBeInTheDocument();
    expect(bodies).toEqual([
      { id: 20, uid: 9001, role: 2, page: 1 },
      { id: 20, uid: 9001, role: 2, page: 2 },
    ]);
  });

  it('an empty feed says so; no "load more"', async () => {
    server.use(feedHandler([]));
    renderScreen(student);
    expect(await screen.findByText('Новостей пока нет')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Загрузить ещё' })).not.toBeInTheDocument();
  });
});

describe('the author (teacher with newsPerms)', () => {
  it('own items show pinned, scheduled, audience and "read by N of M"', async () => {
    server.use(
      feedHandler([
        [
          item(3, { editable: true, pinned: true, audience: 2, faculty: 'Факультет информационных технологий', readCount: 3, addressedCount: 40 }),
          item(2, { editable: true, scheduled: true, publishAt: '2026-12-01T03:00:00.000Z', readCount: 0, addressedCount: 40 }),
        ],
      ]),
    );
    renderScreen(teacher);
    const [pinned, scheduled] = await screen.findAllByTestId('news-item');
    expect(within(pinned).getByText('Закреплено')).toBeInTheDocument();
    expect(within(pinned).getByText('Для студентов · Факультет информационных технологий')).toBeInTheDocument();
    expect(within(pinned).getByTestId('news-reads')).toHaveTextContent('Прочитали 3 из 40');
    expect(within(scheduled).getByText(`Выйдет ${dayjs('2026-12-01T03:00:00.000Z').format('DD.MM.YYYY HH:mm')}`)).toBeInTheDocument();
    expect(within(scheduled).queryByTestId('news-reads')).not.toBeInTheDocument();
  });

  it('a file over the limit: "File size is exceeded the limit" with the limit, and nothing is sent', async () => {
    await initTestI18n('en');
    server.use(feedHandler([]));
    const log = recordRequests();
    const user = renderScreen(teacher);
    const form = await screen.findByTestId('news-composer');
    await user.type(within(form).getByLabelText('Text'), 'Exam timetable');
    const big = new File(['%PDF-1.4'], 'timetable.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 25 * MB + 1 });
    await user.upload(screen.getByTestId('news-file-input'), big);
    expect(await within(form).findByText('File size is exceeded the limit (25 MB)')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Publish' }));

    // Removing the file clears the refusal. Its validation runs after the submit's (same form,
    // started later), so once the refusal is gone the submit has been decided; a request it
    // made would be in flight, and requestsSettled waits for it.
    await user.click(within(form).getByRole('button', { name: 'Remove file timetable.pdf' }));
    await waitFor(() => expect(within(form).queryByText('File size is exceeded the limit (25 MB)')).not.toBeInTheDocument());
    await requestsSettled();
    log.stop();
    expect(log.paths()).not.toContain('/api/news/insert.json');
  });

  it('a message or a file is required', async () => {
    server.use(feedHandler([]));
    const log = recordRequests();
    const user = renderScreen(teacher);
    const form = await screen.findByTestId('news-composer');
    await user.click(within(form).getByRole('button', { name: 'Опубликовать' }));
    expect(await within(form).findByText('Введите текст или прикрепите файл')).toBeInTheDocument();
    log.stop();
    expect(log.paths()).not.toContain('/api/news/insert.json');
  });

  it('posting sends the form, clears the composer and reloads the feed from page 1', async () => {
    const bodies: unknown[] = [];
    let posted: Record<string, FormDataEntryValue | null> | null = null;
    server.use(
      feedHandler([[item(1)]], bodies),
      http.post('/api/news/insert.json', async ({ request }) => {
        const form = await request.formData();
        posted = { message: form.get('message'), audience: form.get('audience'), faculty: form.get('faculty'), pinned: form.get('pinned') };
        server.use(feedHandler([[item(2, { message: 'Консультация в среду', editable: true, readCount: 0, addressedCount: 12 }), item(1)]], bodies));
        return ok(item(2, { message: 'Консультация в среду' }));
      }),
    );
    const user = renderScreen(teacher);
    const form = await screen.findByTestId('news-composer');
    await screen.findByText('Новость 1');
    await user.type(within(form).getByLabelText('Текст новости'), 'Консультация в среду');
    await user.selectOptions(within(form).getByLabelText('Кому'), 'Студенты');
    await within(form).findByRole('option', { name: 'Факультет информационных технологий' });
    expect(within(within(form).getByLabelText('Факультет')).getAllByRole('option')[0]).toHaveTextContent('---');
    await user.selectOptions(within(form).getByLabelText('Факультет'), 'Факультет информационных технологий');
    await user.click(within(form).getByLabelText('Закрепить вверху ленты'));
    await user.upload(screen.getByTestId('news-file-input'), new File(['вопросы'], 'вопросы.txt', { type: 'text/plain' }));
    await user.click(within(form).getByRole('button', { name: 'Опубликовать' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('Новость опубликована');
    expect(posted).toEqual({ message: 'Консультация в среду', audience: '2', faculty: '1', pinned: 'true' });
    await screen.findByText('Консультация в среду', { selector: '.news-message' });
    expect(bodies).toEqual([
      { id: 10, uid: 501, role: 1, page: 1 },
      { id: 10, uid: 501, role: 1, page: 1 },
    ]);
    expect(within(form).getByLabelText('Текст новости')).toHaveValue('');
    expect(within(form).queryByText('вопросы.txt')).not.toBeInTheDocument();
  });

  it('delete asks first: Cancel sends nothing, Delete removes the item', async () => {
    const deleted: unknown[] = [];
    server.use(
      feedHandler([[item(8, { editable: true, readCount: 0, addressedCount: 5 }), item(7)]]),
      http.post('/api/news/delete.json', async ({ request }) => {
        deleted.push(await request.json());
        return ok({ id: 8, deleted: true });
      }),
    );
    const user = renderScreen(teacher);
    await screen.findByText('Новость 8');
    const buttons = screen.getAllByRole('button', { name: 'Удалить новость' });
    expect(buttons).toHaveLength(1); // only the editable item

    await user.click(buttons[0]);
    let dialog = screen.getByRole('alertdialog', { name: 'Удалить новость?' });
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleted).toEqual([]);

    await user.click(buttons[0]);
    dialog = screen.getByRole('alertdialog', { name: 'Удалить новость?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByText('Новость 8')).not.toBeInTheDocument());
    expect(deleted).toEqual([{ id: 8 }]);
    expect(screen.getByText('Новость 7')).toBeInTheDocument();
  });
});
