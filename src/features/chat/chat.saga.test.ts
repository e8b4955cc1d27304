import { describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import { recordSaga, types } from '../../test/saga';
import { failedSettings, loadedSettings, settingsFailure } from '../../test/settings';
import { settingsActions } from '@shared/settings/settings';
import { fail, http, HttpResponse, ok, recordRequests, server, student, teacher } from '../../test/server';
import {
  chainSaga,
  contactsSaga,
  conversationBody,
  currentSaga,
  deleteSaga,
  disciplinesSaga,
  liveMessageSaga,
  messagesSaga,
  olderSaga,
  readSaga,
  relabelSaga,
  sendSaga,
} from './chat.saga';
import { chatActions, chatReducer, contactKey, GROUP_CONTACT, groupKey, initialChatState, type ChatContact, type ChatState } from './chat.slice';
import { aipery, msg, web } from './chat.fixtures';

function chatState(...actions: Parameters<typeof chatReducer>[1][]): ChatState {
  return actions.reduce(chatReducer, initialChatState);
}
const root = (chat: ChatState, user: User = teacher, settings = loadedSettings(2026, 1)) => ({
  chat,
  settings,
  session: { status: 'authenticated', user, endReason: null, message: null },
});

const filtered = (contact?: ChatContact) =>
  chatState(
    chatActions.currentSucceeded({ year: 2026, ws: 1 }),
    chatActions.disciplineSelected(web),
    chatActions.semestersSucceeded([{ id: 5, name: '5' }]),
    chatActions.groupsSucceeded([{ id: 3, name: 'ПИ-1-24' }]),
    chatActions.contactsSucceeded([aipery]),
    ...(contact ? [chatActions.contactOpened(contact)] : []),
  );

describe('filter chain', () => {
  it('a language switch relabels the loaded disciplines and keeps the choice and everything below it', async () => {
    const english = { ...web, discipline: 'Web programming', vid_discipline: 'Lecture' };
    const log = recordRequests();
    server.use(http.post('/api/discipline/list.json', () => ok([english, { ...english, id: 9, discipline: 'Databases' }])));
    const before = chatState(
      chatActions.currentSucceeded({ year: 2026, ws: 1 }),
      chatActions.disciplinesSucceeded([web]),
      chatActions.disciplineSelected(web),
      chatActions.semestersSucceeded([{ id: 5, name: '5' }]),
      chatActions.groupsSucceeded([{ id: 3, name: 'ПИ-1-24' }]),
    );
    const actions = await recordSaga(relabelSaga, root(before));
    expect(log.requests.map((r) => [r.path, r.body])).toEqual([['/api/discipline/list.json', { year: 2026, ws: 1 }]]);
    const after = actions.reduce(chatReducer, before);
    expect(after.disciplines.data.map((d) => d.discipline)).toEqual(['Web programming', 'Databases']);
    expect(after.activeDiscipline).toEqual(english);
    expect({ semester: after.activeSemester, group: after.activeGroup }).toEqual({ semester: 5, group: 3 });
  });

  it('a language switch before any discipline is loaded, or a failed reload, changes nothing', async () => {
    const log = recordRequests();
    expect(await recordSaga(relabelSaga, root(initialChatState))).toEqual([]);
    expect(log.requests).toEqual([]);
    server.use(http.post('/api/discipline/list.json', () => fail(500, 'INTERNAL')));
    const loaded = chatState(chatActions.currentSucceeded({ year: 2026, ws: 1 }), chatActions.disciplinesSucceeded([web]), chatActions.disciplineSelected(web));
    expect(await recordSaga(relabelSaga, root(loaded))).toEqual([]);
  });

  it('the current half-year and year come from the shared settings, then the disciplines of that workspace', async () => {
    const log = recordRequests();
    server.use(
      http.get('/api/misc/years.json', () =>
        ok([
          { id: 2025, name: '2025-26' },
          { id: 2026, name: '2026-27' },
        ]),
      ),
    );
    expect(await recordSaga(currentSaga, root(initialChatState))).toEqual([
      chatActions.yearsSucceeded([
        { id: 2025, name: '2025-26' },
        { id: 2026, name: '2026-27' },
      ]),
      chatActions.currentSucceeded({ year: 2026, ws: 1 }),
      chatActions.disciplinesRequested({ year: 2026, ws: 1 }),
    ]);
    log.stop();
    // Only the year picker's list: the current period is not asked for again.
    expect(log.paths()).toEqual(['/api/misc/years.json']);
  });

  it('settings that failed to load are asked for again; still failed, the chain stops with their failure', async () => {
    server.use(http.get('/api/misc/years.json', () => ok([])));
    const actions = await recordSaga(currentSaga, root(initialChatState, teacher, failedSettings()));
    expect(actions).toEqual([chatActions.yearsSucceeded([]), settingsActions.loadRequested(), chatActions.currentFailed(settingsFailure)]);
  });

  it('teachers (role 1) get the teacher list, students the student list', async () => {
    const log = recordRequests();
    server.use(
      http.post('/api/discipline/list.json', () => ok([web])),
      http.post('/api/discipline/forStudentDisciplinelist.json', () => ok([{ ...web, id: 8 }])),
    );
    expect(await recordSaga(disciplinesSaga, root(initialChatState, teacher), chatActions.disciplinesRequested({ year: 2026, ws: 1 }))).toEqual([
      chatActions.disciplinesSucceeded([web]),
    ]);
    expect(await recordSaga(disciplinesSaga, root(initialChatState, student), chatActions.disciplinesRequested({ year: 2026, ws: 1 }))).toEqual([
      chatActions.disciplinesSucceeded([{ ...web, id: 8 }]),
    ]);
    expect(log.requests.map((r) => [r.path, r.body])).toEqual([
      ['/api/discipline/list.json', { year: 2026, ws: 1 }],
      ['/api/discipline/forStudentDisciplinelist.json', { year: 2026, ws: 1 }],
    ]);
    log.stop();
  });

  it('semesters → groups (first semester) → people (first group) → the group chat on desktop', async () => {
    const log = recordRequests();
    server.use(
      http.post('/api/discipline/semester/list.json', () => ok([{ id: 5, name: '5' }])),
      http.post('/api/discipline/group/list.json', () =>
        ok([
          { id: 3, name: 'ПИ-1-24' },
          { id: 4, name: 'ПИ-2-24' },
        ]),
      ),
      http.post('/api/discipline/students/list.json', () => ok([aipery])),
    );
    // Each level is its own takeLatest on its parent's action: the chain runs through the real takers.
    let state = chatState(chatActions.currentSucceeded({ year: 2026, ws: 1 }), chatActions.disciplineSelected(web));
    const dispatched: string[] = [];
    const { runSaga, stdChannel } = await import('redux-saga');
    const channel = stdChannel();
    const task = runSaga(
      {
        channel,
        dispatch: (action: Parameters<typeof chatReducer>[1]) => {
          dispatched.push(action.type);
          state = chatReducer(state, action);
          channel.put(action);
        },
        getState: () => root(state),
      },
      chainSaga,
    );
    channel.put(chatActions.disciplineSelected(web));
    await vi.waitFor(() => expect(dispatched).toContain('chat/contactOpened'), { timeout: 10_000 });
    task.cancel();
    expect(dispatched).toEqual([
      'chat/semestersRequested',
      'chat/semestersSucceeded',
      'chat/groupsRequested',
      'chat/groupsSucceeded',
      'chat/contactsRequested',
      'chat/contactsSucceeded',
      'chat/contactOpened',
    ]);
    expect(state.activeContact).toEqual(GROUP_CONTACT);
    expect(log.requests.map((r) => [r.path, r.body])).toEqual([
      ['/api/discipline/semester/list.json', { year: 2026, ws: 1, id_discipline: 7, kredit: 5 }],
      ['/api/discipline/group/list.json', { year: 2026, ws: 1, id_discipline: 7, id_semester: 5 }],
      ['/api/discipline/students/list.json', { year: 2026, ws: 1, id_discipline: 7, id_group: 3 }],
    ]);
    log.stop();
  });

  it('students ask for their teachers; phones do not open the group chat by themselves', async () => {
    server.use(http.post('/api/discipline/teachers/list.json', () => ok([{ idid: 501, id_type: 1, fio: 'Асанов Бакыт Кубанычбекович', countMessages: 1 }])));
    const state = chatState(
      chatActions.opened({ autoOpenGroup: false }),
      chatActions.currentSucceeded({ year: 2026, ws: 1 }),
      chatActions.disciplineSelected(web),
      chatActions.semestersSucceeded([{ id: 5, name: '5' }]),
      chatActions.groupsSucceeded([{ id: 3, name: 'ПИ-1-24' }]),
    );
    const actions = await recordSaga(contactsSaga, root(state, student));
    expect(types(actions)).toEqual(['chat/contactsRequested', 'chat/contactsSucceeded']);
  });

  it("a failed teachers list is stored as the contacts' error", async () => {
    server.use(http.post('/api/discipline/teachers/list.json', () => fail(403, 'FORBIDDEN')));
    const state = chatState(
      chatActions.currentSucceeded({ year: 2026, ws: 1 }),
      chatActions.disciplineSelected(web),
      chatActions.semestersSucceeded([{ id: 5, name: '5' }]),
      chatActions.groupsSucceeded([{ id: 3, name: 'ПИ-1-24' }]),
    );
    const actions = await recordSaga(contactsSaga, root(state, student));
    expect(actions[1]).toMatchObject({ type: 'chat/contactsFailed', payload: { status: 403, error: { code: 'FORBIDDEN' } } });
  });
});

describe('the conversation', () => {
  it('the common fields: one-to-one from the session user, or the group chat of the chosen group', () => {
    expect(conversationBody(filtered(aipery), teacher)).toEqual({
      year: 2026,
      ws: 1,
      id_discipline: 7,
      kredit: 5,
      id_from_type: 1,
      id_from: 501,
      id_to_type: 2,
      id_to: 9001,
    });
    expect(conversationBody(filtered(GROUP_CONTACT), teacher)).toEqual({
      year: 2026,
      ws: 1,
      id_discipline: 7,
      kredit: 5,
      id_humanTypeFrom: 1,
      id_HumanFrom: 501,
      gr_potok: 3,
      IsSelect: 0,
    });
    expect(conversationBody(filtered(), teacher)).toBeNull();
  });

  it('opening loads the page around the first unread, then marks the conversation read', async () => {
    const log = recordRequests();
    const page = { messages: [msg(1), msg(2)], unreades_start: 2, unreades_total: 1, existsNextNew: false };
    server.use(
      http.post('/api/chat/messages.json', () => ok(page)),
      http.post('/api/chat/readall.json', () => ok({ marked: 1 })),
    );
    const actions = await recordSaga(messagesSaga, root(filtered(aipery)));
    expect(actions).toEqual([chatActions.messagesSucceeded(page), chatActions.readAllSucceeded({ key: contactKey(2, 9001) })]);
    expect(log.paths()).toEqual(['/api/chat/messages.json', '/api/chat/readall.json']);
    log.stop();
  });

  it('the group chat uses group/messages.json; nothing unread, nothing marked', async () => {
    const log = recordRequests();
    const page = { messages: [msg(1)], unreades_start: null, unreades_total: 0, existsNextNew: false };
    server.use(http.post('/api/chat/group/messages.json', () => ok(page)));
    expect(await recordSaga(messagesSaga, root(filtered(GROUP_CONTACT)))).toEqual([chatActions.messagesSucceeded(page)]);
    expect(log.requests[0].body).toMatchObject({ gr_potok: 3, id_discipline: 7, id_HumanFrom: 501 });
    log.stop();
  });

  it('older messages are asked before the first one shown', async () => {
    const log = recordRequests();
    server.use(http.post('/api/chat/old.json', () => ok([msg(3)])));
    const open = chatReducer(
      filtered(aipery),
      chatActions.messagesSucceeded({ messages: [msg(10), msg(11)], unreades_start: null, unreades_total: 0, existsNextNew: false }),
    );
    expect(await recordSaga(olderSaga, root(open))).toEqual([chatActions.olderSucceeded([msg(3)])]);
    expect(log.requests[0].body).toMatchObject({ id_lastMessage: 10, id_to: 9001 });
    log.stop();
  });

  it('read.json: the counter goes down only when the server marked it', async () => {
    server.use(http.post('/api/chat/read.json', () => ok({ marked: true })));
    expect(await recordSaga(readSaga, root(filtered(GROUP_CONTACT)), chatActions.readRequested(5))).toEqual([
      chatActions.readSucceeded({ id: 5, marked: true, key: groupKey(3, 7) }),
    ]);
  });

  it('sending posts the fields, the text and the file as multipart, then reloads the conversation', async () => {
    let received: Record<string, string> = {};
    let fileText: string | null = null;
    server.use(
      http.post('/api/chat/insert.json', async ({ request }) => {
        const form = await request.formData();
        for (const [k, v] of form.entries()) {
          if (typeof v === 'string') received[k] = v;
          else fileText = await v.text();
        }
        return ok(msg(50, { ismine: true }));
      }),
    );
    const file = new File(['%PDF-1.4'], 'Отчёт.pdf', { type: 'application/pdf' });
    const actions = await recordSaga(sendSaga, root(filtered(aipery)), chatActions.sendRequested({ text: 'Здравствуйте!', file }));
    expect(actions).toEqual([chatActions.sendSucceeded(msg(50, { ismine: true })), chatActions.messagesReloadRequested()]);
    expect(received).toEqual({
      year: '2026',
      ws: '1',
      id_discipline: '7',
      kredit: '5',
      id_from_type: '1',
      id_from: '501',
      id_to_type: '2',
      id_to: '9001',
      message: 'Здравствуйте!',
    });
    // (jsdom's FormData does not carry the file name to msw; the end-to-end test checks it in Chromium.)
    expect(fileText).toBe('%PDF-1.4');
    received = {};
  });

  it('a refused send (413) is kept as the sending error', async () => {
    server.use(http.post('/api/chat/insert.json', () => fail(413, 'TOO_LARGE', 'big', { maxSizeMb: 1 })));
    const [failed] = await recordSaga(sendSaga, root(filtered(aipery)), chatActions.sendRequested({ text: 'x', file: null }));
    expect(failed).toMatchObject({ type: 'chat/sendFailed', payload: { status: 413, error: { code: 'TOO_LARGE' } } });
  });

  it('deleting sends the message id and the session uid; the rows decide', async () => {
    const log = recordRequests();
    server.use(http.post('/api/chat/deletemessage.json', () => ok([{ result: 1 }])));
    expect(await recordSaga(deleteSaga, root(filtered(aipery)), chatActions.deleteRequested(42))).toEqual([
      chatActions.deleteSucceeded({ id: 42, rows: [{ result: 1 }] }),
    ]);
    expect(log.requests[0].body).toEqual({ id_message: 42, uid: 501 });
    server.use(http.post('/api/chat/deletemessage.json', () => HttpResponse.json({ result: 0, error: null, data: null })));
    expect(await recordSaga(deleteSaga, root(filtered(aipery)), chatActions.deleteRequested(42))).toEqual([chatActions.deleteSucceeded({ id: 42, rows: [] })]);
    log.stop();
  });

  it('a live message shown in the open conversation is marked read; one elsewhere is not, and brings fresh counts (its discipline is counted there)', async () => {
    const open = chatReducer(
      filtered(aipery),
      chatActions.messagesSucceeded({ messages: [msg(1)], unreades_start: null, unreades_total: 0, existsNextNew: false }),
    );
    const live = { conversation: { kind: 'private' as const, id_type: 2 as const, idid: 9001 }, message: msg(2) };
    const shown = chatReducer(open, chatActions.liveMessageReceived(live));
    expect(await recordSaga(liveMessageSaga, root(shown), chatActions.liveMessageReceived(live))).toEqual([chatActions.readRequested(2)]);
    const elsewhere = { conversation: { kind: 'private' as const, id_type: 2 as const, idid: 9002 }, message: msg(3) };
    expect(
      await recordSaga(liveMessageSaga, root(chatReducer(open, chatActions.liveMessageReceived(elsewhere))), chatActions.liveMessageReceived(elsewhere)),
    ).toEqual([chatActions.countsRequested()]);
    const mine = { ...live, message: msg(4, { ismine: true }) };
    expect(await recordSaga(liveMessageSaga, root(chatReducer(open, chatActions.liveMessageReceived(mine))), chatActions.liveMessageReceived(mine))).toEqual(
      [],
    );
  });
});
