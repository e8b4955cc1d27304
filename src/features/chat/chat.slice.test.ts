import { describe, expect, it } from 'vitest';
import type { ChatMessage, MessagesPage } from '@contract/chat';
import { sessionEnded } from '@shared/session/session';
import { chatActions, chatReducer, contactKey, GROUP_CONTACT, groupKey, initialChatState, selectFilterVisible, type ChatState } from './chat.slice';
import { aipery, msg, web } from './chat.fixtures';

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => msg(from + i));
const page = (messages: ChatMessage[], extra: Partial<MessagesPage> = {}): MessagesPage => ({
  messages,
  unreades_start: null,
  unreades_total: 0,
  existsNextNew: false,
  ...extra,
});

const run = (state: ChatState, ...actions: Parameters<typeof chatReducer>[1][]) => actions.reduce(chatReducer, state);

/** A teacher with the web discipline, group 3 chosen, and the contacts loaded. */
function withContacts(): ChatState {
  return run(
    initialChatState,
    chatActions.currentSucceeded({ year: 2026, ws: 1 }),
    chatActions.disciplineSelected(web),
    chatActions.semestersSucceeded([{ id: 5, name: '5' }]),
    chatActions.groupsSucceeded([{ id: 3, name: 'ПИ-1-24' }]),
    chatActions.contactsSucceeded([aipery, { idid: 9002, id_type: 2, fio: 'Асанова Бегимай', countMessages: 0 }]),
  );
}

describe('chat slice: the conversation', () => {
  it('opening a contact clears the messages, takes its unread count, and older ones may exist', () => {
    let state = run(withContacts(), chatActions.contactOpened(aipery), chatActions.messagesSucceeded(page(range(1, 3))));
    expect(state.messages).toHaveLength(3);
    state = run(state, chatActions.contactOpened({ ...aipery, idid: 9002, countMessages: 0 }));
    expect(state.messages).toEqual([]);
    expect(state.existsNextOld).toBe(true);
    expect(state.existsNextNew).toBe(false);
    expect(state.conversation.fetching).toBe(true);

    const fresh = run(withContacts(), chatActions.contactOpened(aipery));
    expect(fresh.unreadTotal).toBe(2);
    expect(fresh.activeContact).toEqual(aipery);
  });

  it('the first page sets the first unread message and the flags; the contact counter clears', () => {
    const state = run(
      withContacts(),
      chatActions.contactOpened(aipery),
      chatActions.messagesSucceeded(page(range(100, 20), { unreades_start: 115, unreades_total: 6, existsNextNew: true })),
    );
    expect(state.unreadStart).toBe(115);
    expect(state.unreadTotal).toBe(6);
    expect(state.existsNextOld).toBe(true);
    expect(state.existsNextNew).toBe(true);
    expect(state.unread.byKey[contactKey(2, 9001)]).toBeUndefined();
    expect(state.unread.total).toBe(0);
  });

  it('a first page under 20 means nothing older', () => {
    const state = run(withContacts(), chatActions.contactOpened(aipery), chatActions.messagesSucceeded(page(range(1, 19))));
    expect(state.existsNextOld).toBe(false);
  });

  it('older messages are put before, newer after; a page under 20 turns its flag off', () => {
    let state = run(withContacts(), chatActions.contactOpened(aipery), chatActions.messagesSucceeded(page(range(100, 20), { existsNextNew: true })));
    state = run(state, chatActions.olderRequested());
    expect(state.loadingOld).toBe(true);
    state = run(state, chatActions.olderSucceeded(range(80, 20)));
    expect(state.messages.map((m) => m.id_message).slice(0, 2)).toEqual([80, 81]);
    expect(state.existsNextOld).toBe(true);
    expect(state.loadingOld).toBe(false);
    state = run(state, chatActions.olderSucceeded(range(70, 10)));
    expect(state.messages[0].id_message).toBe(70);
    expect(state.existsNextOld).toBe(false);

    state = run(state, chatActions.newerSucceeded(range(120, 20)));
    expect(state.messages.at(-1)!.id_message).toBe(139);
    expect(state.existsNextNew).toBe(true);
    state = run(state, chatActions.newerSucceeded([...range(139, 1), ...range(140, 4)]));
    expect(state.messages.map((m) => m.id_message).slice(-5)).toEqual([139, 140, 141, 142, 143]);
    expect(state.messages.filter((m) => m.id_message === 139)).toHaveLength(1);
    expect(state.existsNextNew).toBe(false);
    expect(state.messages).toHaveLength(74);
  });

  it('deleting removes the message only when the first data row says result 1', () => {
    let state = run(withContacts(), chatActions.contactOpened(aipery), chatActions.messagesSucceeded(page(range(1, 3))));
    state = run(state, chatActions.deleteRequested(2), chatActions.deleteSucceeded({ id: 2, rows: [{ result: 0 }] }));
    expect(state.messages.map((m) => m.id_message)).toEqual([1, 2, 3]);
    state = run(state, chatActions.deleteSucceeded({ id: 2, rows: [] }));
    expect(state.messages.map((m) => m.id_message)).toEqual([1, 2, 3]);
    state = run(state, chatActions.deleteSucceeded({ id: 2, rows: [{ result: 1 }, { result: 0 }] }));
    expect(state.messages.map((m) => m.id_message)).toEqual([1, 3]);
    expect(state.deleting).toEqual({ data: null, fetching: false, error: null, id: null, loaded: false });
  });

  it('clearing the contact resets to none', () => {
    const state = run(withContacts(), chatActions.contactOpened(aipery), chatActions.messagesSucceeded(page(range(1, 3))), chatActions.contactCleared());
    expect(state.activeContact).toBeNull();
    expect(state.messages).toEqual([]);
  });
});

describe('chat slice: unread counters', () => {
  it('contacts bring their counts; reading one decrements, reading all sets 0', () => {
    let state = withContacts();
    expect(state.unread).toEqual({ total: 2, byKey: { [contactKey(2, 9001)]: 2 } });
    state = run(state, chatActions.readSucceeded({ id: 5, marked: true, key: contactKey(2, 9001) }));
    expect(state.unread).toEqual({ total: 1, byKey: { [contactKey(2, 9001)]: 1 } });
    state = run(state, chatActions.readSucceeded({ id: 5, marked: false, key: contactKey(2, 9001) }));
    expect(state.unread.total).toBe(1);
    state = run(state, chatActions.readAllSucceeded({ key: contactKey(2, 9001) }));
    expect(state.unread).toEqual({ total: 0, byKey: {} });
  });

  it('count.json replaces the counters (people and group chats)', () => {
    const state = run(
      withContacts(),
      chatActions.countsSucceeded({
        total: 5,
        contacts: [{ id_type: 2, idid: 9002, countMessages: 3 }],
        groups: [{ gr_potok: 3, id_discipline: 7, countMessages: 2 }],
        disciplines: [{ id_discipline: 7, countMessages: 5 }],
      }),
    );
    expect(state.unread).toEqual({ total: 5, byKey: { [contactKey(2, 9002)]: 3, [groupKey(3, 7)]: 2 } });
  });

  it('a live message: shown in the open conversation, counted elsewhere, never counted when one’s own', () => {
    let state = run(withContacts(), chatActions.contactOpened(aipery), chatActions.messagesSucceeded(page(range(1, 3))));
    state = run(state, chatActions.liveMessageReceived({ conversation: { kind: 'private', id_type: 2, idid: 9001 }, message: msg(4) }));
    expect(state.messages.map((m) => m.id_message)).toEqual([1, 2, 3, 4]);
    expect(state.unread.total).toBe(0);
    // The same message again (e.g. also fetched) is not shown twice.
    state = run(state, chatActions.liveMessageReceived({ conversation: { kind: 'private', id_type: 2, idid: 9001 }, message: msg(4) }));
    expect(state.messages).toHaveLength(4);

    state = run(state, chatActions.liveMessageReceived({ conversation: { kind: 'group', gr_potok: 3, id_discipline: 7 }, message: msg(5) }));
    expect(state.unread.byKey[groupKey(3, 7)]).toBe(1);
    state = run(state, chatActions.liveMessageReceived({ conversation: { kind: 'private', id_type: 2, idid: 9002 }, message: msg(6, { ismine: true }) }));
    expect(state.unread.byKey[contactKey(2, 9002)]).toBeUndefined();
    expect(state.unread.total).toBe(1);
  });

  it('each discipline has its count: from count.json, up with a live group message, down as the open discipline is read', () => {
    let state = run(
      withContacts(),
      chatActions.countsSucceeded({
        total: 6,
        contacts: [{ id_type: 2, idid: 9001, countMessages: 2 }],
        groups: [{ gr_potok: 3, id_discipline: 7, countMessages: 3 }],
        disciplines: [
          { id_discipline: 7, countMessages: 5 },
          { id_discipline: 8, countMessages: 1 },
        ],
      }),
    );
    expect(state.unreadByDiscipline).toEqual({ 7: 5, 8: 1 });
    state = run(state, chatActions.liveMessageReceived({ conversation: { kind: 'group', gr_potok: 4, id_discipline: 8 }, message: msg(50) }));
    expect(state.unreadByDiscipline).toEqual({ 7: 5, 8: 2 });
    // One's own message counts nowhere.
    state = run(state, chatActions.liveMessageReceived({ conversation: { kind: 'group', gr_potok: 4, id_discipline: 8 }, message: msg(51, { ismine: true }) }));
    expect(state.unreadByDiscipline[8]).toBe(2);
    // Reading in discipline 7 (the open one): one message, then the whole conversation.
    state = run(state, chatActions.readSucceeded({ id: 5, marked: true, key: contactKey(2, 9001) }));
    expect(state.unreadByDiscipline[7]).toBe(4);
    state = run(state, chatActions.readAllSucceeded({ key: contactKey(2, 9001) }));
    expect(state.unreadByDiscipline[7]).toBe(3);
    state = run(state, chatActions.contactOpened(GROUP_CONTACT), chatActions.messagesSucceeded(page(range(1, 3))));
    expect(state.unreadByDiscipline).toEqual({ 8: 2 });
    expect(run(state, sessionEnded({ reason: 'logout' })).unreadByDiscipline).toEqual({});
  });

  it('a live message is not appended when newer ones are still to load', () => {
    let state = run(withContacts(), chatActions.contactOpened(aipery), chatActions.messagesSucceeded(page(range(1, 20), { existsNextNew: true })));
    state = run(state, chatActions.liveMessageReceived({ conversation: { kind: 'private', id_type: 2, idid: 9001 }, message: msg(99) }));
    expect(state.messages.map((m) => m.id_message)).not.toContain(99);
  });

  it('a live read mark shows one’s own messages as read in the open conversation', () => {
    const mine = (id: number) => msg(id, { ismine: true });
    let state = run(withContacts(), chatActions.contactOpened(aipery), chatActions.messagesSucceeded(page([mine(1), msg(2), mine(3), mine(4)])));
    state = run(state, chatActions.liveRead({ conversation: { kind: 'private', id_type: 2, idid: 9001 }, ids: [3] }));
    expect(state.messages.map((m) => m.isread)).toEqual([false, false, true, false]);
    state = run(state, chatActions.liveRead({ conversation: { kind: 'private', id_type: 2, idid: 9002 }, upTo: 10 }));
    expect(state.messages.map((m) => m.isread)).toEqual([false, false, true, false]);
    state = run(state, chatActions.liveRead({ conversation: { kind: 'private', id_type: 2, idid: 9001 }, upTo: 4 }));
    expect(state.messages.map((m) => m.isread)).toEqual([true, false, true, true]);
  });

  it('a live deletion removes the message from the open conversation', () => {
    let state = run(withContacts(), chatActions.contactOpened(GROUP_CONTACT), chatActions.messagesSucceeded(page(range(1, 3))));
    state = run(state, chatActions.liveDeleted({ conversation: { kind: 'group', gr_potok: 3, id_discipline: 7 }, id_message: 2 }));
    expect(state.messages.map((m) => m.id_message)).toEqual([1, 3]);
    state = run(state, chatActions.liveDeleted({ conversation: { kind: 'group', gr_potok: 4, id_discipline: 7 }, id_message: 3 }));
    expect(state.messages.map((m) => m.id_message)).toEqual([1, 3]);
  });

  it('the group chat pseudo-contact is counted under its group and discipline', () => {
    const state = run(
      withContacts(),
      chatActions.countsSucceeded({
        total: 2,
        contacts: [],
        groups: [{ gr_potok: 3, id_discipline: 7, countMessages: 2 }],
        disciplines: [{ id_discipline: 7, countMessages: 2 }],
      }),
      chatActions.contactOpened(GROUP_CONTACT),
    );
    expect(state.unreadTotal).toBe(2);
    expect(GROUP_CONTACT).toMatchObject({ idid: -1, faculty: 1, group: -1, id_type: 2 });
  });
});

describe('chat slice: workspace and filters', () => {
  it('selecting a workspace resets the active discipline and hides the contact list; semesters show it', () => {
    let state = withContacts();
    expect(state.showContacts).toBe(true);
    state = run(state, chatActions.contactOpened(aipery), chatActions.workspaceSelected({ year: 2025, ws: 2 }));
    expect(state).toMatchObject({ year: 2025, ws: 2, activeDiscipline: null, showContacts: false, activeContact: null, activeGroup: null, messages: [] });
    state = run(state, chatActions.disciplineSelected(web));
    expect(state.showContacts).toBe(false);
    state = run(state, chatActions.semestersSucceeded([{ id: 3, name: '3' }]));
    expect(state.showContacts).toBe(true);
    expect(state.activeSemester).toBe(3);
  });

  it('filters are visible when there is more than one group or semester', () => {
    const one = withContacts();
    expect(selectFilterVisible({ chat: one })).toBe(false);
    expect(
      selectFilterVisible({
        chat: run(
          one,
          chatActions.groupsSucceeded([
            { id: 3, name: 'a' },
            { id: 4, name: 'b' },
          ]),
        ),
      }),
    ).toBe(true);
    expect(
      selectFilterVisible({
        chat: run(
          one,
          chatActions.semestersSucceeded([
            { id: 3, name: '3' },
            { id: 5, name: '5' },
          ]),
        ),
      }),
    ).toBe(true);
  });

  it('a group change closes the conversation and clears the contacts', () => {
    const state = run(withContacts(), chatActions.contactOpened(aipery), chatActions.groupSelected(4));
    expect(state).toMatchObject({ activeGroup: 4, activeContact: null, contacts: { data: [] } });
  });

  it('the session ending resets everything', () => {
    expect(run(withContacts(), sessionEnded({ reason: 'logout' }))).toEqual(initialChatState);
  });
});
