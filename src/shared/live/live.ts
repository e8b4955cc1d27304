/**
 * What an area adds to the one live connection (live.saga.ts): the event types it handles and the
 * actions they become. An area exports its handlers as `live` from its <area>.area.ts;
 * app/loadAreas.ts registers them from the area manifest before the connection starts. A new area adds event types
 * here, never a stream of its own.
 */
import type { Action } from '@reduxjs/toolkit';

export type LiveStatus = 'off' | 'connecting' | 'open' | 'polling';

export interface LiveHandlers {
  /**
   * Event type → the action to put for its data (null when the data did not parse); a handler that
   * returns null puts nothing.
   */
  events: Record<string, (data: unknown) => Action | null>;
  /** The connection's state changed (connecting, open, polling, off). */
  status?: (status: LiveStatus) => Action;
  /** Events may have been missed (the stream's `resync`): reload what the area shows. */
  resync?: () => Action;
  /** The stream said the session is over: a call whose 401 ends the session everywhere. */
  ended?: () => Action;
  /** While the stream is unavailable, every POLL_MS: what to ask the server instead. */
  poll?: () => Generator;
}

/** Event types the connection itself handles; areas may not claim them. */
export const STREAM_EVENTS = ['resync', 'end'] as const;

const registry = new Map<string, LiveHandlers>();

/** Registers (or replaces) an area's handlers. */
export function registerLiveHandlers(area: string, handlers: LiveHandlers): void {
  for (const name of Object.keys(handlers.events))
    if ((STREAM_EVENTS as readonly string[]).includes(name)) throw new Error(`Live event '${name}' belongs to the connection, not to area '${area}'.`);
  registry.set(area, handlers);
}

/** The registered handlers, in registration order. */
export const liveHandlers = (): LiveHandlers[] => [...registry.values()];

/** Every area event type that is registered. */
export const liveEventNames = (): string[] => [...new Set(liveHandlers().flatMap((h) => Object.keys(h.events)))];
