/**
 * Chat side effects: the filter chain (current half-year and year → disciplines → semesters →
 * groups → contacts → group chat), the open conversation (paging, read marks, sending, deleting),
 * and what live events lead to (chat.live.ts registers them with the shared live connection).
 */
import { all, call, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../../../contract/auth';
import type { ChatMessage, ConversationBody, DeleteRow, LiveMessage, MessagesPage, UnreadCounts } from '../../../contract/chat';
import type { IdName } from '../../../contract/common';
import { chatApi } from '../../api/chat';
import { academicApi } from '../../api/academic';
import type { Failure, Result } from '../../api/http';
import { request } from '../../shared/request/request.saga';
import { ROLE_TEACHER } from '../../shared/request/roles';
import { selectUser } from '../../shared/session/session';
import {
  chatActions,
  GROUP_CONTACT,
  isGroupContact,
  isOpenConversation,
  keyOfContact,
  selectChat,
  type ChatContact,
  type ChatState,
  type WorkspacePayload,
} from './chat.slice';

const failure = (result: Result<unknown>): Failure => (result.ok ? { ok: false, problem: 'UNKNOWN_ERROR', status: null, error: null } : result);

/** The common fields of the open conversation (docs/product.md#chat): one-to-one or group. */
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

export function* openedSaga() {
  const { state }: { state: ChatState } = yield* current();
  if (state.year === null && !state.current.fetching) yield put(chatActions.currentRequested());
}

/** The current half-year and year, then the disciplines of that workspace (and the years list). */
export function* currentSaga() {
  const [ws, year, years]: [Result<IdName>, Result<IdName>, Result<IdName[]>] = yield all([
    call(academicApi.currentWs),
    call(academicApi.currentYear),
    call(academicApi.years),
  ]);
  if (years.ok) yield put(chatActions.yearsSucceeded(years.data));
  if (!ws.ok || !year.ok) {
    yield put(chatActions.currentFailed(failure(ws.ok ? year : ws)));
    return;
  }
  const workspace: WorkspacePayload = { year: year.data.id, ws: ws.data.id === 2 ? 2 : 1 };
  yield put(chatActions.currentSucceeded(workspace));
  yield put(chatActions.disciplinesRequested(workspace));
}

export function* workspaceSaga(action: PayloadAction<WorkspacePayload>) {
  yield put(chatActions.disciplinesRequested(action.payload));
}

/** Teachers (role 1) get the teacher list, everyone else the student list. */
export function* disciplinesSaga(action: PayloadAction<WorkspacePayload>) {
  const user: User | null = yield select(selectUser);
  yield* request(user?.role === ROLE_TEACHER ? academicApi.list : academicApi.studentList, [action.payload], {
    succeeded: chatActions.disciplinesSucceeded,
    failed: chatActions.disciplinesFailed,
  });
}

/** Disciplines → semesters: on a chosen discipline. */
export function* semestersSaga() {
  const { state, user }: { state: ChatState; user: User | null } = yield* current();
  const d = state.activeDiscipline;
  if (!d || state.year === null || state.ws === null) return;
  yield put(chatActions.semestersRequested());
  const body = { year: state.year, ws: state.ws, id_discipline: d.id, kredit: d.kredit };
  yield* request(user?.role === ROLE_TEACHER ? academicApi.semesters : academicApi.studentSemesters, [body], {
    succeeded: chatActions.semestersSucceeded,
    failed: chatActions.semestersFailed,
  });
}

/** Semesters → groups: on the semesters' arrival (the first is active) or a chosen semester. */
export function* groupsSaga() {
  const { state, user }: { state: ChatState; user: User | null } = yield* current();
  const d = state.activeDiscipline;
  if (!d || state.year === null || state.ws === null || state.activeSemester === null) return;
  yield put(chatActions.groupsRequested());
  const body = { year: state.year, ws: state.ws, id_discipline: d.id, id_semester: state.activeSemester };
  yield* request(user?.role === ROLE_TEACHER ? academicApi.groups : academicApi.studentGroups, [body], {
    succeeded: chatActions.groupsSucceeded,
    failed: chatActions.groupsFailed,
  });
}

/** Groups → people: the group's students (teacher) or teachers (student), then the group chat on desktop. */
export function* contactsSaga() {
  const { state, user }: { state: ChatState; user: User | null } = yield* current();
  const d = state.activeDiscipline;
  if (!d || state.year === null || state.ws === null || state.activeGroup === null) return;
  yield put(chatActions.contactsRequested());
  const body = { year: state.year, ws: state.ws, id_discipline: d.id, id_group: state.activeGroup };
  const result = yield* request(user?.role === ROLE_TEACHER ? academicApi.students : academicApi.teachers, [body], {
    succeeded: chatActions.contactsSucceeded,
    failed: chatActions.contactsFailed,
  });
  if (!result.ok) return;
  const after: ChatState = yield select(selectChat);
  if (after.autoOpenGroup && !after.activeContact) yield put(chatActions.contactOpened(GROUP_CONTACT));
}

/**
 * The dependent loads, one level each: a level loads when its parent is chosen or has arrived, reads
 * its parents from the state, and the reducer of a choice clears the levels below it.
 */
export function* chainSaga() {
  yield all([
    takeLatest(chatActions.workspaceSelected.type, workspaceSaga),
    takeLatest(chatActions.disciplinesRequested.type, disciplinesSaga),
    takeLatest(chatActions.disciplineSelected.type, semestersSaga),
    takeLatest([chatActions.semestersSucceeded.type, chatActions.semesterSelected.type], groupsSaga),
    takeLatest([chatActions.groupsSucceeded.type, chatActions.groupSelected.type], contactsSaga),
  ]);
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

export function* olderSaga() {
  const { state, user }: { state: ChatState; user: User | null } = yield* current();
  const body = user ? conversationBody(state, user) : null;
  const first = state.messages[0];
  if (!body || !first) {
    yield put(chatActions.olderSucceeded([]));
    return;
  }
  const result: Result<ChatMessage[]> = yield call(chatApi.older, { ...body, id_lastMessage: first.id_message });
  if (result.ok) yield put(chatActions.olderSucceeded(result.data));
  else yield put(chatActions.olderFailed(result));
}

export function* newerSaga() {
  const { state, user }: { state: ChatState; user: User | null } = yield* current();
  const body = user ? conversationBody(state, user) : null;
  const last = state.messages.at(-1);
  if (!body || !last) {
    yield put(chatActions.newerSucceeded([]));
    return;
  }
  const result: Result<ChatMessage[]> = yield call(chatApi.newer, { ...body, id_lastMessage: last.id_message });
  if (result.ok) yield put(chatActions.newerSucceeded(result.data));
  else yield put(chatActions.newerFailed(result));
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
  const { state, user }: { state: ChatState; user: User | null } = yield* current();
  const body = user ? conversationBody(state, user) : null;
  if (!body) {
    yield put(chatActions.sendFailed({ ok: false, problem: 'CLIENT_ERROR', status: null, error: null }));
    return;
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) if (value !== undefined) form.append(name, String(value));
  form.append('message', action.payload.text);
  if (action.payload.file) form.append('files', action.payload.file, action.payload.file.name);
  const result: Result<ChatMessage> = yield call(chatApi.insert, form);
  if (!result.ok) {
    yield put(chatActions.sendFailed(result));
    return;
  }
  yield put(chatActions.sendSucceeded(result.data));
  yield put(chatActions.messagesReloadRequested());
}

export function* deleteSaga(action: PayloadAction<number>) {
  const user: User | null = yield select(selectUser);
  if (!user) return;
  const result: Result<DeleteRow[]> = yield call(chatApi.remove, { id_message: action.payload, uid: user.uid });
  if (result.ok) yield put(chatActions.deleteSucceeded({ id: action.payload, rows: result.data ?? [] }));
  else yield put(chatActions.deleteFailed(result));
}

export function* countsSaga() {
  const result: Result<UnreadCounts> = yield call(chatApi.count);
  if (result.ok) yield put(chatActions.countsSucceeded(result.data));
}

/** A live message in the open conversation is read at once (it is on the screen). */
export function* liveMessageSaga(action: PayloadAction<LiveMessage>) {
  const state: ChatState = yield select(selectChat);
  const { conversation, message } = action.payload;
  if (!message.ismine && isOpenConversation(state, conversation) && state.messages.some((m) => m.id_message === message.id_message))
    yield put(chatActions.readRequested(message.id_message));
}

/** After a gap: fresh counts, and the open conversation again. */
export function* resyncSaga() {
  yield put(chatActions.countsRequested());
  const state: ChatState = yield select(selectChat);
  if (state.activeContact) yield put(chatActions.messagesReloadRequested());
}

export function* chatSaga() {
  yield all([
    takeLatest(chatActions.opened.type, openedSaga),
    takeLatest(chatActions.currentRequested.type, currentSaga),
    fork(chainSaga),
    takeLatest([chatActions.contactOpened.type, chatActions.messagesReloadRequested.type], messagesSaga),
    takeLatest(chatActions.olderRequested.type, olderSaga),
    takeLatest(chatActions.newerRequested.type, newerSaga),
    takeEvery(chatActions.readRequested.type, readSaga),
    takeLatest(chatActions.readAllRequested.type, readAllSaga),
    takeLatest(chatActions.sendRequested.type, sendSaga),
    takeEvery(chatActions.deleteRequested.type, deleteSaga),
    takeLatest(chatActions.countsRequested.type, countsSaga),
    takeEvery(chatActions.liveMessageReceived.type, liveMessageSaga),
    takeLatest(chatActions.liveResync.type, resyncSaga),
  ]);
}

export type { ChatContact };
