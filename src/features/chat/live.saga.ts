/**
 * The live connection of a signed-in user: Server-Sent Events from GET /api/chat/events.json as an
 * eventChannel over EventSource. The browser reconnects by itself after a drop; when EventSource is
 * missing or gives up (the stream could not be opened), the saga polls count.json (and new.json for
 * the open conversation) instead, and tries the stream again a minute later.
 */
import { eventChannel, END, type EventChannel } from 'redux-saga';
import { call, cancel, cancelled, delay, fork, put, select, take } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import type { LiveDeleted, LiveMessage, LiveRead, UnreadCounts } from '../../../contract/chat';
import { CHAT_EVENTS_URL } from '../../api/chat';
import { sessionEnded, sessionStarted } from '../../shared/session/session';
import { chatActions, selectChat, type ChatState } from './chat.slice';

/** Polling period while the stream is unavailable. */
export const POLL_MS = 15_000;
/** How long to poll before trying the stream again. */
export const RETRY_STREAM_MS = 60_000;
/** Errors in a row without the stream opening before giving up on it for a while. */
export const MAX_STREAM_ERRORS = 3;

export type LiveSignal =
  | { type: 'open' }
  | { type: 'error'; closed: boolean }
  | { type: 'counts'; data: UnreadCounts }
  | { type: 'message'; data: LiveMessage | null }
  | { type: 'deleted'; data: LiveDeleted }
  | { type: 'read'; data: LiveRead }
  | { type: 'resync' }
  | { type: 'end' };

type EventSourceLike = Pick<EventSource, 'close' | 'addEventListener' | 'readyState'> & {
  onopen: ((this: EventSource, ev: Event) => unknown) | null;
  onerror: ((this: EventSource, ev: Event) => unknown) | null;
};
export type EventSourceFactory = (url: string) => EventSourceLike;

const CLOSED = 2;

export function defaultEventSource(): EventSourceFactory | null {
  return typeof EventSource === 'undefined' ? null : (url) => new EventSource(url, { withCredentials: true });
}

/** The stream's events as saga actions-to-be; closing the channel closes the stream. */
export function liveChannel(open: EventSourceFactory, url = CHAT_EVENTS_URL): EventChannel<LiveSignal> {
  return eventChannel<LiveSignal>((emit) => {
    const source = open(url);
    const parse = (e: Event): unknown => {
      try {
        return JSON.parse((e as MessageEvent<string>).data);
      } catch {
        return null;
      }
    };
    source.onopen = () => emit({ type: 'open' });
    source.onerror = () => emit({ type: 'error', closed: source.readyState === CLOSED });
    source.addEventListener('counts', (e) => {
      const data = parse(e) as UnreadCounts | null;
      if (data) emit({ type: 'counts', data });
    });
    source.addEventListener('message', (e) => emit({ type: 'message', data: parse(e) as LiveMessage | null }));
    source.addEventListener('deleted', (e) => {
      const data = parse(e) as LiveDeleted | null;
      emit(data ? { type: 'deleted', data } : { type: 'resync' });
    });
    source.addEventListener('read', (e) => {
      const data = parse(e) as LiveRead | null;
      if (data) emit({ type: 'read', data });
    });
    source.addEventListener('resync', () => emit({ type: 'resync' }));
    source.addEventListener('end', () => {
      emit({ type: 'end' });
      emit(END);
    });
    return () => source.close();
  });
}

/** Follows the stream until it ends or fails for good; returns why. */
export function* followStream(open: EventSourceFactory) {
  const channel: EventChannel<LiveSignal> = yield call(liveChannel, open);
  let errors = 0;
  yield put(chatActions.liveStatusChanged('connecting'));
  try {
    for (;;) {
      const signal: LiveSignal = yield take(channel);
      switch (signal.type) {
        case 'open':
          errors = 0;
          yield put(chatActions.liveStatusChanged('open'));
          break;
        case 'counts':
          yield put(chatActions.countsSucceeded(signal.data));
          break;
        case 'message':
          if (signal.data) yield put(chatActions.liveMessageReceived(signal.data));
          else yield put(chatActions.liveResync());
          break;
        case 'deleted':
          yield put(chatActions.liveDeleted(signal.data));
          break;
        case 'read':
          yield put(chatActions.liveRead(signal.data));
          break;
        case 'resync':
          yield put(chatActions.liveResync());
          break;
        case 'end':
          // The session is over: a call tells the app (401 ends the session everywhere).
          yield put(chatActions.countsRequested());
          return 'ended' as const;
        case 'error':
          errors++;
          if (signal.closed || errors >= MAX_STREAM_ERRORS) return 'failed' as const;
          yield put(chatActions.liveStatusChanged('connecting'));
          break;
      }
    }
  } finally {
    channel.close();
  }
}

/** Without the stream: counts (and the open conversation's news) every POLL_MS for `forMs`. */
export function* pollFor(forMs: number) {
  yield put(chatActions.liveStatusChanged('polling'));
  const until = Date.now() + forMs;
  while (Date.now() < until) {
    yield delay(POLL_MS);
    yield put(chatActions.countsRequested());
    const state: ChatState = yield select(selectChat);
    if (state.activeContact && !state.existsNextNew && state.messages.length > 0 && !state.loadingNew) yield put(chatActions.newerRequested());
  }
}

/** Stream when possible, polling otherwise, for as long as the session lasts. */
export function* liveSaga(open: EventSourceFactory | null = defaultEventSource()) {
  try {
    for (;;) {
      if (!open) {
        yield call(pollFor, Number.POSITIVE_INFINITY);
        return;
      }
      const outcome: 'ended' | 'failed' | undefined = yield call(followStream, open);
      if (outcome === 'ended') return;
      yield call(pollFor, RETRY_STREAM_MS);
    }
  } finally {
    if ((yield cancelled()) as boolean) yield put(chatActions.liveStatusChanged('off'));
  }
}

/**
 * Starts the live connection at sign-in (or at once when this saga joins the store of a signed-in
 * user, see app/areas.ts) and stops it when the session ends.
 */
export function* liveLifecycleSaga() {
  const status: string | undefined = yield select((state: { session?: { status: string } }) => state.session?.status);
  let task: Task | null = status === 'authenticated' ? ((yield fork(liveSaga)) as Task) : null;
  for (;;) {
    const action: { type: string } = yield take([sessionStarted.type, sessionEnded.type]);
    if (task) yield cancel(task);
    task = action.type === sessionStarted.type ? ((yield fork(liveSaga)) as Task) : null;
  }
}
