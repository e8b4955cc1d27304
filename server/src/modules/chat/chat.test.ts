/**
 * /api/chat/*: every call needs a session; conversations of 20 a page around the first unread, paging
 * by id cursor, read marks and unread counts.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMessages } from '../../db/schema';
import { sql_, fx, teacher, student, classmate, colleague, demoGroup, web, pair, groupOf, send, writeMessages, ids, useChatTest, post } from './chat.fixture';

useChatTest();

describe('chat calls need a session', () => {
  it.each(['messages.json', 'group/messages.json', 'old.json', 'new.json', 'insert.json', 'read.json', 'readall.json', 'count.json', 'deletemessage.json'])(
    'POST %s → 401',
    async (url) => {
      const res = await post(url, null, {});
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    },
  );

  it('GET download.file and events.json → 401', async () => {
    expect((await fx.app.inject({ url: '/api/chat/download.file?id=1' })).statusCode).toBe(401);
    expect((await fx.app.inject({ url: '/api/chat/events.json' })).statusCode).toBe(401);
  });
});

describe('opening a conversation (seeded)', () => {
  it('the teacher opens the demo student around her two unread messages', async () => {
    const res = await post('messages.json', teacher, pair(teacher, student));
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.unreades_total).toBe(2);
    expect(page.existsNextNew).toBe(false);
    const last = page.messages.slice(-2);
    expect(page.unreades_start).toBe(last[0].id_message);
    expect(last.map((m: { ismine: boolean; fio: string }) => [m.ismine, m.fio])).toEqual([
      [false, 'Сыдыкова Айпери Талантовна'],
      [false, 'Сыдыкова Айпери Талантовна'],
    ]);
    expect(page.messages.length).toBe(10);
    const withFile = page.messages.find((m: { file: unknown }) => m.file)!;
    expect(withFile.file).toMatchObject({ image: false, mime: 'application/pdf', name: 'Требования к курсовому проекту.pdf' });
    expect(page.messages.some((m: { file: { image: boolean } | null }) => m.file?.image)).toBe(true);
  });

  it('the student sees the same conversation from her side, nothing unread', async () => {
    const page = (await post('messages.json', student, pair(student, teacher))).json().data;
    expect(page).toMatchObject({ unreades_start: null, unreades_total: 0, existsNextNew: false });
    expect(page.messages.filter((m: { ismine: boolean }) => m.ismine).length).toBe(6);
    expect(page.messages.at(-1)).toMatchObject({ ismine: true, isread: false, id_from_type: 2, id_from: student.uid });
    expect(page.messages[0]).toMatchObject({ ismine: true, isread: true });
  });

  it('the group chat of her group about Web Programming, with unread messages', async () => {
    const page = (await post('group/messages.json', student, groupOf(student))).json().data;
    expect(page.messages.length).toBe(10);
    expect(page.unreades_total).toBeGreaterThan(0);
    expect(page.messages[0].fio).toBe('Асанов Бакыт Кубанычбекович');
  });
});

describe('paging by id cursor, 20 a page', () => {
  it('latest 20, then older pages until one is under 20', async () => {
    const written = await writeMessages(classmate, teacher, 45, true);
    const page = (await post('messages.json', teacher, pair(teacher, classmate))).json().data;
    expect(ids(page.messages)).toEqual(written.slice(25));
    expect(page).toMatchObject({ unreades_start: null, unreades_total: 0, existsNextNew: false });
    const older = (await post('old.json', teacher, { ...pair(teacher, classmate), id_lastMessage: written[25] })).json().data;
    expect(ids(older)).toEqual(written.slice(5, 25));
    const oldest = (await post('old.json', teacher, { ...pair(teacher, classmate), id_lastMessage: written[5] })).json().data;
    expect(ids(oldest)).toEqual(written.slice(0, 5));
    const newer = (await post('new.json', teacher, { ...pair(teacher, classmate), id_lastMessage: written[20] })).json().data;
    expect(ids(newer)).toEqual(written.slice(21, 41));
    expect(newer.every((m: { ismine: boolean }) => !m.ismine)).toBe(true);
  });

  it('opens around the first unread: 5 before it, 15 from it, newer ones follow', async () => {
    const mate = classmate;
    await writeMessages(mate, teacher, 10, true);
    const seen = await sql_
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.senderUserId, mate.userId), eq(chatMessages.recipientUserId, teacher.userId)))
      .orderBy(asc(chatMessages.id));
    const unread = await writeMessages(mate, teacher, 30, false);
    const page = (await post('messages.json', teacher, pair(teacher, mate))).json().data;
    expect(page.unreades_start).toBe(unread[0]);
    expect(page.unreades_total).toBe(30);
    expect(page.existsNextNew).toBe(true);
    expect(ids(page.messages)).toEqual([...seen.slice(-5).map((r) => r.id), ...unread.slice(0, 15)]);
    const rest = (await post('new.json', teacher, { ...pair(teacher, mate), id_lastMessage: unread[14] })).json().data;
    expect(ids(rest)).toEqual(unread.slice(15));
  });
});

describe('unread counts and read marks', () => {
  it('count.json has the total, per person and per group chat', async () => {
    const counts = (await post('count.json', student)).json().data;
    const fromColleague = counts.contacts.find((c: { idid: number }) => c.idid === colleague.uid);
    expect(counts.total).toBe(
      counts.contacts.reduce((n: number, c: { countMessages: number }) => n + c.countMessages, 0) +
        counts.groups.reduce((n: number, g: { countMessages: number }) => n + g.countMessages, 0),
    );
    expect(counts.groups.find((g: { id_discipline: number }) => g.id_discipline === web)).toMatchObject({ gr_potok: demoGroup });
    expect(fromColleague === undefined || fromColleague.id_type === 1).toBe(true);
  });

  it('count.json counts each discipline (its group chats and the one-to-one messages written about it); they add up to the total, and follow reading', async () => {
    const sum = (rows: { countMessages: number }[]) => rows.reduce((n, r) => n + r.countMessages, 0);
    const of = (counts: { disciplines: { id_discipline: number; countMessages: number }[] }) =>
      counts.disciplines.find((d) => d.id_discipline === web)?.countMessages ?? 0;
    const before = (await post('count.json', teacher)).json().data;
    expect(sum(before.disciplines)).toBe(before.total);
    expect(before.disciplines.every((d: { countMessages: number }) => d.countMessages > 0)).toBe(true);
    const group = before.groups.filter((g: { id_discipline: number }) => g.id_discipline === web);
    expect(of(before)).toBeGreaterThanOrEqual(sum(group));

    const res = await send(student, { ...pair(student, teacher), message: 'Вопрос по лабораторной' });
    expect(res.statusCode).toBe(200);
    const more = (await post('count.json', teacher)).json().data;
    expect(of(more)).toBe(of(before) + 1);
    expect(sum(more.disciplines)).toBe(more.total);

    const readAll = (await post('readall.json', teacher, pair(teacher, student))).json().data;
    const after = (await post('count.json', teacher)).json().data;
    expect(readAll.marked).toBeGreaterThan(0);
    expect(of(after)).toBeLessThan(of(more));
    expect(after.total).toBe(more.total - readAll.marked);
    expect(sum(after.disciplines)).toBe(after.total);
  });

  it('read.json marks one message read once; readall the rest; counts follow', async () => {
    const before = (await post('count.json', teacher)).json().data;
    const fromStudent = before.contacts.find((c: { idid: number; id_type: number }) => c.idid === student.uid && c.id_type === 2);
    expect(fromStudent.countMessages).toBe(2);
    const page = (await post('messages.json', teacher, pair(teacher, student))).json().data;
    const first = page.unreades_start;
    expect((await post('read.json', teacher, { id_message: first })).json().data).toEqual({ marked: true });
    expect((await post('read.json', teacher, { id_message: first })).json().data).toEqual({ marked: false });
    const mid = (await post('count.json', teacher)).json().data;
    expect(mid.total).toBe(before.total - 1);
    expect((await post('readall.json', teacher, pair(teacher, student))).json().data).toEqual({ marked: 1 });
    const after = (await post('count.json', teacher)).json().data;
    expect(after.contacts.find((c: { idid: number }) => c.idid === student.uid)).toBeUndefined();
    expect(after.total).toBe(before.total - 2);
    // The sender's own message: nothing to mark.
    expect((await post('read.json', student, { id_message: first })).json().data).toEqual({ marked: false });
    // The student now sees her messages as read.
    const hers = (await post('messages.json', student, pair(student, teacher))).json().data;
    expect(hers.messages.at(-1).isread).toBe(true);
  });

  it('group chats: read.json moves the mark, readall reads everything, own messages never count', async () => {
    const page = (await post('group/messages.json', student, groupOf(student))).json().data;
    const unreadBefore = page.unreades_total;
    expect(unreadBefore).toBeGreaterThan(0);
    expect((await post('read.json', student, { id_message: page.unreades_start })).json().data).toEqual({ marked: true });
    expect((await post('group/messages.json', student, groupOf(student))).json().data.unreades_total).toBe(unreadBefore - 1);
    expect((await post('readall.json', student, { ...groupOf(student), id_to: -1 })).json().data).toEqual({ marked: unreadBefore - 1 });
    const res = await send(student, { ...groupOf(student), message: 'Всем привет!' });
    expect(res.statusCode).toBe(200);
    const counts = (await post('count.json', student)).json().data;
    expect(counts.groups.find((g: { id_discipline: number }) => g.id_discipline === web)).toBeUndefined();
    const teacherCounts = (await post('count.json', teacher)).json().data;
    expect(
      teacherCounts.groups.find((g: { gr_potok: number; id_discipline: number }) => g.gr_potok === demoGroup && g.id_discipline === web)?.countMessages,
    ).toBeGreaterThan(0);
  });
});
