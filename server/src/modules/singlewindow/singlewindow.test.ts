/**
 * /api/singlewindow/* and the notifications it writes: reference lists, a student's orders (save,
 * list, cancel, a repeated save), the registrar's queue (move, reject, history), the certificate's
 * PDF and its public verification, with every refusal (docs/security.md#access).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, QueueOrder } from '../../../../contract/singlewindow';
import type { App } from '../../app';
import { swOrders, users } from '../../db/schema';
import { hashPassword } from '../../shared/credentials/password-hash';
import { appOn, createTestDatabase, session, signIn, type TestDatabase } from '../../test/helpers';

let db: TestDatabase;
let app: App;
type Who = { headers: Record<string, string>; user: { id: number; uid: number; role: 1 | 2 } };
let registrar: Who; // the demo teacher: registrar of his faculty
let student: Who;
let otherStudent: Who;
let plainTeacher: Who;

async function account(login: string, role: 1 | 2): Promise<Who> {
  const d = db.database.db;
  const [row] = await d
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, role), isNull(users.passwordHash), eq(users.mustUpdateCredentials, false)))
    .orderBy(users.id)
    .limit(1);
  const password = `${login}-Pass-2026`;
  await d
    .update(users)
    .set({ login, passwordHash: await hashPassword(password) })
    .where(eq(users.id, row.id));
  const { token, body } = await signIn(app, login, password);
  return { headers: { cookie: `lms_sid=${token}` }, user: body.data };
}

beforeAll(async () => {
  db = await createTestDatabase();
  app = await appOn(db);
  registrar = await session(app, 'teacher');
  student = await session(app, 'student');
  otherStudent = await account('sw-other', 2);
  plainTeacher = await account('sw-teacher', 1);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const post = (url: string, who: Who | null, payload: object = {}, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/singlewindow/${url}`, payload, headers: { ...(who?.headers ?? {}), ...headers } });

async function lists(who: Who) {
  const docs = (await post('doc', who)).json().data as { id: number; kind: string; name: string }[];
  const regions = (await post('region', who)).json().data as { id: number; name: string }[];
  const purposes = (await post('naznachenie', who)).json().data as { id: number; name: string }[];
  const districts = (await post('district', who, { id_region: regions[0].id })).json().data as { id: number; name: string }[];
  return { docs, regions, purposes, districts };
}

async function order(who: Who, headers: Record<string, string> = {}): Promise<Order> {
  const l = await lists(who);
  const res = await post(
    'ordersave',
    who,
    { id_doc: l.docs[0].id, id_region: l.regions[0].id, id_district: l.districts[0].id, id_naznachenie: l.purposes[0].id },
    headers,
  );
  expect(res.statusCode).toBe(200);
  return res.json().data.order;
}

describe('reference lists', () => {
  it('gives document types, the 7 regions and 2 cities, the districts of a region, purposes, in the caller’s language', async () => {
    const l = await lists(student);
    expect(l.docs.map((d) => d.kind)).toContain('study');
    expect(l.regions).toHaveLength(9);
    expect(l.regions.map((r) => r.name)).toContain('город Бишкек');
    expect(l.districts.map((d) => d.name)).toContain('Баткенский район');
    expect(l.purposes.length).toBeGreaterThan(3);
    const en = await app.inject({ method: 'POST', url: '/api/singlewindow/region', payload: {}, headers: { ...student.headers, 'accept-language': 'en' } });
    expect(en.json().data.map((r: { name: string }) => r.name)).toContain('Chuy Region');
  });

  it('every call but verify needs a session', async () => {
    for (const url of ['doc', 'region', 'naznachenie', 'orderlist', 'registrar/queue']) expect((await post(url, null)).statusCode).toBe(401);
  });
});

describe('a student’s orders', () => {
  it('saves an order with a success flag; the list shows it waiting with its history', async () => {
    const o = await order(student);
    expect(o).toMatchObject({ status: 1, canCancel: true, downloadable: false });
    expect(o.history).toHaveLength(1);
    const list = (await post('orderlist', student)).json().data as Order[];
    expect(list[0]).toMatchObject({ id: o.id, status: 1, region: 'Баткенская область', district: 'Баткенский район' });
  });

  it('refuses a district of another region, and an unknown document', async () => {
    const l = await lists(student);
    const res = await post('ordersave', student, {
      id_doc: l.docs[0].id,
      id_region: l.regions[1].id,
      id_district: l.districts[0].id,
      id_naznachenie: l.purposes[0].id,
    });
    expect(res.statusCode).toBe(400);
    const unknown = await post('ordersave', student, {
      id_doc: 99999,
      id_region: l.regions[0].id,
      id_district: l.districts[0].id,
      id_naznachenie: l.purposes[0].id,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('a repeated save with the same Idempotency-Key creates one order', async () => {
    const before = (await post('orderlist', student)).json().data.length;
    const key = { 'idempotency-key': 'sw-once-1' };
    const [a, b] = [await order(student, key), await order(student, key)];
    expect(a.id).toBe(b.id);
    expect((await post('orderlist', student)).json().data.length).toBe(before + 1);
  });

  it('a student sees only his own orders and cannot cancel another’s', async () => {
    const mine = await order(student);
    const theirs = (await post('orderlist', otherStudent)).json().data as Order[];
    expect(theirs.map((o) => o.id)).not.toContain(mine.id);
    expect((await post('ordercancel', otherStudent, { id: mine.id })).statusCode).toBe(404);
    expect((await db.database.db.select().from(swOrders).where(eq(swOrders.id, mine.id)))[0].status).toBe(1);
  });

  it('cancels a waiting order, not again', async () => {
    const o = await order(student);
    const res = await post('ordercancel', student, { id: o.id });
    expect(res.json().data).toMatchObject({ success: true, order: { status: 4, canCancel: false } });
    const again = await post('ordercancel', student, { id: o.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ORDER_NOT_WAITING');
  });

  it('a teacher has no orders of his own', async () => {
    expect((await post('orderlist', plainTeacher)).statusCode).toBe(403);
  });
});

describe('the registrar', () => {
  it('a student or a teacher without the flag may not call the registrar’s calls', async () => {
    const o = await order(student);
    for (const who of [student, plainTeacher]) {
      expect((await post('registrar/queue', who)).statusCode).toBe(403);
      expect((await post('registrar/move', who, { id: o.id, status: 2 })).statusCode).toBe(403);
      expect((await post('registrar/reject', who, { id: o.id, reason: 'no' })).statusCode).toBe(403);
    }
    expect((await post('access', student)).json().data).toEqual({ registrar: false });
    expect((await post('access', registrar)).json().data).toEqual({ registrar: true });
  });

  it('moves an order waiting → preparing → prepared, kept in its history and notified; a prepared order cannot be canceled', async () => {
    const o = await order(student);
    const queue = (await post('registrar/queue', registrar)).json().data as QueueOrder[];
    expect(queue.find((q) => q.id === o.id)).toMatchObject({ status: 1, student: expect.any(String), group: expect.any(String) });
    expect((await post('registrar/move', registrar, { id: o.id, status: 3 })).statusCode).toBe(409); // not from waiting
    expect((await post('registrar/move', registrar, { id: o.id, status: 2 })).json().data.order.status).toBe(2);
    expect((await post('ordercancel', student, { id: o.id })).statusCode).toBe(409);
    expect((await post('registrar/move', registrar, { id: o.id, status: 3 })).json().data.order.status).toBe(3);
    const late = await post('ordercancel', student, { id: o.id });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('ORDER_NOT_WAITING');
    const mine = ((await post('orderlist', student)).json().data as Order[]).find((x) => x.id === o.id)!;
    expect(mine.history.map((h) => h.status)).toEqual([1, 2, 3]);
    expect(mine.downloadable).toBe(true);
    const notes = (await app.inject({ method: 'POST', url: '/api/notifications/list.json', payload: { page: 1 }, headers: student.headers })).json().data;
    expect(notes.items[0]).toMatchObject({ kind: 'order.status', link: '/singlewindow', read: false, params: { id: o.id, status: 3 } });
    expect(notes.unread).toBeGreaterThanOrEqual(2);
  });

  it('rejects with a reason, which the student sees', async () => {
    const o = await order(student);
    expect((await post('registrar/reject', registrar, { id: o.id, reason: '   ' })).statusCode).toBe(400);
    expect((await post('registrar/reject', registrar, { id: o.id, reason: 'Нет печати деканата' })).json().data.order).toMatchObject({
      status: 4,
      reason: 'Нет печати деканата',
    });
    const mine = ((await post('orderlist', student)).json().data as Order[]).find((x) => x.id === o.id)!;
    expect(mine.history.at(-1)).toMatchObject({ status: 4, reason: 'Нет печати деканата' });
  });
});

describe('the certificate', () => {
  it('downloads a prepared certificate of study as a PDF to its student only; its QR token verifies publicly', async () => {
    const o = await order(student);
    const file = () => app.inject({ method: 'GET', url: `/api/singlewindow/certificate.file?id=${o.id}`, headers: student.headers });
    expect((await file()).statusCode).toBe(409); // not prepared yet
    await post('registrar/move', registrar, { id: o.id, status: 2 });
    await post('registrar/move', registrar, { id: o.id, status: 3 });
    const res = await file();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await app.inject({ method: 'GET', url: `/api/singlewindow/certificate.file?id=${o.id}`, headers: otherStudent.headers })).statusCode).toBe(404);
    const bad = await app.inject({ method: 'GET', url: '/api/singlewindow/verify?token=not-a-real-token' });
    expect(bad.json().data.valid).toBe(false);
  });
});
