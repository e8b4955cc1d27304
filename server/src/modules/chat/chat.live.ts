/**
 * The chat's part of the live stream (plugins/live.ts): its bus events as each recipient's stream
 * sends them (`message`, `deleted`, `counts`, `read`, or `resync` when an event was too large to
 * travel), and the unread counts a stream starts with. Wire format: contract/chat.ts.
 */
import type { AppContext } from '../../context';
import type { LiveArea, LiveEvent, StreamEvent } from '../../plugins/live';
import type { AuthInfo } from '../../shared/caller';
import { CHAT_EVENTS, ChatService, type DeletedEventData, type MessageEventData, type ReadEventData } from './chat.service';

/** A bus event as the stream of account `me` sends it (null: nothing for him). */
export function chatStreamEvent(e: LiveEvent, me: number): StreamEvent | null {
  switch (e.event) {
    case CHAT_EVENTS.message: {
      const d = e.data as MessageEventData | null;
      if (!d) return { event: 'message', data: null };
      const conversation = d.refs?.[me] ?? d.ref;
      if (!conversation) return null;
      return { event: 'message', data: { conversation, message: { ...d.message, ismine: d.senderUserId === me } } };
    }
    case CHAT_EVENTS.deleted: {
      const d = e.data as DeletedEventData | null;
      if (!d) return { event: 'resync', data: {} };
      const conversation = d.refs?.[me] ?? d.ref;
      return conversation ? { event: 'deleted', data: { conversation, id_message: d.id_message } } : { event: 'resync', data: {} };
    }
    case CHAT_EVENTS.counts:
      return e.data ? { event: 'counts', data: e.data } : { event: 'resync', data: {} };
    case CHAT_EVENTS.read: {
      const d = e.data as ReadEventData | null;
      return d
        ? { event: 'read', data: { conversation: d.ref, ...(d.ids ? { ids: d.ids } : {}), ...(d.upTo !== undefined ? { upTo: d.upTo } : {}) } }
        : { event: 'resync', data: {} };
    }
    default:
      return null;
  }
}

export function chatLive(ctx: AppContext): LiveArea {
  const chat = new ChatService(ctx);
  return {
    map: chatStreamEvent,
    opening: async (auth: AuthInfo) => [{ event: 'counts', data: await chat.counts(auth) }],
  };
}
