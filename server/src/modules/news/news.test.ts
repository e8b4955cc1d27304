/** /api/news/data.json: every news call needs a session; the feed by audience, faculty, schedule and pin, its pages and its reads. */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groups, specialities, students, users } from '../../db/schema';
import { publishDue } from './news.publisher';
import { clock, type Who, colleague, plainTeacher, econStudent, fit, fem, PDF, feed, publish, posted, download, useNewsTest } from './news.fixture';

const fx = useNewsTest();
const { post } = fx;

describe('every news call needs a session', () => {
  it.each([
    ['POST', '/api/news/data.json'],
    ['POST', '/api/news/check.json'],
    ['POST', '/api/news/delete.json'],
    ['POST', '/api/news/insert.json'],
    ['GET', '/api/news/download.file?filename=1_a.pdf&type=4'],
  ])('%s %s → 401', async (method, url) => {
    const res = await fx.app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe('data.json', () => {
  it('403 when uid, role or id name someone else; 400 for page 0', async () => {
    const self = { id: fx.student.user.id, uid: fx.student.user.uid, role: 2, page: 1 };
    expect((await post('/api/news/data.json', fx.student, { ...self, uid: fx.teacher.user.uid })).statusCode).toBe(403);
    expect((await post('/api/news/data.json', fx.student, { ...self, role: 1 })).statusCode).toBe(403);
    expect((await post('/api/news/data.json', fx.student, { ...self, id: fx.teacher.user.id })).statusCode).toBe(403);
    expect((await post('/api/news/data.json', fx.student, { ...self, page: 0 })).statusCode).toBe(400);
    expect((await post('/api/news/data.json', fx.student, self)).statusCode).toBe(200);
  });

  it('an item: author split at the bar, ISO date, plain message, files joined by the separator', async () => {
    const message = 'Уважаемые студенты!\nЗанятие переносится в ауд. 305.\n<script>alert(1)</script>';
    await posted(fx.teacher, { message, audience: '2' }, [
      { name: 'files', filename: 'Расписание.pdf', content: PDF, type: 'application/pdf' },
      { name: 'files', filename: 'notes.txt', content: 'Список литературы\n' },
    ]);
    const [item] = await feed(fx.student);
    expect(item).toMatchObject({
      author: 'Асанов Бакыт Кубанычбекович|Доцент, Кафедра программной инженерии',
      message,
      files: 'Расписание.pdf\u001fnotes.txt',
      editable: false,
      pinned: false,
      scheduled: false,
      audience: 2,
      faculty: null,
    });
    expect(Math.abs(Date.parse(item.date) - clock.now().getTime())).toBeLessThan(5000);
    expect(item.publishAt).toBe(item.date);
    expect(item).not.toHaveProperty('readCount');
    const en = await fx.app.inject({
      method: 'POST',
      url: '/api/news/data.json',
      payload: { id: fx.student.user.id, uid: fx.student.user.uid, role: 2, page: 1 },
      headers: { ...fx.student.headers, 'accept-language': 'en' },
    });
    expect(en.json().data[0].author).toBe('Асанов Бакыт Кубанычбекович|Associate Professor, Department of Software Engineering');
  });

  it('audience: teachers-only items reach teachers, students-only items reach students, both ways', async () => {
    const forTeachers = await posted(fx.teacher, { message: 'Заседание кафедры в четверг', audience: '1' });
    const forStudents = await posted(colleague, { message: 'Консультация перед экзаменом', audience: '2' });
    const forAll = await posted(colleague, { message: 'С Днём учителя!', audience: '0' });
    const ids = async (who: Who) => (await feed(who)).map((i) => i.id_eventMessage).sort();
    expect(await ids(fx.student)).toEqual([forStudents, forAll].sort());
    expect(await ids(colleague)).toEqual([forTeachers, forStudents, forAll].sort()); // her own students-only post too
    // The teacher does not see a students-only post by another author.
    expect(await ids(fx.teacher)).toEqual([forTeachers, forAll].sort());
    expect(await ids(plainTeacher)).toEqual([forTeachers, forAll].sort());
  });

  it('faculty: an item for one faculty reaches only its students and teachers', async () => {
    const econ = await posted(fx.teacher, { message: 'Олимпиада по экономике', audience: '0', faculty: String(fem) });
    const itOnly = await posted(fx.teacher, { message: 'Хакатон ФИТ', audience: '2', faculty: String(fit) });
    const ids = async (who: Who) => (await feed(who)).map((i) => i.id_eventMessage);
    expect(await ids(econStudent)).toEqual([econ]);
    expect(await ids(plainTeacher)).toEqual([econ]);
    expect(await ids(fx.student)).toEqual([itOnly]);
    expect(await ids(colleague)).toEqual([]);
    const own = await feed(fx.teacher);
    expect(own.find((i) => i.id_eventMessage === econ)?.faculty).toBe('Факультет экономики и управления');
    // An item addressed to a faculty is a notification to its people, not to anyone else.
    const notes = async (who: Who) =>
      (
        (await fx.app.inject({ method: 'POST', url: '/api/notifications/list.json', payload: { page: 1 }, headers: who.headers })).json().data.items as {
          kind: string;
          params: { id: number };
        }[]
      )
        .filter((n) => n.kind === 'news.addressed')
        .map((n) => n.params.id);
    // Posted for now: they are told at once.
    expect(await notes(econStudent)).toContain(econ);
    expect(await notes(fx.student)).toContain(itOnly);
    expect(await notes(fx.student)).not.toContain(econ);
  });

  it('scheduled: readers see it only from publishAt; the author sees it marked as scheduled', async () => {
    const at = new Date(clock.now().getTime() + 2 * 3600_000);
    const id = await posted(fx.teacher, { message: 'Завтра субботник', audience: '0', publishAt: at.toISOString() }, [
      { name: 'files', filename: 'plan.pdf', content: PDF },
    ]);
    expect(await feed(fx.student)).toEqual([]);
    expect((await download(fx.student, `${id}_plan.pdf`)).statusCode).toBe(403);
    const [mine] = await feed(fx.teacher);
    expect(mine).toMatchObject({ id_eventMessage: id, scheduled: true, publishAt: at.toISOString(), date: at.toISOString() });

    clock.advance(2 * 3600_000 + 1000);
    const [seen] = await feed(fx.student);
    expect(seen).toMatchObject({ id_eventMessage: id, scheduled: false });
    expect((await download(fx.student, `${id}_plan.pdf`)).statusCode).toBe(200);
  });

  it('scheduled for a faculty: its people are notified when it comes out, not when it is posted, and once', async () => {
    const at = new Date(clock.now().getTime() + 2 * 3600_000);
    const notes = async (who: Who) =>
      (
        (await fx.app.inject({ method: 'POST', url: '/api/notifications/list.json', payload: { page: 1 }, headers: who.headers })).json().data.items as {
          kind: string;
          params: { id: number };
          link: string;
        }[]
      ).filter((n) => n.kind === 'news.addressed');
    const id = await posted(fx.teacher, { message: 'Собрание старост', audience: '2', faculty: String(fit), publishAt: at.toISOString() });
    const before = (await notes(fx.student)).length;
    expect(await publishDue(fx.app.ctx)).toBe(0);
    expect((await notes(fx.student)).filter((n) => n.params.id === id)).toEqual([]);

    clock.advance(2 * 3600_000 + 1000);
    expect(await publishDue(fx.app.ctx)).toBe(1);
    const mine = (await notes(fx.student)).filter((n) => n.params.id === id);
    expect(mine).toEqual([expect.objectContaining({ link: `/news?item=${id}` })]);
    expect((await notes(fx.student)).length).toBe(before + 1);
    // A second sweep (another process) sends nothing more.
    expect(await publishDue(fx.app.ctx)).toBe(0);
    expect((await notes(fx.student)).filter((n) => n.params.id === id)).toHaveLength(1);
    expect((await feed(fx.student)).map((i) => i.id_eventMessage)).toContain(id);
  });

  it('a past or empty publishAt means now; one beyond a year or not a date is refused', async () => {
    const id = await posted(fx.teacher, { message: 'Сразу', publishAt: '2020-01-01T00:00:00Z' });
    expect((await feed(fx.student)).map((i) => i.id_eventMessage)).toEqual([id]);
    expect((await publish(fx.teacher, { message: 'x', publishAt: '2030-01-01T00:00:00Z' })).statusCode).toBe(400);
    const bad = await publish(fx.teacher, { message: 'x', publishAt: 'завтра' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.params).toEqual({ field: 'publishAt' });
  });

  it('pinned items stay on top, then the newest first', async () => {
    const pinned = await posted(fx.teacher, { message: 'Правила пользования порталом', pinned: 'true' });
    clock.advance(60_000);
    const older = await posted(fx.teacher, { message: 'Первая' });
    clock.advance(60_000);
    const newer = await posted(colleague, { message: 'Вторая' });
    expect((await feed(fx.student)).map((i) => [i.id_eventMessage, i.pinned])).toEqual([
      [pinned, true],
      [newer, false],
      [older, false],
    ]);
  });

  it('pages of 10: page 2 continues page 1, a short page ends the list', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(await posted(fx.teacher, { message: `Новость ${i + 1}` }));
      clock.advance(1000);
    }
    const first = await feed(fx.student, 1);
    const second = await feed(fx.student, 2);
    expect(first).toHaveLength(10);
    expect(second).toHaveLength(2);
    expect([...first, ...second].map((i) => i.id_eventMessage)).toEqual(ids.reverse());
    expect(await feed(fx.student, 3)).toEqual([]);
  });

  it('read by N of M: M active accounts addressed (not the author), N who loaded it, each once', async () => {
    const id = await posted(fx.teacher, { message: 'Всем студентам ФИТ', audience: '2', faculty: String(fit) });
    const [addressed] = await fx.db.database.db
      .select({ n: count() })
      .from(users)
      .innerJoin(students, eq(students.id, users.studentId))
      .innerJoin(groups, eq(groups.id, students.groupId))
      .innerJoin(specialities, eq(specialities.id, groups.specialityId))
      .where(and(eq(specialities.facultyId, fit), eq(users.disabled, false)));
    const mine = async () => (await feed(fx.teacher)).find((i) => i.id_eventMessage === id)!;
    expect(await mine()).toMatchObject({ readCount: 0, addressedCount: addressed.n, editable: true });
    await feed(fx.student);
    await feed(fx.student);
    await feed(econStudent); // not addressed: records nothing
    expect(await mine()).toMatchObject({ readCount: 1, addressedCount: addressed.n });

    const all = await posted(fx.teacher, { message: 'Всем', audience: '0' });
    const [everyone] = await fx.db.database.db.select({ n: count() }).from(users).where(eq(users.disabled, false));
    expect((await feed(fx.teacher)).find((i) => i.id_eventMessage === all)?.addressedCount).toBe(everyone.n - 1);
  });
});
