/** The bell's count and the list: a live notification counts and joins the top of a loaded list once. */
import { describe, expect, it } from 'vitest';
import type { Notification } from '@contract/notifications';
import { initialNotificationsState, notificationsActions as a, notificationsReducer as reduce } from './notifications.slice';

const note = (id: number, read = false): Notification => ({
  id,
  kind: 'order.status',
  params: { id: 5, status: 3 },
  link: '/singlewindow',
  createdAt: '2026-11-26T10:00:00Z',
  read,
});

describe('notifications slice', () => {
  it('a live one sets the unread count; the list, once loaded, shows it on top once', () => {
    let s = reduce(initialNotificationsState, a.liveReceived({ notification: note(1), unread: 1 }));
    expect(s.unread).toBe(1);
    expect(s.list.data).toEqual([]); // the list is not loaded: nothing to add to
    s = reduce(s, a.pageRequested({ page: 1 }));
    s = reduce(s, a.pageSucceeded({ page: 1, reply: { items: [note(1)], more: false, unread: 1 } }));
    s = reduce(s, a.liveReceived({ notification: note(2), unread: 2 }));
    s = reduce(s, a.liveReceived({ notification: note(2), unread: 2 }));
    expect(s.list.data.map((n) => n.id)).toEqual([2, 1]);
    expect(s.unread).toBe(2);
  });

  it('a later page appends and says whether more follow', () => {
    let s = reduce(initialNotificationsState, a.pageSucceeded({ page: 1, reply: { items: [note(3), note(2)], more: true, unread: 0 } }));
    expect(s.list.hasMore).toBe(true);
    s = reduce(s, a.pageSucceeded({ page: 2, reply: { items: [note(1, true)], more: false, unread: 0 } }));
    expect(s.list.data.map((n) => n.id)).toEqual([3, 2, 1]);
    expect(s.list.hasMore).toBe(false);
  });
});
