import { runSaga, stdChannel, type Task } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { liveEventNames, registerLiveHandlers } from './live';
import { followStream, type EventSourceFactory } from './live.saga';

/** A stand-in for EventSource that the test drives. */
class FakeSource {
  static last: FakeSource | null = null;
  readyState = 0;
  onopen: ((ev: Event) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  closed = false;
  readonly listened: string[] = [];
  private listeners = new Map<string, Array<(e: Event) => void>>();
  constructor(readonly url: string) {
    FakeSource.last = this;
  }
  addEventListener(type: string, fn: (e: Event) => void) {
    this.listened.push(type);
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data }));
  }
}
const factory: EventSourceFactory = (url) => new FakeSource(url) as unknown as ReturnType<EventSourceFactory>;

describe('the one live connection', () => {
  it('listens to every registered event type once and hands each to the areas that registered it', () => {
    registerLiveHandlers('first', {
      events: { alpha: (data) => ({ type: 'first/alpha', payload: data }), shared: () => ({ type: 'first/shared' }) },
      resync: () => ({ type: 'first/resync' }),
    });
    registerLiveHandlers('second', {
      events: { shared: (data) => (data ? { type: 'second/shared', payload: data } : null) },
      ended: () => ({ type: 'second/ended' }),
    });
    expect(liveEventNames()).toEqual(['alpha', 'shared']);

    const put: UnknownAction[] = [];
    const channel = stdChannel();
    const run = runSaga as unknown as (options: object, saga: unknown, ...args: unknown[]) => Task;
    const task = run({ channel, dispatch: (a: UnknownAction) => put.push(a), getState: () => ({}) }, followStream, factory);
    const source = FakeSource.last!;
    expect(source.listened).toEqual(['alpha', 'shared', 'resync', 'end']);
    source.emit('alpha', '{"n":1}');
    source.emit('shared', 'not json');
    source.emit('shared', '{"n":2}');
    source.emit('resync', '');
    source.emit('end', '');
    expect(put).toEqual([
      { type: 'first/alpha', payload: { n: 1 } },
      { type: 'first/shared' },
      { type: 'first/shared' },
      { type: 'second/shared', payload: { n: 2 } },
      { type: 'first/resync' },
      { type: 'second/ended' },
    ]);
    expect(task.isRunning()).toBe(false);
    expect(source.closed).toBe(true);
  });

  it('the connection keeps its own event types', () => {
    expect(() => registerLiveHandlers('third', { events: { end: () => null } })).toThrow(/belongs to the connection/);
  });
});
