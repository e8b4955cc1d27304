/**
 * The journal's part of the live stream (plugins/live.ts): a change of a journal's cells (or its
 * lessons) goes to its teacher's streams as `journal` (contract/visitlog.ts, LiveJournalChange), or
 * as `resync` when it was too large to travel.
 */
import { JOURNAL_LIVE_EVENT } from '../../../../contract/visitlog';
import type { LiveArea, LiveEvent, StreamEvent } from '../../plugins/live';
import { VISITLOG_EVENTS } from './visitlog.service';

export function visitlogStreamEvent(e: LiveEvent): StreamEvent | null {
  if (e.event !== VISITLOG_EVENTS.changed) return null;
  return e.data ? { event: JOURNAL_LIVE_EVENT, data: e.data } : { event: 'resync', data: {} };
}

export function visitlogLive(): LiveArea {
  return { map: visitlogStreamEvent };
}
