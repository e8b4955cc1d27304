/** /api/notifications/*: the list, the unread count, marking one or all read, only the caller's own; `notify` writes rows atomically with its write. */
import { describe, expect, it } from 'vitest';
import { notify } from '../../shared/notifications';
import { type TestSession } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';

const fx = useTestApp();

const call = (url: string, who: TestSession | null, payload?: object) =>
  fx.app.inject({ method: payload ? 'POST' : 'GET', url: `/api/notifications/${url}`, payload, headers: who?.headers ?? {} });
async function send(userId: number, n: number) {
  for (let i = 0; i < n; i++)
    await fx.db.database.db.transaction(async (tx) =>
      notify(tx, appLive(), { userIds: [userId], kind: 'order.status', params: { id: 100 + i, status: 2 }, link: `/singlewindow?order=${100 + i}` }),
    );
}
const appLive = () => fx.app.ctx.live;

describe('notifications', () => {
  it('need a session', async () => {
    expect((await call('count.json', null)).statusCode).toBe(401);
    expect((await call('list.json', null, { page: 1 })).statusCode).toBe(401);
  });

  it('lists the caller’s own, newest first, pages of 20, with the unread count; marks one and all read', async () => {
    await send(fx.student.user.id, 22);
    await send(fx.teacher.user.id, 1);
    const page1 = (await call('list.json', fx.student, { page: 1 })).json().data;
    expect(page1.items).toHaveLength(20);
    expect(page1.more).toBe(true);
    expect(page1.unread).toBe(22);
    expect(page1.items[0]).toMatchObject({ kind: 'order.status', params: { id: 121, status: 2 }, link: '/singlewindow?order=121', read: false });
    const page2 = (await call('list.json', fx.student, { page: 2 })).json().data;
    expect(page2.items).toHaveLength(2);
    expect(page2.more).toBe(false);
    expect((await call('read.json', fx.student, { id: page1.items[0].id })).json().data).toEqual({ unread: 21 });
    // Another's notification is not found and stays unread.
    const theirs = (await call('list.json', fx.teacher, { page: 1 })).json().data.items[0];
    expect((await call('read.json', fx.student, { id: theirs.id })).statusCode).toBe(404);
    expect((await call('count.json', fx.teacher)).json().data).toEqual({ unread: 1 });
    expect((await call('readall.json', fx.student, {})).json().data).toEqual({ unread: 0 });
    expect((await call('count.json', fx.student)).json().data).toEqual({ unread: 0 });
  });

  it('marks read only those a page showed: the older ones on the next page stay unread', async () => {
    await call('readall.json', fx.student, {});
    await send(fx.student.user.id, 25);
    const page1 = (await call('list.json', fx.student, { page: 1 })).json().data;
    expect(page1.unread).toBe(25);
    const shown = page1.items.map((n: { id: number }) => n.id);
    expect((await call('readmany.json', fx.student, { ids: shown })).json().data).toEqual({ unread: 5 });
    const page2 = (await call('list.json', fx.student, { page: 2 })).json().data;
    expect(page2.items.filter((n: { read: boolean }) => !n.read)).toHaveLength(5);
    // Another's ids change nothing of theirs; an empty or oversized list is refused.
    const theirs = (await call('list.json', fx.teacher, { page: 1 })).json().data.items.map((n: { id: number }) => n.id);
    const theirUnread = (await call('count.json', fx.teacher)).json().data.unread;
    expect((await call('readmany.json', fx.student, { ids: theirs })).json().data).toEqual({ unread: 5 });
    expect((await call('count.json', fx.teacher)).json().data.unread).toBe(theirUnread);
    expect((await call('readmany.json', fx.student, { ids: [] })).statusCode).toBe(400);
    expect((await call('readmany.json', fx.student, { ids: Array.from({ length: 21 }, (_, i) => i + 1) })).statusCode).toBe(400);
  });

  it('a QR mark waiting for review opens the review list', async () => {
    await fx.db.database.db.transaction(async (tx) =>
      notify(tx, appLive(), { userIds: [fx.teacher.user.id], kind: 'qr.review', params: { student: 'Асанов' }, link: '/qrlesson' }),
    );
    expect((await call('list.json', fx.teacher, { page: 1 })).json().data.items[0]).toMatchObject({ kind: 'qr.review', link: '/qrreview' });
  });

  it('a rolled-back write leaves no notification', async () => {
    const before = (await call('count.json', fx.teacher)).json().data.unread;
    await expect(
      fx.db.database.db.transaction(async (tx) => {
        await notify(tx, appLive(), { userIds: [fx.teacher.user.id], kind: 'qr.review', params: {}, link: '/qrreview' });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect((await call('count.json', fx.teacher)).json().data.unread).toBe(before);
  });
});
