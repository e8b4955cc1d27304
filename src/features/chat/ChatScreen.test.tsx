import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, MessagesPage } from '@contract/chat';
import { initialConfigState } from '@shared/config/config';
import { renderWithStore, makeStore } from '../../test/render';
import { http, ok, recordRequests, server, teacher } from '../../test/server';
import { loadedSettings } from '../../test/settings';
import ChatScreen, { ChatContactColumn, ChatDisciplineColumn } from './ChatScreen';
import { chatActions } from './chat.slice';

const web = { id: 7, isSelect: 0, discipline: 'Веб-программирование', kredit: 5, vid_discipline: 'Лекция, Лабораторная работа' };
const aipery = { idid: 9001, id_type: 2, fio: 'Сыдыкова Айпери Талантовна', countMessages: 2 };

function msg(id: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id_message: id,
    message: `Сообщение ${id}`,
    ismine: false,
    date: new Date().toISOString(),
    id_from_type: 2,
    id_from: 9001,
    fio: aipery.fio,
    file: null,
    isread: false,
    ...extra,
  };
}
const emptyPage: MessagesPage = { messages: [], unreades_start: null, unreades_total: 0, existsNextNew: false };

function chainHandlers(privatePage: MessagesPage, groupPage: MessagesPage = emptyPage) {
  return [
    http.get('/api/misc/years.json', () =>
      ok([
        { id: 2025, name: '2025-26' },
        { id: 2026, name: '2026-27' },
      ]),
    ),
    http.post('/api/discipline/list.json', () => ok([web])),
    http.post('/api/discipline/semester/list.json', () => ok([{ id: 5, name: '5' }])),
    http.post('/api/discipline/group/list.json', () =>
      ok([
        { id: 3, name: 'ПИ-1-24' },
        { id: 4, name: 'ПИ-2-24' },
      ]),
    ),
    http.post('/api/discipline/students/list.json', () => ok([aipery, { idid: 9002, id_type: 2, fio: 'Асанова Бегимай Нурлановна', countMessages: 0 }])),
    http.post('/api/chat/group/messages.json', () => ok(groupPage)),
    http.post('/api/chat/messages.json', () => ok(privatePage)),
    http.post('/api/chat/readall.json', () => ok({ marked: privatePage.unreades_total })),
  ];
}

function renderChat() {
  const store = makeStore({
    session: { status: 'authenticated', user: teacher, endReason: null, message: null },
    settings: loadedSettings(2026, 1),
    config: {
      ...initialConfigState,
      data: { version: '1', maxSizeMb: 1, passwordMinLength: 8, googleEnabled: false, oidc: null, cardPayment: false, sessionIdleMinutes: 30 },
    },
  });
  return renderWithStore(
    <>
      <ChatDisciplineColumn />
      <ChatContactColumn />
      <ChatScreen mobile={false} />
    </>,
    { route: '/lms/chat', store },
  );
}

async function openAipery(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /Веб-программирование/ }));
  const contacts = screen.getByTestId('chat-contacts');
  await user.click(await within(contacts).findByRole('button', { name: /Сыдыкова Айпери Талантовна/ }));
}

describe('ChatScreen', () => {
  it('disciplines, then people with unread badges and the group chat, which opens empty', async () => {
    server.use(...chainHandlers(emptyPage));
    const user = userEvent.setup();
    renderChat();
    expect(await screen.findByRole('button', { name: /Веб-программирование/ })).toBeInTheDocument();
    expect(screen.getByText('Кредитов: 5 · Лекция, Лабораторная работа')).toBeInTheDocument();
    expect(screen.getByLabelText('Учебный год')).toHaveValue('2026');
    expect(screen.getByLabelText('Полугодие')).toHaveValue('1');
    await user.click(screen.getByRole('button', { name: /Веб-программирование/ }));

    const contacts = screen.getByTestId('chat-contacts');
    expect(await within(contacts).findByRole('button', { name: /Групповой чат/ })).toBeInTheDocument();
    const aiperyButton = within(contacts).getByRole('button', { name: /Сыдыкова Айпери Талантовна/ });
    expect(within(aiperyButton).getByTestId('chat-unread-badge')).toHaveTextContent('2');
    // Two groups: the group filter shows; one semester: no semester filter.
    expect(within(contacts).getByLabelText('Группа')).toHaveValue('3');
    expect(within(contacts).queryByLabelText('Семестр')).not.toBeInTheDocument();
    // Nothing opens (and nothing is marked read) until a contact is picked.
    expect(screen.getByTestId('chat-conversation-empty')).toHaveTextContent('Выберите собеседника или групповой чат.');
    expect(screen.queryByRole('heading', { name: 'Групповой чат' })).not.toBeInTheDocument();
    // The group chat has no messages yet.
    await user.click(within(contacts).getByRole('button', { name: /Групповой чат/ }));
    expect(await screen.findByText('Нет сообщений')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Групповой чат' })).toBeInTheDocument();
  });

  it('each discipline shows its unread count, which follows live messages and reading', async () => {
    server.use(...chainHandlers({ ...emptyPage, messages: [msg(1)], unreades_start: 1, unreades_total: 2 }));
    const user = userEvent.setup();
    const { store } = renderChat();
    const discipline = await screen.findByRole('button', { name: /Веб-программирование/ });
    expect(within(discipline).queryByTestId('chat-unread-badge')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(
        chatActions.countsSucceeded({
          total: 3,
          contacts: [{ id_type: 2, idid: 9001, countMessages: 2 }],
          groups: [{ gr_potok: 3, id_discipline: 7, countMessages: 1 }],
          disciplines: [{ id_discipline: 7, countMessages: 3 }],
        }),
      );
    });
    expect(within(discipline).getByTestId('chat-unread-badge')).toHaveTextContent('3');
    expect(within(discipline).getByLabelText('Непрочитанных в дисциплине: 3')).toBeInTheDocument();
    act(() => {
      store.dispatch(chatActions.liveMessageReceived({ conversation: { kind: 'group', gr_potok: 3, id_discipline: 7 }, message: msg(2) }));
    });
    expect(within(discipline).getByTestId('chat-unread-badge')).toHaveTextContent('4');
    // Opening Aipery's conversation reads her two messages: the discipline's count goes down by them.
    await openAipery(user);
    await waitFor(() => expect(within(discipline).getByTestId('chat-unread-badge')).toHaveTextContent('2'));
  });

  it('a conversation: text as text, photos as thumbnails, files as named links, own messages deletable after confirmation', async () => {
    const page: MessagesPage = {
      messages: [
        msg(1, { message: '<img src=x onerror="window.__hacked=1"><b>жирный</b>' }),
        msg(2, { message: 'Схема', file: { id: 11, name: 'schema.png', size: 2048, mime: 'image/png', image: true } }),
        msg(3, { message: '', file: { id: 12, name: 'Требования к курсовому проекту.pdf', size: 40960, mime: 'application/pdf', image: false } }),
        msg(4, { message: 'Моё сообщение', ismine: true, isread: true, id_from_type: 1, id_from: 501, fio: teacher.fullName }),
      ],
      unreades_start: 2,
      unreades_total: 2,
      existsNextNew: false,
    };
    server.use(
      ...chainHandlers(page),
      http.post('/api/chat/deletemessage.json', () => ok([{ result: 1 }])),
    );
    const log = recordRequests();
    const user = userEvent.setup();
    const { store } = renderChat();
    await openAipery(user);

    const list = await screen.findByTestId('chat-messages');
    expect(await within(list).findByText('<img src=x onerror="window.__hacked=1"><b>жирный</b>')).toBeInTheDocument();
    expect(list.querySelector('b')).toBeNull();
    expect((window as unknown as { __hacked?: number }).__hacked).toBeUndefined();
    const photo = within(list).getByTestId('chat-photo');
    expect(photo).toHaveAttribute('src', '/api/chat/download.file?id=2');
    await user.click(within(list).getByRole('button', { name: 'Открыть фото schema.png' }));
    expect(screen.getByTestId('chat-photo-viewer').querySelector('img')).toHaveAttribute('src', '/api/chat/download.file?id=2');
    // A modal: Tab and Shift+Tab stay on its close button, never reach the page behind it.
    const close = within(screen.getByRole('dialog', { name: 'schema.png' })).getByRole('button', { name: 'Закрыть' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(list).getByRole('button', { name: 'Открыть фото schema.png' })).toHaveFocus();
    expect(screen.queryByTestId('chat-photo-viewer')).not.toBeInTheDocument();

    const file = within(list).getByRole('link', { name: 'Требования к курсово… 40 КБ, Скачать файл Требования к курсовому проекту.pdf' });
    expect(file).toHaveAttribute('href', '/api/chat/download.file?id=3');
    expect(file).toHaveTextContent('Требования к курсово…');
    expect(within(list).getByText('Новые сообщения')).toBeInTheDocument();
    // Read on opening: the counter is gone.
    await waitFor(() => expect(log.paths()).toContain('/api/chat/readall.json'));
    expect(store.getState().chat.unread.total).toBe(0);

    // Only one's own message has a delete button; deleting asks first.
    const mine = within(list)
      .getAllByTestId('chat-message')
      .find((m) => m.getAttribute('data-id') === '4')!;
    expect(within(list).getAllByRole('button', { name: /^Удалить/ })).toHaveLength(1);
    await user.click(within(mine).getByRole('button', { name: 'Удалить сообщение «Моё сообщение»' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Удалить сообщение?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(log.paths()).not.toContain('/api/chat/deletemessage.json');
    await user.click(within(mine).getByRole('button', { name: 'Удалить сообщение «Моё сообщение»' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(within(list).queryByText('Моё сообщение')).not.toBeInTheDocument());
    expect(log.requests.find((r) => r.path === '/api/chat/deletemessage.json')?.body).toEqual({ id_message: 4, uid: 501 });
    log.stop();
  });

  it('the composer refuses a file over the limit with nothing sent, and sends text then reloads', async () => {
    server.use(
      ...chainHandlers({ ...emptyPage, messages: [msg(1)] }),
      http.post('/api/chat/insert.json', () => ok(msg(5, { ismine: true }))),
    );
    const log = recordRequests();
    const user = userEvent.setup();
    renderChat();
    await openAipery(user);
    const composer = await screen.findByTestId('chat-composer');

    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'video.mp4', { type: 'video/mp4' });
    await user.upload(within(composer).getByTestId('chat-file-input'), big);
    expect(within(composer).getByRole('alert')).toHaveTextContent('Размер файла превышает допустимый (1 МБ)');
    await user.click(within(composer).getByRole('button', { name: 'Отправить' }));
    expect(log.paths()).not.toContain('/api/chat/insert.json');

    await user.click(within(composer).getByRole('button', { name: 'Убрать файл' }));
    await user.click(within(composer).getByRole('button', { name: 'Отправить' }));
    expect(within(composer).getByRole('alert')).toHaveTextContent('Напишите текст или прикрепите файл.');
    expect(log.paths()).not.toContain('/api/chat/insert.json');

    const opened = log.paths().filter((p) => p === '/api/chat/messages.json').length;
    await user.type(within(composer).getByLabelText('Сообщение'), 'Добрый день!{Enter}');
    await waitFor(() => expect(log.paths()).toContain('/api/chat/insert.json'));
    await waitFor(() => expect(log.paths().filter((p) => p === '/api/chat/messages.json').length).toBe(opened + 1));
    expect(within(composer).getByLabelText('Сообщение')).toHaveValue('');
    log.stop();
  });
});
