/**
 * The single window's part of the live stream (plugins/live.ts): a changed order reaches its
 * student and the registrars of its faculty as `order` (LiveOrder of contract/singlewindow.ts);
 * their screens reload the list.
 */
import type { AppContext } from '../../context';
import type { LiveArea, LiveEvent, StreamEvent } from '../../plugins/live';
import { ORDER_EVENT } from './singlewindow.service';

export function singlewindowStreamEvent(e: LiveEvent): StreamEvent | null {
  return e.event === ORDER_EVENT ? { event: 'order', data: e.data } : null;
}

export function singlewindowLive(_ctx: AppContext): LiveArea {
  return { map: singlewindowStreamEvent };
}
