/**
 * Chat area (docs/areas/chat.md#for-users): the workspace (academic year and half-year), the filter
 * chain (disciplines → semesters → groups → contacts), the open conversation with its paging flags,
 * unread counters per contact and group chat, and the state of the live connection.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChatMessage, ConversationRef, DeleteRow, LiveDeleted, LiveMessage, LiveRead, MessagesPage, UnreadCounts } from '@contract/chat';
import type { Contact } from '@contract/academic';
import type { Failure } from '@api/http';
import { createAcademicChain, initialAcademicChain, type AcademicChainState, type WorkspacePayload } from '@shared/academic/chain';
import { failed, idle, started, type Loadable } from '@shared/request/loadable';
import type { LiveStatus } from '@shared/live/live';
import { sessionEnded } from '@shared/session/session';

/** docs/areas/chat.md#for-users: 20 messages a page; a page with fewer means there is nothing further that way. */
export const PAGE_SIZE = 20;

/** A contact of the list; the group chat is a pseudo-contact (docs/areas/chat.md#for-users). */
export interface ChatContact extends Contact {
  /** Present on the group chat pseudo-contact. */
  faculty?: number;
  group?: number;
}

/** The group chat pseudo-contact: id -1, faculty 1, group -1, id_type 2 (its name is translated). */
export const GROUP_CONTACT: ChatContact = { idid: -1, fio: 'Групповой чат', faculty: 1, group: -1, id_type: 2, countMessages: 0 };
export const isGroupContact = (c: Pick<ChatContact, 'idid'> | null | undefined) => c?.idid === GROUP_CONTACT.idid;

export type { LiveStatus };

/** The workspace and the discipline → semester → group → people chain come from the shared academic chain. */
export interface ChatState extends AcademicChainState {
  /** Desktop opens the group chat once the contacts are there; phones wait for a tap. */
  autoOpenGroup: boolean;
  /** The contact column (on phones: the contacts screen) is shown. */
  showContacts: boolean;
  activeContact: ChatContact | null;
  /** The open conversation, oldest first. */
  messages: ChatMessage[];
  conversation: Loadable<null>;
  unreadStart: number | null;
  unreadTotal: number;
  existsNextOld: boolean;
  existsNextNew: boolean;
  loadingOld: boolean;
  loadingNew: boolean;
  sending: Loadable<null>;
  deleting: Loadable<null> & { id: number | null };
  /** Unread messages: total and per conversation key (see contactKey/groupKey). */
  unread: { total: number; byKey: Record<string, number> };
  /** Unread messages per discipline id (its group chats and the one-to-one messages written about it). */
  unreadByDiscipline: Record<number, number>;
  live: LiveStatus;
}

export const initialChatState: ChatState = {
  ...initialAcademicChain,
  autoOpenGroup: true,
  showContacts: false,
  activeContact: null,
  messages: [],
  conversation: idle(null),
  unreadStart: null,
  unreadTotal: 0,
  existsNextOld: true,
  existsNextNew: false,
  loadingOld: false,
  loadingNew: false,
  sending: idle(null),
  deleting: { ...idle(null), id: null },
  unread: { total: 0, byKey: {} },
  unreadByDiscipline: {},
  live: 'off',
};

export const contactKey = (idType: number, idid: number) => `p:${idType}:${idid}`;
export const groupKey = (groupId: number, disciplineId: number) => `g:${groupId}:${disciplineId}`;

/** The counter key of a contact in the current filters (null: no group chosen for the group chat). */
export function keyOfContact(state: Pick<ChatState, 'activeGroup' | 'activeDiscipline'>, contact: ChatContact): string | null {
  if (!isGroupContact(contact)) return contactKey(contact.id_type, contact.idid);
  return state.activeGroup !== null && state.activeDiscipline ? groupKey(state.activeGroup, state.activeDiscipline.id) : null;
}

const keyOfRef = (ref: ConversationRef) => (ref.kind === 'private' ? contactKey(ref.id_type, ref.idid) : groupKey(ref.gr_potok, ref.id_discipline));

/** Is the event's conversation the one open now? */
export function isOpenConversation(state: ChatState, ref: ConversationRef): boolean {
  const c = state.activeContact;
  if (!c) return false;
  if (ref.kind === 'group') return isGroupContact(c) && state.activeGroup === ref.gr_potok && state.activeDiscipline?.id === ref.id_discipline;
  return !isGroupContact(c) && c.id_type === ref.id_type && c.idid === ref.idid;
}

function setUnread(state: ChatState, key: string | null, value: number): void {
  if (!key) return;
  const old = state.unread.byKey[key] ?? 0;
  const next = Math.max(0, value);
  state.unread.total = Math.max(0, state.unread.total - old + next);
  if (next === 0) delete state.unread.byKey[key];
  else state.unread.byKey[key] = next;
}

function addToDiscipline(state: ChatState, disciplineId: number | undefined, delta: number): void {
  if (disciplineId === undefined || delta === 0) return;
  const next = Math.max(0, (state.unreadByDiscipline[disciplineId] ?? 0) + delta);
  if (next === 0) delete state.unreadByDiscipline[disciplineId];
  else state.unreadByDiscipline[disciplineId] = next;
}

/** A counter of the open discipline's conversation changes: the discipline's count follows at once (the server's counts confirm it). */
function setUnreadHere(state: ChatState, key: string | null, value: number): void {
  if (!key) return;
  const old = state.unread.byKey[key] ?? 0;
  setUnread(state, key, value);
  addToDiscipline(state, state.activeDiscipline?.id, (state.unread.byKey[key] ?? 0) - old);
}

function closeConversation(state: ChatState): void {
  state.activeContact = null;
  state.messages = [];
  state.conversation = idle(null);
  state.unreadStart = null;
  state.unreadTotal = 0;
  state.existsNextOld = true;
  state.existsNextNew = false;
  state.loadingOld = false;
  state.loadingNew = false;
}

/** The academic chain of the chat: a choice above the people closes the open conversation. */
const chain = createAcademicChain<ChatState>('chat', { clearBelowContacts: closeConversation });

/** Appends messages not already shown, keeping time (id) order. */
function mergeNewer(state: ChatState, incoming: ChatMessage[]): void {
  const known = new Set(state.messages.map((m) => m.id_message));
  const fresh = incoming.filter((m) => !known.has(m.id_message));
  if (fresh.length === 0) return;
  state.messages = [...state.messages, ...fresh].sort((a, b) => a.id_message - b.id_message);
}

export type { WorkspacePayload };

const slice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    ...chain.reducers,
    /** The chat screen is shown (the chain starts). */
    opened(state, action: PayloadAction<{ autoOpenGroup: boolean }>) {
      state.autoOpenGroup = action.payload.autoOpenGroup;
    },
    /** Another workspace: the contact list is hidden too. */
    workspaceSelected(state, action: PayloadAction<WorkspacePayload>) {
      chain.reducers.workspaceSelected(state, action);
      state.showContacts = false;
    },
    /** Semesters loaded (or not): the contact list shows. */
    semestersSucceeded(state, action: PayloadAction<ChatState['semesters']['data']>) {
      chain.reducers.semestersSucceeded(state, action);
      state.showContacts = true;
    },
    semestersFailed(state, action: PayloadAction<Failure>) {
      chain.reducers.semestersFailed(state, action);
      state.showContacts = true;
    },
    /** The people of the group; their unread counts join the counters. */
    contactsSucceeded(state, action: PayloadAction<ChatContact[]>) {
      chain.reducers.contactsSucceeded(state, action);
      for (const c of action.payload) setUnread(state, contactKey(c.id_type, c.idid), c.countMessages);
    },
    /** Phones: back from the contacts to the disciplines. */
    contactsHidden(state) {
      state.showContacts = false;
      closeConversation(state);
    },
    /** Opening a contact clears the messages and sets its unread count; older messages may exist. */
    contactOpened(state, action: PayloadAction<ChatContact>) {
      closeConversation(state);
      state.activeContact = action.payload;
      const key = keyOfContact(state, action.payload);
      state.unreadTotal = key ? (state.unread.byKey[key] ?? 0) : 0;
      state.conversation = started(null);
    },
    /** Clearing the contact resets to none. */
    contactCleared(state) {
      closeConversation(state);
    },
    messagesReloadRequested(state) {
      state.conversation = { ...state.conversation, error: null };
    },
    /** The conversation's first page: the flags follow its size, and the contact's counter clears. */
    messagesSucceeded(state, action: PayloadAction<MessagesPage>) {
      const page = action.payload;
      state.conversation = idle(null);
      state.messages = page.messages;
      state.unreadStart = page.unreades_start;
      state.unreadTotal = page.unreades_total;
      state.existsNextOld = page.messages.length >= PAGE_SIZE;
      state.existsNextNew = page.existsNextNew;
      if (state.activeContact) setUnreadHere(state, keyOfContact(state, state.activeContact), 0);
    },
    messagesFailed(state, action: PayloadAction<Failure>) {
      state.conversation = failed(action.payload, null);
    },
    olderRequested(state) {
      state.loadingOld = true;
    },
    /** Older messages go before; fewer than 20 means the beginning is reached. */
    olderSucceeded(state, action: PayloadAction<ChatMessage[]>) {
      state.loadingOld = false;
      const known = new Set(state.messages.map((m) => m.id_message));
      state.messages = [...action.payload.filter((m) => !known.has(m.id_message)), ...state.messages];
      state.existsNextOld = action.payload.length >= PAGE_SIZE;
    },
    olderFailed(state, _action: PayloadAction<Failure>) {
      state.loadingOld = false;
    },
    newerRequested(state) {
      state.loadingNew = true;
    },
    /** Newer messages go after; fewer than 20 means the end is reached. */
    newerSucceeded(state, action: PayloadAction<ChatMessage[]>) {
      state.loadingNew = false;
      mergeNewer(state, action.payload);
      state.existsNextNew = action.payload.length >= PAGE_SIZE;
    },
    newerFailed(state, _action: PayloadAction<Failure>) {
      state.loadingNew = false;
    },
    readRequested(_state, _action: PayloadAction<number>) {},
    /** One message read: the counter of its conversation goes down by one. */
    readSucceeded(state, action: PayloadAction<{ id: number; marked: boolean; key: string | null }>) {
      if (!action.payload.marked || !action.payload.key) return;
      setUnreadHere(state, action.payload.key, (state.unread.byKey[action.payload.key] ?? 0) - 1);
    },
    readAllRequested() {},
    /** The whole conversation read: its counter is 0. */
    readAllSucceeded(state, action: PayloadAction<{ key: string | null }>) {
      setUnreadHere(state, action.payload.key, 0);
      state.unreadTotal = 0;
    },
    sendRequested(state, _action: PayloadAction<{ text: string; file: File | null }>) {
      state.sending = started(null);
    },
    sendSucceeded(state, _action: PayloadAction<ChatMessage>) {
      state.sending = idle(null);
    },
    sendFailed(state, action: PayloadAction<Failure>) {
      state.sending = failed(action.payload, null);
    },
    sendErrorCleared(state) {
      state.sending = idle(null);
    },
    deleteRequested(state, action: PayloadAction<number>) {
      state.deleting = { ...started(null), id: action.payload };
    },
    /** Deleting succeeds only when the first data row says result 1. */
    deleteSucceeded(state, action: PayloadAction<{ id: number; rows: DeleteRow[] }>) {
      state.deleting = { ...idle(null), id: null };
      if (action.payload.rows?.[0]?.result === 1) state.messages = state.messages.filter((m) => m.id_message !== action.payload.id);
    },
    deleteFailed(state, action: PayloadAction<Failure>) {
      state.deleting = { ...failed(action.payload, null), id: null };
    },
    countsRequested() {},
    countsSucceeded(state, action: PayloadAction<UnreadCounts>) {
      const byKey: Record<string, number> = {};
      for (const c of action.payload.contacts) if (c.countMessages > 0) byKey[contactKey(c.id_type, c.idid)] = c.countMessages;
      for (const g of action.payload.groups) if (g.countMessages > 0) byKey[groupKey(g.gr_potok, g.id_discipline)] = g.countMessages;
      state.unread = { total: action.payload.total, byKey };
      state.unreadByDiscipline = Object.fromEntries(
        action.payload.disciplines.filter((d) => d.countMessages > 0).map((d) => [d.id_discipline, d.countMessages]),
      );
    },
    liveStatusChanged(state, action: PayloadAction<LiveStatus>) {
      state.live = action.payload;
    },
    /**
     * A message arrived live: shown at once in the open conversation (when its end is shown),
     * otherwise counted as unread when it is someone else's.
     */
    liveMessageReceived(state, action: PayloadAction<LiveMessage>) {
      const { conversation, message } = action.payload;
      if (isOpenConversation(state, conversation)) {
        if (!state.existsNextNew && !state.conversation.fetching) mergeNewer(state, [message]);
        return;
      }
      if (!message.ismine) {
        const key = keyOfRef(conversation);
        setUnread(state, key, (state.unread.byKey[key] ?? 0) + 1);
        // A group chat names its discipline; a one-to-one message's discipline comes with the counts (chat.saga).
        if (conversation.kind === 'group') addToDiscipline(state, conversation.id_discipline, 1);
      }
    },
    /** The other person read one's messages: they show as read. */
    liveRead(state, action: PayloadAction<LiveRead>) {
      if (!isOpenConversation(state, action.payload.conversation)) return;
      const { ids, upTo } = action.payload;
      for (const m of state.messages)
        if (m.ismine && !m.isread && ((ids && ids.includes(m.id_message)) || (upTo !== undefined && m.id_message <= upTo))) m.isread = true;
    },
    liveDeleted(state, action: PayloadAction<LiveDeleted>) {
      if (isOpenConversation(state, action.payload.conversation)) state.messages = state.messages.filter((m) => m.id_message !== action.payload.id_message);
    },
    /** Events may have been missed: the saga reloads the counts and the open conversation. */
    liveResync() {},
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialChatState);
  },
});

export const chatActions = slice.actions;
export const chatReducer = slice.reducer;

type WithChat = { chat: ChatState };
export const selectChat = (state: WithChat) => state.chat;
export const selectChatUnreadTotal = (state: WithChat) => state.chat.unread.total;
/** Filters are shown when there is more than one group or semester (docs/areas/chat.md#for-users). */
export const selectFilterVisible: (state: WithChat) => boolean = chain.selectFilterVisible;
/** The chain's sagas, for chat.saga.ts. */
export const chatChainSagas = chain.sagas;
