import { useCallback, useLayoutEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { chatActions, selectChat } from '../chat.slice';

/** Pixels from the top of the list at which older messages load. */
const LOAD_OLDER_AT = 80;
/** "Near the bottom": new messages keep the list scrolled to the end. */
const STICK_TO_END = 120;

/**
 * The scrolling of the open conversation's list: the first page shows the first unread message (or
 * the end); older pages keep the view where it was; new messages scroll to the end when the end was
 * in view or they are one's own; older and newer pages load at the list's ends.
 */
export function useConversationScroll() {
  const dispatch = useAppDispatch();
  const { activeContact: contact, messages, conversation, existsNextOld, existsNextNew, loadingOld, loadingNew, unreadStart } = useAppSelector(selectChat);
  const listRef = useRef<HTMLDivElement>(null);
  const first = messages[0]?.id_message;
  const last = messages.at(-1);
  const previous = useRef<{ first?: number; lastId?: number; height: number; nearEnd: boolean; contact: unknown; loaded: boolean }>({
    height: 0,
    nearEnd: true,
    contact: null,
    loaded: false,
  });
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const prev = previous.current;
    const freshConversation = prev.contact !== contact || (!prev.loaded && !conversation.fetching);
    if (conversation.fetching) {
      previous.current = { ...prev, contact, loaded: false };
      return;
    }
    if (freshConversation) {
      const marker = unreadStart !== null ? el.querySelector<HTMLElement>('[data-unread-marker]') : null;
      if (marker) el.scrollTop = Math.max(0, marker.offsetTop - 48);
      else el.scrollTop = el.scrollHeight;
    } else if (prev.first !== undefined && first !== undefined && first < prev.first) {
      el.scrollTop += el.scrollHeight - prev.height; // older ones were put before
    } else if (last && last.id_message !== prev.lastId && (prev.nearEnd || last.ismine)) {
      el.scrollTop = el.scrollHeight;
    }
    previous.current = {
      first,
      lastId: last?.id_message,
      height: el.scrollHeight,
      nearEnd: el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_END,
      contact,
      loaded: true,
    };
  }, [contact, conversation.fetching, first, last, unreadStart, messages.length]);

  // A photo gets its height only when it has loaded: keep the end in view when it was in view
  // (load does not bubble, so it is caught on its way down).
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const onLoad = (e: Event) => {
      if (!(e.target instanceof HTMLImageElement) || !previous.current.nearEnd) return;
      el.scrollTop = el.scrollHeight;
      previous.current.height = el.scrollHeight;
    };
    el.addEventListener('load', onLoad, true);
    return () => el.removeEventListener('load', onLoad, true);
  }, [contact]);

  const onScroll = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    previous.current.nearEnd = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_END;
    if (el.scrollTop < LOAD_OLDER_AT && existsNextOld && !loadingOld && !conversation.fetching && messages.length > 0) dispatch(chatActions.olderRequested());
    if (previous.current.nearEnd && existsNextNew && !loadingNew && !conversation.fetching) dispatch(chatActions.newerRequested());
  }, [dispatch, existsNextOld, existsNextNew, loadingOld, loadingNew, conversation.fetching, messages.length]);

  return { listRef, onScroll };
}
