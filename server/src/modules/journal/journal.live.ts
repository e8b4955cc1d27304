/**
 * The journal's part of the live stream (plugins/live.ts): a change of a journal's cells (or its
 * lessons) goes to its teacher's streams as `journal` (contract/journal.ts, LiveJournalChange), or
 * as `resync` when it was too large to travel.
 */
import { JOURNAL_LIVE_EVENT } from '@contract/journal';
import type { LiveArea, LiveEvent, StreamEvent } from '../../plugins/live';
import { JOURNAL_EVENTS } from './journal.service';

export function journalStreamEvent(e: LiveEvent): StreamEvent | null {
  if (e.event !== JOURNAL_EVENTS.changed) return null;
  return e.data ? { event: JOURNAL_LIVE_EVENT, data: e.data } : { event: 'resync', data: {} };
}

export function journalLive(): LiveArea {
  return { map: journalStreamEvent };
}
