/** /api/personalcard/*: the own card, the owner's changes, an administrator's reading, search and events, and every refusal. */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { students, users } from '../../db/schema';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';
import { cardChanges, educationEvents } from './personalcard.schema';

const clock = testClock(new Date(2026, 9, 1, 10, 0)); // 1 October 2026: autumn of 2026-27

const fx = useTestApp({ now: clock.now, signIn: ['teacher', 'student', 'admin'] });

const CARD = '/api/personalcard/card.json';
const UPDATE = '/api/personalcard/update.json';
const EVENT = '/api/personalcard/event.json';
const SEARCH = '/api/personalcard/search.json';

const db = () => fx.db.database.db;
const changeCount = async () => (await db().select({ n: count() }).from(cardChanges))[0].n;
const eventCount = async () => (await db().select({ n: count() }).from(educationEvents))[0].n;
const studentRow = async () => (await db().select().from(students).where(eq(students.id, fx.student.user.uid)))[0];

describe('the personal card needs a session', () => {
  it.each([CARD, UPDATE, EVENT, SEARCH])('POST %s → 401', async (url) => {
    const res = await fx.post(url, null, {});
    expect(res.statusCode).toBe(401);
  });
});

describe('own card', () => {
  it("gives the student's personal data, education history and editable fields", async () => {
    const res = await fx.student.post(CARD, {});
    expect(res.statusCode).toBe(200);
    const card = res.json().data;
    expect(card).toMatchObject({
      userId: fx.student.user.id,
      role: 2,
      own: true,
      fullName: 'Сыдыкова Айпери Талантовна',
      gender: 'f',
      editable: ['phone', 'email'],
      teacher: null,
      groups: null,
      student: { group: 'ПИ-1-24', speciality: 'Программная инженерия', educationForm: 'Очная', orders: [], transcriptsRevokedAt: null },
    });
    expect(card.photo).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(card.contacts.phone).toMatch(/^\+996 /);
    expect(card.student.code).toMatch(/^\d+$/);
    expect(card.student.history.map((e: { kind: string }) => e.kind)).toEqual(['admission', 'transfer', 'leave', 'return']);
    expect(card.student.history[0]).toMatchObject({ date: '2024-09-01', orderDate: '2024-08-25', groupFrom: null, groupTo: 'ПИ-2-24' });
    expect(card.student.history[1]).toMatchObject({ orderNumber: '27-С', groupFrom: 'ПИ-2-24', groupTo: 'ПИ-1-24' });
  });

  it("gives the teacher's position, department, faculty and the half-year's disciplines, in the caller's language", async () => {
    const res = await fx.teacher.post(CARD, {}, 'en');
    expect(res.statusCode).toBe(200);
    const card = res.json().data;
    expect(card).toMatchObject({
      role: 1,
      own: true,
      student: null,
      teacher: { position: 'Associate Professor', department: 'Department of Software Engineering', faculty: 'Faculty of Information Technology' },
    });
    expect(card.teacher.disciplines.length).toBeGreaterThan(0);
    expect(new Set(card.teacher.disciplines).size).toBe(card.teacher.disciplines.length);
  });

  it("403 for another person's card, whoever asks but an administrator", async () => {
    for (const [who, target] of [
      [fx.student, fx.teacher.user.id],
      [fx.teacher, fx.student.user.id],
      [fx.student, fx.admin.user.id],
    ] as const) {
      const res = await who.post(CARD, { userId: target });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });
});

describe('the owner changes an editable field', () => {
  it('writes the phone and keeps the change with its old value, when and by whom', async () => {
    const before = (await studentRow()).phone;
    const at = clock.now().getTime();
    const res = await fx.student.post(UPDATE, { field: 'phone', value: ' +996 700 111 222 ' });
    expect(res.statusCode).toBe(200);
    const card = res.json().data;
    expect(card.contacts.phone).toBe('+996 700 111 222');
    expect(card.changes[0]).toMatchObject({ field: 'phone', oldValue: before, newValue: '+996 700 111 222', by: 'Сыдыкова Айпери Талантовна' });
    expect(Math.abs(Date.parse(card.changes[0].at) - at)).toBeLessThan(60_000);
    expect((await studentRow()).phone).toBe('+996 700 111 222');
    // The same value again writes nothing.
    const n = await changeCount();
    expect((await fx.student.post(UPDATE, { field: 'phone', value: '+996 700 111 222' })).statusCode).toBe(200);
    expect(await changeCount()).toBe(n);
  });

  it('writes the e-mail of a teacher', async () => {
    const res = await fx.teacher.post(UPDATE, { field: 'email', value: 'b.asanov@example.kg' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contacts.email).toBe('b.asanov@example.kg');
    expect(res.json().data.changes[0]).toMatchObject({ field: 'email', newValue: 'b.asanov@example.kg', by: 'Асанов Бакыт Кубанычбекович' });
  });

  it.each([
    ['phone', 'abc'],
    ['phone', '12345'],
    ['phone', '+996 700 111 222 333 444'],
    ['email', 'not-an-address'],
    ['email', 'a b@example.kg'],
    ['email', ''],
  ])('400 naming the field for %s %j, translated, nothing written', async (field, value) => {
    const n = await changeCount();
    const row = await studentRow();
    const res = await fx.student.post(UPDATE, { field, value }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid request', params: { field } });
    expect(await changeCount()).toBe(n);
    expect(await studentRow()).toEqual(row);
  });

  it('400 for a field the card has not, 403 for one the university does not allow (PERSONAL_CARD_EDITABLE)', async () => {
    expect((await fx.student.post(UPDATE, { field: 'surname', value: 'Иванова' })).statusCode).toBe(400);
    const config = fx.app.ctx.config as { personalCardEditable: string[] };
    const kept = config.personalCardEditable;
    config.personalCardEditable = ['phone'];
    try {
      const n = await changeCount();
      const res = await fx.student.post(UPDATE, { field: 'email', value: 'a@example.kg' });
      expect(res.statusCode).toBe(403);
      expect(await changeCount()).toBe(n);
      expect((await fx.student.post(CARD, {})).json().data.editable).toEqual(['phone']);
    } finally {
      config.personalCardEditable = kept;
    }
  });
});

describe('an administrator', () => {
  it("reads a student's card read-only, with the groups a transfer may name", async () => {
    const res = await fx.admin.post(CARD, { userId: fx.student.user.id });
    expect(res.statusCode).toBe(200);
    const card = res.json().data;
    expect(card).toMatchObject({ own: false, editable: [], fullName: 'Сыдыкова Айпери Талантовна' });
    expect(card.changes[0]).toMatchObject({ field: 'phone' });
    expect(card.groups.map((g: { name: string }) => g.name)).toContain('ПИ-2-24');
    // Reading another's card writes nothing of his, and his fields stay the owner's.
    expect((await fx.admin.post(UPDATE, { field: 'phone', value: '+996 555 000 000' })).json().data.userId).toBe(fx.admin.user.id);
    expect((await studentRow()).phone).toBe('+996 700 111 222');
    expect((await fx.admin.post(CARD, { userId: 999999 })).statusCode).toBe(404);
  });

  it('finds accounts by login or name; nobody else may search', async () => {
    const res = await fx.admin.post(SEARCH, { q: 'Сыдыкова' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ userId: fx.student.user.id, login: 'student', fullName: 'Сыдыкова Айпери Талантовна', role: 2, place: 'ПИ-1-24' });
    expect((await fx.admin.post(SEARCH, { q: 'teacher' })).json().data[0]).toMatchObject({ login: 'teacher', role: 1, place: 'Доцент' });
    expect((await fx.student.post(SEARCH, { q: 'teacher' })).statusCode).toBe(403);
    expect((await fx.teacher.post(SEARCH, { q: 'student' })).statusCode).toBe(403);
  });

  it('adds events: a transfer moves the student to the group in the same write', async () => {
    const [target] = await db().select().from(users).where(eq(users.login, 'student'));
    const card = (await fx.admin.post(CARD, { userId: target.id })).json().data;
    const other = card.groups.find((g: { name: string }) => g.name === 'ПИ-2-24');
    const res = await fx.admin.post(EVENT, {
      userId: target.id,
      kind: 'transfer',
      date: '2026-10-05',
      orderNumber: ' 101-С ',
      orderDate: '2026-09-30',
      groupId: other.id,
      note: 'Перевод',
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().data;
    expect(after.student.group).toBe('ПИ-2-24');
    expect(after.student.history.at(-1)).toMatchObject({ kind: 'transfer', orderNumber: '101-С', groupFrom: 'ПИ-1-24', groupTo: 'ПИ-2-24', note: 'Перевод' });
    expect((await studentRow()).groupId).toBe(other.id);
    const leave = await fx.admin.post(EVENT, { userId: target.id, kind: 'leave', date: '2026-10-06', orderNumber: '102-С', orderDate: '2026-10-01' });
    expect(leave.json().data.student.history.at(-1)).toMatchObject({ kind: 'leave', groupFrom: 'ПИ-2-24', groupTo: null, note: null });
  });

  it.each([
    ['groupId', { kind: 'transfer', groupId: 999999 }],
    ['groupId', { kind: 'transfer' }],
    ['orderNumber', { orderNumber: '   ' }],
    ['date', { date: '2026-10-09' }],
    ['date', { date: '2026-02-30' }],
    ['orderDate', { orderDate: '2027-01-01' }],
  ])('400 naming %s, nothing written', async (field, change) => {
    const n = await eventCount();
    const group = (await studentRow()).groupId;
    const body = { userId: fx.student.user.id, kind: 'return', date: '2026-10-08', orderNumber: '103-С', orderDate: '2026-10-01', ...change };
    const res = await fx.admin.post(EVENT, body, 'ru');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', message: 'Некорректный запрос', params: { field } });
    expect(await eventCount()).toBe(n);
    expect((await studentRow()).groupId).toBe(group);
  });

  it("400 for a teacher's account; 403 for anyone but an administrator", async () => {
    const body = { kind: 'leave', date: '2026-10-01', orderNumber: '1', orderDate: '2026-10-01' };
    expect((await fx.admin.post(EVENT, { ...body, userId: fx.teacher.user.id })).json().error.params).toEqual({ field: 'userId' });
    const n = await eventCount();
    expect((await fx.student.post(EVENT, { ...body, userId: fx.student.user.id })).statusCode).toBe(403);
    expect((await fx.teacher.post(EVENT, { ...body, userId: fx.student.user.id })).statusCode).toBe(403);
    expect(await eventCount()).toBe(n);
  });
});
