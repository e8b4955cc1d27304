/** A page of notifications marks read what it showed, not the older ones a later page would show. */
import { describe, expect, it } from 'vitest';
import type { Notification } from '@contract/notifications';
import { recordSaga } from '../../test/saga';
import { http, ok, recordRequests, server } from '../../test/server';
import { pageSaga, shownReadSaga } from './notifications.saga';
import { notificationsActions as a } from './notifications.slice';

const note = (id: number, read = false): Notification => ({
  id,
  kind: 'order.status',
  params: { id, status: 2 },
  link: `/singlewindow?order=${id}`,
  createdAt: '2026-11-26T10:00:00Z',
  read,
});

describe('notifications sagas', () => {
  it('a loaded page asks to mark its own unread ones read, nothing else', async () => {
    const reply = { items: [note(30), note(29, true), note(28)], more: true, unread: 40 };
    server.use(http.post('/api/notifications/list.json', () => ok(reply)));
    const actions = await recordSaga(pageSaga, {}, a.pageRequested({ page: 1 }));
    expect(actions).toEqual([a.pageSucceeded({ page: 1, reply }), a.shownRead({ ids: [30, 28] })]);
  });

  it('a page with nothing unread marks nothing', async () => {
    server.use(http.post('/api/notifications/list.json', () => ok({ items: [note(3, true)], more: false, unread: 2 })));
    const actions = await recordSaga(pageSaga, {}, a.pageRequested({ page: 2 }));
    expect(actions.map((x) => x.type)).toEqual([a.pageSucceeded.type]);
  });

  it('marking the shown ones sends their ids and keeps the unread count the server gives', async () => {
    const log = recordRequests();
    server.use(http.post('/api/notifications/readmany.json', () => ok({ unread: 10 })));
    const actions = await recordSaga(shownReadSaga, {}, a.shownRead({ ids: [30, 28] }));
    log.stop();
    expect(log.requests.map((r) => [r.path, r.body])).toEqual([['/api/notifications/readmany.json', { ids: [30, 28] }]]);
    expect(actions).toEqual([a.countSucceeded({ unread: 10 })]);
  });
});
