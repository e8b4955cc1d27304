/**
 * The one live connection of a signed-in user: Server-Sent Events from the live stream (api/live.ts)
 * as an eventChannel over EventSource. Each event type goes to the areas that registered it
 * (live.ts). The browser reconnects by itself after a drop; when EventSource is missing or gives up
 * (the stream could not be opened), the areas poll instead (their `poll`), and the stream is tried
 * again a minute later. `resync` asks every area to reload; `end` (the session is over) ends it.
 */
import { eventChannel, END, type EventChannel, type Task } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { call, cancel, cancelled, delay, fork, put, select, take } from 'redux-saga/effects';
import { LIVE_EVENTS_URL } from '@api/live';
import { sessionEnded, sessionStarted } from '../session/session';
import { liveEventNames, liveHandlers, type LiveHandlers, type LiveStatus } from './live';

/** Polling period while the stream is unavailable. */
export const POLL_MS = 15_000;
/** How long to poll before trying the stream again. */
export const RETRY_STREAM_MS = 60_000;
/** Errors in a row without the stream opening before giving up on it for a while. */
export const MAX_STREAM_ERRORS = 3;

export type LiveSignal =
  { type: 'open' } | { type: 'error'; closed: boolean } | { type: 'event'; name: string; data: unknown } | { type: 'resync' } | { type: 'end' };

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
export function liveChannel(open: EventSourceFactory, names: readonly string[] = liveEventNames(), url = LIVE_EVENTS_URL): EventChannel<LiveSignal> {
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
    for (const name of names) source.addEventListener(name, (e) => emit({ type: 'event', name, data: parse(e) }));
    source.addEventListener('resync', () => emit({ type: 'resync' }));
    source.addEventListener('end', () => {
      emit({ type: 'end' });
      emit(END);
    });
    return () => source.close();
  });
}

/** Puts, for every registered area, the action `pick` gives (if any). */
function* toAreas(pick: (handlers: LiveHandlers) => Action | null | undefined) {
  for (const handlers of liveHandlers()) {
    const action = pick(handlers);
    if (action) yield put(action);
  }
}

const status = (value: LiveStatus) => toAreas((h) => h.status?.(value));

/** Follows the stream until it ends or fails for good; returns why. */
export function* followStream(open: EventSourceFactory) {
  const channel: EventChannel<LiveSignal> = yield call(liveChannel, open);
  let errors = 0;
  yield* status('connecting');
  try {
    for (;;) {
      const signal: LiveSignal = yield take(channel);
      switch (signal.type) {
        case 'open':
          errors = 0;
          yield* status('open');
          break;
        case 'event':
          yield* toAreas((h) => h.events[signal.name]?.(signal.data));
          break;
        case 'resync':
          yield* toAreas((h) => h.resync?.());
          break;
        case 'end':
          // The session is over: a call tells the app (401 ends the session everywhere).
          yield* toAreas((h) => h.ended?.());
          return 'ended' as const;
        case 'error':
          errors++;
          if (signal.closed || errors >= MAX_STREAM_ERRORS) return 'failed' as const;
          yield* status('connecting');
          break;
      }
    }
  } finally {
    channel.close();
  }
}

/** Without the stream: every area's `poll` every POLL_MS for `forMs`. */
export function* pollFor(forMs: number) {
  yield* status('polling');
  const until = Date.now() + forMs;
  while (Date.now() < until) {
    yield delay(POLL_MS);
    for (const handlers of liveHandlers()) if (handlers.poll) yield call(handlers.poll);
  }
}

/** Resolves when the browser is idle (at most 2 s on), at once where it cannot tell. */
export function browserIdle(): Promise<void> {
  if (typeof requestIdleCallback !== 'function') return Promise.resolve();
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 }));
}

/**
 * Stream when possible, polling otherwise, for as long as the session lasts. It starts when the
 * browser is idle, so that it does not compete with the first screen's downloads.
 */
export function* liveSaga(open: EventSourceFactory | null = defaultEventSource()) {
  try {
    yield call(browserIdle);
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
    if ((yield cancelled()) as boolean) yield* status('off');
  }
}

/**
 * Connects once for the signed-in user: at sign-in (or at once when this saga joins the store of a
 * signed-in user, see app/loadAreas.ts), and disconnects when the session ends.
 */
export function* liveLifecycleSaga() {
  const current: string | undefined = yield select((state: { session?: { status: string } }) => state.session?.status);
  let task: Task | null = current === 'authenticated' ? ((yield fork(liveSaga)) as Task) : null;
  for (;;) {
    const action: { type: string } = yield take([sessionStarted.type, sessionEnded.type]);
    if (task) yield cancel(task);
    task = action.type === sessionStarted.type ? ((yield fork(liveSaga)) as Task) : null;
  }
}
