/**
 * Chat side effects: the filter chain (the shared academic chain, then the group chat on desktop), the open conversation (paging, read marks, sending, deleting),
 * and what live events lead to (chat.live.ts registers them with the shared live connection).
 */
import { all, call, fork, put, select, takeLatest } from 'redux-saga/effects';
import { rootSaga } from '@shared/request/watchers';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@contract/auth';
import type { ChatMessage, ConversationBody, DeleteRow, LiveMessage, MessagesPage, UnreadCounts } from '@contract/chat';
import { chatApi } from './chat.api';
import type { Failure, Result } from '@api/http';
import { NO_DATA, request, requireUser } from '@shared/request/request.saga';
import { selectUser } from '@shared/session/session';
import {
  chatActions,
  chatChainSagas,
  GROUP_CONTACT,
  isGroupContact,
  isOpenConversation,
  keyOfContact,
  selectChat,
  type ChatContact,
  type ChatState,
} from './chat.slice';

/** The common fields of the open conversation (docs/areas/chat.md#for-users): one-to-one or group. */
export function conversationBody(state: ChatState, user: Pick<User, 'uid' | 'role'>): ConversationBody | null {
  const { year, ws, activeDiscipline: d, activeContact: c } = state;
  if (year === null || ws === null || !d || !c) return null;
  const context = { year, ws, id_discipline: d.id, kredit: d.kredit };
  if (isGroupContact(c)) {
    if (state.activeGroup === null) return null;
    return { ...context, id_humanTypeFrom: user.role, id_HumanFrom: user.uid, gr_potok: state.activeGroup, IsSelect: d.isSelect };
  }
  return { ...context, id_from_type: user.role, id_from: user.uid, id_to_type: c.id_type, id_to: c.idid };
}

function* current() {
  const state: ChatState = yield select(selectChat);
  return { state, user: (yield select(selectUser)) as User | null };
}

// --- filters ------------------------------------------------------------------------------------

// The workspace and the discipline → semester → group → people chain: the shared academic chain.
export const { openedSaga, currentSaga, workspaceSaga, disciplinesSaga, relabelSaga, semestersSaga, groupsSaga, contactsSaga } = chatChainSagas;

/** Desktop opens the group chat once the people of a group are there (phones wait for a tap). */
export function* autoOpenGroupSaga() {
  const state: ChatState = yield select(selectChat);
  if (state.autoOpenGroup && !state.activeContact) yield put(chatActions.contactOpened(GROUP_CONTACT));
}

/**
 * The dependent loads, one level each (shared/academic/chain.ts), then the group chat on desktop.
 */
export function* chainSaga() {
  yield all([fork(chatChainSagas.chainSaga), takeLatest(chatActions.contactsSucceeded.type, autoOpenGroupSaga)]);
}

// --- the conversation ---------------------------------------------------------------------------

/** Loads the open conversation's first page, then marks it read. */
export function* messagesSaga() {
  const { state, user }: { state: ChatState; user: User | null } = yield* current();
  const body = user ? conversationBody(state, user) : null;
  const contact = state.activeContact;
  if (!body || !contact || !user) return;
  const result: Result<MessagesPage> =
    'gr_potok' in body && body.gr_potok !== undefined
      ? yield call(chatApi.groupMessages, body as Parameters<typeof chatApi.groupMessages>[0])
      : yield call(chatApi.messages, body as Parameters<typeof chatApi.messages>[0]);
  const now: ChatState = yield select(selectChat);
  if (now.activeContact !== contact) return; // another contact was opened meanwhile
  if (!result.ok) {
    yield put(chatActions.messagesFailed(result));
    return;
  }
  const key = keyOfContact(state, contact);
  yield put(chatActions.messagesSucceeded(result.data));
  if (result.data.unreades_total > 0) {
    const read: Result<{ marked: number }> = yield call(chatApi.readAll, body);
    if (read.ok) yield put(chatActions.readAllSucceeded({ key }));
  }
}

/** A page before the first or after the last message shown (`edge` picks which). */
function* pageSaga(
  edge: (messages: ChatMessage[]) => ChatMessage | undefined,
  fetch: typeof chatApi.older,
  outcome: { succeeded: (messages: ChatMessage[]) => PayloadAction<ChatMessage[]>; failed: (failure: Failure) => PayloadAction<Failure> },
) {
  const { state, user }: { state: ChatState; user: User | null } = yield* current();
  const body = user ? conversationBody(state, user) : null;
  const from = edge(state.messages);
  if (!body || !from) {
    yield put(outcome.succeeded([]));
    return;
  }
  yield* request(fetch, [{ ...body, id_lastMessage: from.id_message }], outcome);
}

export function* olderSaga() {
  yield* pageSaga((messages) => messages[0], chatApi.older, { succeeded: chatActions.olderSucceeded, failed: chatActions.olderFailed });
}

export function* newerSaga() {
  yield* pageSaga((messages) => messages.at(-1), chatApi.newer, { succeeded: chatActions.newerSucceeded, failed: chatActions.newerFailed });
}

export function* readSaga(action: PayloadAction<number>) {
  const { state }: { state: ChatState } = yield* current();
  const key = state.activeContact ? keyOfContact(state, state.activeContact) : null;
  const result: Result<{ marked: boolean }> = yield call(chatApi.read, { id_message: action.payload });
  if (result.ok) yield put(chatActions.readSucceeded({ id: action.payload, marked: result.data.marked, key }));
}

export function* readAllSaga() {
  const { state, user }: { state: ChatState; user: User | null } = yield* current();
  const body = user ? conversationBody(state, user) : null;
  if (!body || !state.activeContact) return;
  const key = keyOfContact(state, state.activeContact);
  const result: Result<{ marked: number }> = yield call(chatApi.readAll, body);
  if (result.ok) yield put(chatActions.readAllSucceeded({ key }));
}

/** Sends text with an optional file or photo (multipart), then reloads the conversation. */
export function* sendSaga(action: PayloadAction<{ text: string; file: File | null }>) {
  const user = yield* requireUser(chatActions.sendFailed);
  if (!user) return;
  const state: ChatState = yield select(selectChat);
  const body = conversationBody(state, user);
  // No conversation open (the composer is not shown then): nothing to send to.
  if (!body) {
    yield put(chatActions.sendFailed(NO_DATA));
    return;
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) if (value !== undefined) form.append(name, String(value));
  form.append('message', action.payload.text);
  if (action.payload.file) form.append('files', action.payload.file, action.payload.file.name);
  const result = yield* request(chatApi.insert, [form], { succeeded: chatActions.sendSucceeded, failed: chatActions.sendFailed });
  if (result.ok) yield put(chatActions.messagesReloadRequested());
}

export function* deleteSaga(action: PayloadAction<number>) {
  const user: User | null = yield select(selectUser);
  if (!user) return;
  yield* request(chatApi.remove, [{ id_message: action.payload, uid: user.uid }], {
    succeeded: (rows: DeleteRow[] | null) => chatActions.deleteSucceeded({ id: action.payload, rows: rows ?? [] }),
    failed: chatActions.deleteFailed,
  });
}

/** Unread counts; a failure keeps the counts shown (the next event or poll brings them). */
export function* countsSaga() {
  const result: Result<UnreadCounts> = yield call(chatApi.count);
  if (result.ok) yield put(chatActions.countsSucceeded(result.data));
}

/**
 * A live message in the open conversation is read at once (it is on the screen); a one-to-one
 * message elsewhere brings fresh counts (which discipline it was written about is counted there).
 */
export function* liveMessageSaga(action: PayloadAction<LiveMessage>) {
  const state: ChatState = yield select(selectChat);
  const { conversation, message } = action.payload;
  if (!message.ismine && conversation.kind === 'private' && !isOpenConversation(state, conversation)) yield put(chatActions.countsRequested());
  if (!message.ismine && isOpenConversation(state, conversation) && state.messages.some((m) => m.id_message === message.id_message))
    yield put(chatActions.readRequested(message.id_message));
}

/** After a gap: fresh counts, and the open conversation again. */
export function* resyncSaga() {
  yield put(chatActions.countsRequested());
  const state: ChatState = yield select(selectChat);
  if (state.activeContact) yield put(chatActions.messagesReloadRequested());
}

export const chatSaga = rootSaga([fork(chainSaga)], {
  latest: [
    [[chatActions.contactOpened, chatActions.messagesReloadRequested], messagesSaga],
    [chatActions.olderRequested, olderSaga],
    [chatActions.newerRequested, newerSaga],
    [chatActions.readAllRequested, readAllSaga],
    [chatActions.sendRequested, sendSaga],
    [chatActions.countsRequested, countsSaga],
    [chatActions.liveResync, resyncSaga],
  ],
  every: [
    [chatActions.readRequested, readSaga],
    [chatActions.deleteRequested, deleteSaga],
    [chatActions.liveMessageReceived, liveMessageSaga],
  ],
});

export type { ChatContact };
