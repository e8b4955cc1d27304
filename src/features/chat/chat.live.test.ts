import type { UnknownAction } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerLiveHandlers } from '@shared/live/live';
import { followStream, liveLifecycleSaga, liveSaga, POLL_MS, type EventSourceFactory } from '@shared/live/live.saga';
import { sessionEnded, sessionStarted } from '@shared/session/session';
import { runOnChannel } from '../../test/saga';
import { teacher } from '../../test/server';
import { chatLive } from './chat.live';
import { chatActions, initialChatState } from './chat.slice';

// The shared live connection (shared/live/) with chat's handlers, as the area manifest registers them.
registerLiveHandlers('chat', chatLive);

/** A stand-in for the browser's EventSource that the test drives. */
class FakeSource {
  static last: FakeSource | null = null;
  static opened = 0;
  readyState = 0;
  onopen: ((ev: Event) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  closed = false;
  private listeners = new Map<string, Array<(e: Event) => void>>();
  constructor(readonly url: string) {
    FakeSource.last = this;
    FakeSource.opened++;
  }
  addEventListener(type: string, fn: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
}

const factory: EventSourceFactory = (url) => new FakeSource(url) as unknown as ReturnType<EventSourceFactory>;

/** Runs a saga against a store-like harness; returns what it put and a way to dispatch. */
function start<Args extends unknown[]>(saga: (...args: Args) => Generator, ...args: Args) {
  const { put, task, channel } = runOnChannel({ getState: () => ({ chat: initialChatState }), echo: true }, saga, ...args);
  return { put, task, dispatch: (a: UnknownAction) => channel.put(a) };
}

afterEach(() => {
  vi.useRealTimers();
  FakeSource.last = null;
  FakeSource.opened = 0;
});

describe('the live connection with chat registered', () => {
  it('turns stream events into actions', () => {
    const { put, task } = start(followStream, factory);
    const source = FakeSource.last!;
    expect(source.url).toBe('/api/chat/events.json');
    source.open();
    const counts = {
      total: 3,
      contacts: [{ id_type: 2 as const, idid: 9001, countMessages: 3 }],
      groups: [],
      disciplines: [{ id_discipline: 7, countMessages: 3 }],
    };
    source.emit('counts', counts);
    const live = { conversation: { kind: 'private', id_type: 2, idid: 9001 }, message: { id_message: 7 } };
    source.emit('message', live);
    source.emit('message', null);
    source.emit('deleted', { conversation: live.conversation, id_message: 7 });
    source.emit('read', { conversation: live.conversation, upTo: 7 });
    source.emit('resync', {});
    expect(put).toEqual([
      chatActions.liveStatusChanged('connecting'),
      chatActions.liveStatusChanged('open'),
      chatActions.countsSucceeded(counts),
      chatActions.liveMessageReceived(live as never),
      chatActions.liveResync(),
      chatActions.liveDeleted({ conversation: live.conversation, id_message: 7 } as never),
      chatActions.liveRead({ conversation: live.conversation, upTo: 7 } as never),
      chatActions.liveResync(),
    ]);
    task.cancel();
    expect(source.closed).toBe(true);
  });

  it('a stream that cannot open falls back to polling count.json, then tries the stream again', async () => {
    vi.useFakeTimers();
    const { put, task } = start(liveSaga, factory);
    await vi.advanceTimersByTimeAsync(0);
    FakeSource.last!.fail(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(put.at(-1)).toEqual(chatActions.liveStatusChanged('polling'));
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(put.filter((a) => a.type === chatActions.countsRequested.type)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(POLL_MS * 4);
    expect(FakeSource.opened).toBe(2);
    task.cancel();
    expect(put.at(-1)).toEqual(chatActions.liveStatusChanged('off'));
  });

  it('repeated errors without the stream opening count as a failure; an open stream resets them', async () => {
    vi.useFakeTimers();
    const { put, task } = start(liveSaga, factory);
    await vi.advanceTimersByTimeAsync(0);
    const source = FakeSource.last!;
    source.fail(false);
    source.open();
    source.fail(false);
    source.fail(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(put.at(-1)).toEqual(chatActions.liveStatusChanged('connecting'));
    source.fail(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(put.at(-1)).toEqual(chatActions.liveStatusChanged('polling'));
    task.cancel();
  });

  it('without EventSource it polls from the start', async () => {
    vi.useFakeTimers();
    const { put, task } = start(liveSaga, null);
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(put.filter((a) => a.type === chatActions.countsRequested.type)).toHaveLength(2);
    task.cancel();
  });

  it('the stream saying the session ended stops it and asks the server (a 401 ends the session)', async () => {
    const { put, task } = start(liveSaga, factory);
    // The stream opens once the browser is idle.
    await vi.waitFor(() => expect(FakeSource.last).not.toBeNull());
    FakeSource.last!.open();
    FakeSource.last!.emit('end', {});
    expect(put.slice(-1)).toEqual([chatActions.countsRequested()]);
    expect(task.isRunning()).toBe(false);
  });

  it('starts at sign-in and stops when the session ends', async () => {
    vi.stubGlobal('EventSource', FakeSource);
    try {
      const { dispatch, task } = start(liveLifecycleSaga);
      dispatch(sessionStarted(teacher));
      await vi.waitFor(() => expect(FakeSource.opened).toBe(1));
      const first = FakeSource.last!;
      expect(first.closed).toBe(false);
      dispatch(sessionEnded({ reason: 'logout' }));
      expect(first.closed).toBe(true);
      dispatch(sessionStarted(teacher));
      await vi.waitFor(() => expect(FakeSource.opened).toBe(2));
      task.cancel();
      expect(FakeSource.last!.closed).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
