/** /api/notifications/*: the list, the unread count, marking one or all read, only the caller's own; `notify` writes rows atomically with its write. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { notify } from '../../shared/notifications';
import { signedInApp, type TestDatabase, type TestSession } from '../../test/helpers';

let db: TestDatabase;
let app: App;
let teacher: TestSession;
let student: TestSession;

beforeAll(async () => {
  ({ db, app, teacher, student } = await signedInApp());
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const call = (url: string, who: TestSession | null, payload?: object) =>
  app.inject({ method: payload ? 'POST' : 'GET', url: `/api/notifications/${url}`, payload, headers: who?.headers ?? {} });
async function send(userId: number, n: number) {
  for (let i = 0; i < n; i++)
    await db.database.db.transaction(async (tx) =>
      notify(tx, appLive(), { userIds: [userId], kind: 'chat.reply', params: { from: `Sender ${i}` }, link: '/chat' }),
    );
}
const appLive = () => app.ctx.live;

describe('notifications', () => {
  it('need a session', async () => {
    expect((await call('count.json', null)).statusCode).toBe(401);
    expect((await call('list.json', null, { page: 1 })).statusCode).toBe(401);
  });

  it('lists the caller’s own, newest first, pages of 20, with the unread count; marks one and all read', async () => {
    await send(student.user.id, 22);
    await send(teacher.user.id, 1);
    const page1 = (await call('list.json', student, { page: 1 })).json().data;
    expect(page1.items).toHaveLength(20);
    expect(page1.more).toBe(true);
    expect(page1.unread).toBe(22);
    expect(page1.items[0]).toMatchObject({ kind: 'chat.reply', params: { from: 'Sender 21' }, link: '/chat', read: false });
    const page2 = (await call('list.json', student, { page: 2 })).json().data;
    expect(page2.items).toHaveLength(2);
    expect(page2.more).toBe(false);
    expect((await call('read.json', student, { id: page1.items[0].id })).json().data).toEqual({ unread: 21 });
    // Another's notification is not found and stays unread.
    const theirs = (await call('list.json', teacher, { page: 1 })).json().data.items[0];
    expect((await call('read.json', student, { id: theirs.id })).statusCode).toBe(404);
    expect((await call('count.json', teacher)).json().data).toEqual({ unread: 1 });
    expect((await call('readall.json', student, {})).json().data).toEqual({ unread: 0 });
    expect((await call('count.json', student)).json().data).toEqual({ unread: 0 });
  });

  it('a rolled-back write leaves no notification', async () => {
    const before = (await call('count.json', teacher)).json().data.unread;
    await expect(
      db.database.db.transaction(async (tx) => {
        await notify(tx, appLive(), { userIds: [teacher.user.id], kind: 'qr.review', params: {}, link: '/qrlesson' });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect((await call('count.json', teacher)).json().data.unread).toBe(before);
  });
});
