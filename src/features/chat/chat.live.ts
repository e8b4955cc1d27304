/**
 * Chat's part of the one live connection (shared/live/): its event types, its status dot, and what
 * it asks the server while the stream is unavailable.
 */
import { put, select } from 'redux-saga/effects';
import type { LiveDeleted, LiveMessage, LiveRead, UnreadCounts } from '@contract/chat';
import type { LiveHandlers } from '@shared/live/live';
import { chatActions, selectChat, type ChatState } from './chat.slice';

/** Without the stream: the counts, and the open conversation's news. */
function* pollChat() {
  yield put(chatActions.countsRequested());
  const state: ChatState = yield select(selectChat);
  if (state.activeContact && !state.existsNextNew && state.messages.length > 0 && !state.loadingNew) yield put(chatActions.newerRequested());
}

export const chatLive: LiveHandlers = {
  events: {
    counts: (data) => (data ? chatActions.countsSucceeded(data as UnreadCounts) : null),
    // A message that did not parse may have been missed: reload.
    message: (data) => (data ? chatActions.liveMessageReceived(data as LiveMessage) : chatActions.liveResync()),
    deleted: (data) => (data ? chatActions.liveDeleted(data as LiveDeleted) : chatActions.liveResync()),
    read: (data) => (data ? chatActions.liveRead(data as LiveRead) : null),
  },
  status: chatActions.liveStatusChanged,
  resync: chatActions.liveResync,
  ended: chatActions.countsRequested,
  poll: pollChat,
};
