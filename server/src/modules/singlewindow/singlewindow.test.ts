/**
 * /api/singlewindow/* and the notifications it writes: reference lists, a student's orders (save,
 * list, cancel, a repeated save), the registrar's queue (move, reject, history), the certificate's
 * PDF and its public verification, with every refusal (docs/security.md#access).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, QueueOrder } from '@contract/singlewindow';
import { swOrders } from '../../db/schema';
import { appOn, session } from '../../test/helpers';
import { expectTaggedArchivable } from '../../test/pdf-checks';
import { useTestApp } from '../../test/fixture';

type Who = { headers: Record<string, string>; user: { id: number; uid: number; role: 1 | 2 } };
let otherStudent: Who;
let plainTeacher: Who;

const account = (login: string, role: 1 | 2): Promise<Who> => fx.signInUnused(login, role);

// fx.teacher, the demo teacher, is the registrar of his faculty.
const fx = useTestApp({ env: { PUBLIC_URL: 'https://lms.example.edu' } });
beforeAll(async () => {
  otherStudent = await account('sw-other', 2);
  plainTeacher = await account('sw-teacher', 1);
});

const me = async (who: Who) =>
  (await fx.app.inject({ method: 'POST', url: '/api/auth/enticate.json', payload: { token: 'x' }, headers: who.headers })).json().data as { fullName: string };

const post = (url: string, who: Who | null, payload: object = {}, headers: Record<string, string> = {}) =>
  fx.app.inject({ method: 'POST', url: `/api/singlewindow/${url}`, payload, headers: { ...(who?.headers ?? {}), ...headers } });

async function lists(who: Who) {
  const docs = (await post('doc', who)).json().data as { id: number; kind: string; name: string }[];
  const regions = (await post('region', who)).json().data as { id: number; name: string }[];
  const purposes = (await post('naznachenie', who)).json().data as { id: number; name: string }[];
  const districts = (await post('district', who, { id_region: regions[0].id })).json().data as { id: number; name: string }[];
  return { docs, regions, purposes, districts };
}

async function order(who: Who, headers: Record<string, string> = {}, kind = 'study'): Promise<Order> {
  const l = await lists(who);
  const res = await post(
    'ordersave',
    who,
    { id_doc: l.docs.find((d) => d.kind === kind)!.id, id_region: l.regions[0].id, id_district: l.districts[0].id, id_naznachenie: l.purposes[0].id },
    headers,
  );
  expect(res.statusCode).toBe(200);
  return res.json().data.order;
}

describe('reference lists', () => {
  it('gives document types, the 7 regions and 2 cities, the districts of a region, purposes, in the caller’s language', async () => {
    const l = await lists(fx.student);
    expect(l.docs.map((d) => d.kind)).toContain('study');
    expect(l.regions).toHaveLength(9);
    expect(l.regions.map((r) => r.name)).toContain('город Бишкек');
    expect(l.districts.map((d) => d.name)).toContain('Баткенский район');
    expect(l.purposes.length).toBeGreaterThan(3);
    const en = await fx.app.inject({
      method: 'POST',
      url: '/api/singlewindow/region',
      payload: {},
      headers: { ...fx.student.headers, 'accept-language': 'en' },
    });
    expect(en.json().data.map((r: { name: string }) => r.name)).toContain('Chuy Region');
  });

  it('?lang= chooses the language of an error reply, over the cookie and Accept-Language (docs/api.md)', async () => {
    const refused = await post('registrar/queue?lang=en', fx.student, {}, { cookie: `${fx.student.headers.cookie}; lang=ru`, 'accept-language': 'ru' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'Access denied' });
    const kg = await post('registrar/queue?lang=kg', fx.student);
    expect(kg.json().error.message).toBe('Кирүүгө уруксат жок');
    // Refused before any route: the same.
    const unknown = await fx.app.inject({ method: 'GET', url: '/api/singlewindow/nothing-here?lang=en' });
    expect(unknown.json().error.message).toBe('Not found');
    // Without it: the cookie.
    expect((await post('registrar/queue', fx.student, {}, { cookie: `${fx.student.headers.cookie}; lang=en` })).json().error.message).toBe('Access denied');
  });

  it('every call but verify needs a session', async () => {
    for (const url of ['doc', 'region', 'naznachenie', 'orderlist', 'registrar/queue']) expect((await post(url, null)).statusCode).toBe(401);
  });
});

describe('a student’s orders', () => {
  it('saves an order with a success flag; the list shows it waiting with its history', async () => {
    const o = await order(fx.student);
    expect(o).toMatchObject({ status: 1, canCancel: true, downloadable: false });
    expect(o.history).toHaveLength(1);
    const list = (await post('orderlist', fx.student)).json().data as Order[];
    expect(list[0]).toMatchObject({ id: o.id, status: 1, region: 'Баткенская область', district: 'Баткенский район' });
  });

  it('refuses a district of another region, and an unknown document', async () => {
    const l = await lists(fx.student);
    const res = await post('ordersave', fx.student, {
      id_doc: l.docs[0].id,
      id_region: l.regions[1].id,
      id_district: l.districts[0].id,
      id_naznachenie: l.purposes[0].id,
    });
    expect(res.statusCode).toBe(400);
    const unknown = await post('ordersave', fx.student, {
      id_doc: 99999,
      id_region: l.regions[0].id,
      id_district: l.districts[0].id,
      id_naznachenie: l.purposes[0].id,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('a repeated save with the same Idempotency-Key creates one order', async () => {
    const before = (await post('orderlist', fx.student)).json().data.length;
    const key = { 'idempotency-key': 'sw-once-1' };
    const [a, b] = [await order(fx.student, key), await order(fx.student, key)];
    expect(a.id).toBe(b.id);
    expect((await post('orderlist', fx.student)).json().data.length).toBe(before + 1);
  });

  it('a student sees only his own orders and cannot cancel another’s', async () => {
    const mine = await order(fx.student);
    const theirs = (await post('orderlist', otherStudent)).json().data as Order[];
    expect(theirs.map((o) => o.id)).not.toContain(mine.id);
    expect((await post('ordercancel', otherStudent, { id: mine.id })).statusCode).toBe(404);
    expect((await fx.db.database.db.select().from(swOrders).where(eq(swOrders.id, mine.id)))[0].status).toBe(1);
  });

  it('cancels a waiting order, not again', async () => {
    const o = await order(fx.student);
    const res = await post('ordercancel', fx.student, { id: o.id });
    expect(res.json().data).toMatchObject({ success: true, order: { status: 4, canCancel: false } });
    const again = await post('ordercancel', fx.student, { id: o.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ORDER_NOT_WAITING');
  });

  it('a teacher has no orders of his own', async () => {
    expect((await post('orderlist', plainTeacher)).statusCode).toBe(403);
  });
});

describe('the registrar', () => {
  it('a student or a teacher without the flag may not call the registrar’s calls', async () => {
    const o = await order(fx.student);
    for (const who of [fx.student, plainTeacher]) {
      expect((await post('registrar/queue', who)).statusCode).toBe(403);
      expect((await post('registrar/move', who, { id: o.id, status: 2 })).statusCode).toBe(403);
      expect((await post('registrar/reject', who, { id: o.id, reason: 'no' })).statusCode).toBe(403);
    }
    expect((await post('access', fx.student)).json().data).toEqual({ registrar: false });
    expect((await post('access', fx.teacher)).json().data).toEqual({ registrar: true });
  });

  it('moves an order waiting → preparing → prepared, kept in its history and notified; a prepared order cannot be canceled', async () => {
    const o = await order(fx.student);
    const queue = (await post('registrar/queue', fx.teacher)).json().data as QueueOrder[];
    expect(queue.find((q) => q.id === o.id)).toMatchObject({
      status: 1,
      student: expect.any(String),
      group: expect.any(String),
      region: o.region,
      district: o.district,
    });
    expect((await post('registrar/move', fx.teacher, { id: o.id, status: 3 })).statusCode).toBe(409); // not from waiting
    expect((await post('registrar/move', fx.teacher, { id: o.id, status: 2, comment: '  Будет готова завтра  ' })).json().data.order.status).toBe(2);
    expect((await post('ordercancel', fx.student, { id: o.id })).statusCode).toBe(409);
    expect((await post('registrar/move', fx.teacher, { id: o.id, status: 3 })).json().data.order.status).toBe(3);
    const late = await post('ordercancel', fx.student, { id: o.id });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('ORDER_NOT_WAITING');
    const mine = ((await post('orderlist', fx.student)).json().data as Order[]).find((x) => x.id === o.id)!;
    expect(mine.history.map((h) => h.status)).toEqual([1, 2, 3]);
    // Who did what: the student ordered, the registrar moved it, with his comment.
    const [studentName, registrarName] = [(await me(fx.student)).fullName, (await me(fx.teacher)).fullName];
    expect(mine.history.map((h) => [h.status, h.by, h.reason])).toEqual([
      [1, studentName, null],
      [2, registrarName, 'Будет готова завтра'],
      [3, registrarName, null],
    ]);
    expect(mine).toMatchObject({ downloadable: true, paper: false, pickup: null });
    const notes = (await fx.app.inject({ method: 'POST', url: '/api/notifications/list.json', payload: { page: 1 }, headers: fx.student.headers })).json().data;
    // The notification opens the order itself.
    expect(notes.items[0]).toMatchObject({ kind: 'order.status', link: `/singlewindow?order=${o.id}`, read: false, params: { id: o.id, status: 3 } });
    expect(notes.items[1]).toMatchObject({ params: { id: o.id, status: 2, note: 'Будет готова завтра' } });
    expect(notes.unread).toBeGreaterThanOrEqual(2);
  });

  it('rejects with a reason, which the student sees', async () => {
    const o = await order(fx.student);
    expect((await post('registrar/reject', fx.teacher, { id: o.id, reason: '   ' })).statusCode).toBe(400);
    expect((await post('registrar/reject', fx.teacher, { id: o.id, reason: 'Нет печати деканата' })).json().data.order).toMatchObject({
      status: 4,
      reason: 'Нет печати деканата',
    });
    const mine = ((await post('orderlist', fx.student)).json().data as Order[]).find((x) => x.id === o.id)!;
    expect(mine.history.at(-1)).toMatchObject({ status: 4, reason: 'Нет печати деканата', by: (await me(fx.teacher)).fullName });
    // The rejection's notification carries its reason.
    const notes = (await fx.app.inject({ method: 'POST', url: '/api/notifications/list.json', payload: { page: 1 }, headers: fx.student.headers })).json().data;
    expect(notes.items[0]).toMatchObject({ params: { id: o.id, status: 4, note: 'Нет печати деканата' } });
  });

  it('a paper document is prepared only with where to collect it, which its student sees; it has no PDF', async () => {
    const o = await order(fx.student, {}, 'academic');
    expect(o).toMatchObject({ paper: true, downloadable: false, pickup: null });
    await post('registrar/move', fx.teacher, { id: o.id, status: 2 });
    const bare = await post('registrar/move', fx.teacher, { id: o.id, status: 3, comment: '  ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.params).toEqual({ field: 'comment' });
    const ready = await post('registrar/move', fx.teacher, { id: o.id, status: 3, comment: 'Деканат ФИТ, каб. 204, пн–пт 9:00–17:00' });
    expect(ready.json().data.order).toMatchObject({ status: 3, pickup: 'Деканат ФИТ, каб. 204, пн–пт 9:00–17:00' });
    const mine = ((await post('orderlist', fx.student)).json().data as Order[]).find((x) => x.id === o.id)!;
    expect(mine).toMatchObject({ status: 3, paper: true, downloadable: false, pickup: 'Деканат ФИТ, каб. 204, пн–пт 9:00–17:00' });
    expect((await fx.app.inject({ method: 'GET', url: `/api/singlewindow/certificate.file?id=${o.id}`, headers: fx.student.headers })).statusCode).toBe(409);
  });

  it('the certificates for the military office and the Social Fund are PDFs too', async () => {
    for (const kind of ['military', 'social']) {
      const o = await order(fx.student, {}, kind);
      expect(o.paper).toBe(false);
      await post('registrar/move', fx.teacher, { id: o.id, status: 2 });
      expect((await post('registrar/move', fx.teacher, { id: o.id, status: 3 })).json().data.order.downloadable).toBe(true);
      const res = await fx.app.inject({ method: 'GET', url: `/api/singlewindow/certificate.file?id=${o.id}`, headers: fx.student.headers });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});

describe('the certificate', () => {
  it('downloads a prepared certificate of study as a PDF to its student only; its QR token verifies publicly', async () => {
    const o = await order(fx.student);
    const file = () => fx.app.inject({ method: 'GET', url: `/api/singlewindow/certificate.file?id=${o.id}`, headers: fx.student.headers });
    expect((await file()).statusCode).toBe(409); // not prepared yet
    await post('registrar/move', fx.teacher, { id: o.id, status: 2 });
    await post('registrar/move', fx.teacher, { id: o.id, status: 3 });
    const res = await file();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await fx.app.inject({ method: 'GET', url: `/api/singlewindow/certificate.file?id=${o.id}`, headers: otherStudent.headers })).statusCode).toBe(404);
    // Without PUBLIC_URL the portal issues no document whose QR code would point nowhere.
    const bare = await appOn(fx.db);
    try {
      const who = await session(bare, 'student');
      const refused = await bare.inject({ method: 'GET', url: `/api/singlewindow/certificate.file?id=${o.id}`, headers: who.headers });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.code).toBe('DOCUMENTS_UNAVAILABLE');
    } finally {
      await bare.close();
    }
    const bad = await fx.app.inject({ method: 'GET', url: '/api/singlewindow/verify?token=not-a-real-token' });
    expect(bad.json().data).toMatchObject({ valid: false, problem: null });
    expect(bad.json().data.valid).toBe(false);
  });

  it('is tagged for screen readers (PDF/UA-1) and archivable (PDF/A-3a) in the language asked for, its QR code a figure named in words', async (ctx) => {
    const o = await order(fx.student);
    await post('registrar/move', fx.teacher, { id: o.id, status: 2 });
    await post('registrar/move', fx.teacher, { id: o.id, status: 3 });
    for (const [lang, tag, title] of [
      ['ru', 'ru', 'СПРАВКА'],
      ['kg', 'ky', 'МААЛЫМКАТ'],
      ['en', 'en', 'CERTIFICATE OF STUDY'],
    ]) {
      const res = await fx.app.inject({
        method: 'GET',
        url: `/api/singlewindow/certificate.file?id=${o.id}`,
        headers: { ...fx.student.headers, 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      const r = expectTaggedArchivable(ctx, new Uint8Array(res.rawPayload), tag);
      expect(r.info).toMatch(new RegExp(`^Title:\\s+${title} (№|No\\.) ${o.id}$`, 'm'));
      expect(r.structure).toContain(`  H1 (block)\n    "${title}"`);
      expect(r.structure).toMatch(/^ {2}Figure$/m);
      expect(r.raw).toMatch(/\/S \/Figure\n\/Alt \(/);
      expect(r.text).toContain(title);
      expect(r.text).toContain('lms.example.edu');
    }
  });

  it('its QR code points to PUBLIC_URL, expires DOCUMENT_VALID_DAYS after issue, and a revoked one says so', async () => {
    const o = await order(fx.student);
    await post('registrar/move', fx.teacher, { id: o.id, status: 2 });
    await post('registrar/move', fx.teacher, { id: o.id, status: 3 });
    const bytes = (await fx.app.inject({ method: 'GET', url: `/api/singlewindow/certificate.file?id=${o.id}`, headers: fx.student.headers })).rawPayload;
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
    const text = (await (await doc.getPage(1)).getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join('');
    const url = /https:\/\/lms\.example\.edu\/lms\/verify\?token=[A-Za-z0-9._%-]+/.exec(text)?.[0];
    expect(url).toBeDefined();
    // The date in the portal's format, not ISO.
    expect(text).toMatch(/\d{2}\.\d{2}\.\d{4}/);
    const token = decodeURIComponent(new URL(url!).searchParams.get('token')!);
    const check = async (at?: Date) => {
      const probe = at ? await appOn(fx.db, { now: () => at, env: { PUBLIC_URL: 'https://lms.example.edu' } }) : fx.app;
      try {
        return (await probe.inject({ method: 'GET', url: `/api/singlewindow/verify?token=${encodeURIComponent(token)}` })).json().data;
      } finally {
        if (probe !== fx.app) await probe.close();
      }
    };
    expect(await check()).toMatchObject({ valid: true, problem: null, number: o.id });
    expect(await check(new Date(Date.now() + 366 * 86_400_000))).toMatchObject({ valid: false, problem: 'expired', number: o.id });
    // The registrar revokes it (a prepared order rejected with a reason).
    expect((await post('registrar/reject', fx.teacher, { id: o.id, reason: 'Выдана по ошибке' })).json().data.order.status).toBe(4);
    expect(await check()).toMatchObject({ valid: false, problem: 'revoked', number: null });
  });
});
