/** /api/qr/*: the QR reports and the public QR card. The shared setup: qr.testing.ts. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type App } from '../../app';
import { students } from '../../db/schema';
import { type TestSession } from '../../test/helpers';
import { otherProcess } from '../../test/processes';
import { db, app, clock, teacher, student, mates, lesson, post, moveTo, openLesson, tokenOf, visitBody, device, useQrApp } from './qr.testing';

useQrApp();

describe('QR reports', () => {
  it('rates by faculty down to student count the held lessons; a student sees only his own row', async () => {
    type Rate = { id: number; present: number; expected: number; rate: number };
    const get = (url: string, who: TestSession) => app.inject({ method: 'GET', url, headers: who.headers });
    const [me] = await db.database.db.select({ groupId: students.groupId }).from(students).where(eq(students.id, student.user.uid));
    const faculties = async () => (await get('/api/misc/getstudentqrfaculty?year=2026&ws=1', teacher)).json().data as Rate[];
    const byStudent = async () => (await get(`/api/misc/getqrforreportstudent?year=2026&ws=1&group=${me.groupId}`, teacher)).json().data as Rate[];
    const present = (rows: Rate[]) => rows.reduce((n, f) => n + f.present, 0);
    const rowOf = (rows: Rate[], id: number) => rows.find((r) => r.id === id) ?? { id, present: 0, expected: 0, rate: 0 };
    const [facultiesBefore, studentsBefore] = [await faculties(), await byStudent()];

    // A held lesson (a make-up session on a Sunday of its own) where the demo student checks in and a mate does not.
    await moveTo(new Date(2026, 10, 1, 21, 30));
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    expect((await post('/api/qr/student/visit.json', student, visitBody(student, token), device('phone-r'))).json().data.status).toBe('accepted');

    const facultiesAfter = await faculties();
    expect(facultiesAfter.length).toBeGreaterThan(0);
    expect(present(facultiesAfter)).toBe(present(facultiesBefore) + 1);
    const rows = await byStudent();
    const [mineBefore, mine] = [rowOf(studentsBefore, student.user.uid), rowOf(rows, student.user.uid)];
    expect(mine).toMatchObject({ present: mineBefore.present + 1, expected: mineBefore.expected + 1 });
    expect(mine.rate).toBe(Math.round((mine.present / mine.expected) * 1000) / 10);
    const [mateBefore, mate] = [rowOf(studentsBefore, mates[1].user.uid), rowOf(rows, mates[1].user.uid)];
    expect(mate).toMatchObject({ present: mateBefore.present, expected: mateBefore.expected + 1 });
    const own = (await get(`/api/misc/getqrforreportstudent?year=2026&ws=1&group=${me.groupId}`, student)).json().data;
    expect(own).toEqual([mine]);
    expect((await get('/api/misc/getstudentqrfaculty?year=2026&ws=1', student)).statusCode).toBe(403);
    expect((await get('/api/misc/getstudentqrfaculty?year=2026&ws=3', teacher)).statusCode).toBe(400);
  });
});

describe('the QR card', () => {
  it('a student gets an unguessable link; the card opens without a session; a revoked or unknown token is 404', async () => {
    expect((await post('/api/qr/card.json', teacher, {})).statusCode).toBe(403);
    const link = (await post('/api/qr/card.json', student, {})).json().data;
    expect(link.data).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.path).toBe(`/lms/studentqr?data=${link.data}`);
    expect((await post('/api/qr/card.json', student, {})).json().data.data).toBe(link.data);
    const card = await app.inject({ method: 'GET', url: `/api/misc/getstudentqrinfo?data=${link.data}` });
    expect(card.statusCode, card.body).toBe(200);
    const data = card.json().data;
    expect(data.code).toBeTruthy();
    expect(data.fio).toContain(' ');
    expect(data.orders.length).toBeGreaterThan(0);
    expect(data.photo).toMatch(/^data:image\//);
    expect(JSON.stringify(data)).not.toContain(String(student.user.uid) + ',');
    expect((await app.inject({ method: 'GET', url: `/api/misc/getstudentqrinfo?data=${String(student.user.uid)}` })).statusCode).toBe(404);
    const renewed = (await post('/api/qr/card/revoke.json', student, {})).json().data;
    expect(renewed.data).not.toBe(link.data);
    expect((await app.inject({ method: 'GET', url: `/api/misc/getstudentqrinfo?data=${link.data}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/misc/getstudentqrinfo?data=${renewed.data}` })).statusCode).toBe(200);
  });

  it('too many look-ups from one address answer 429', async () => {
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++)
      last = (await app.inject({ method: 'GET', url: '/api/misc/getstudentqrinfo?data=x', remoteAddress: '10.9.9.9' })).statusCode;
    expect(last).toBe(429);
  });

  it('30 look-ups a minute per address, counted across server processes: the 31st is 429 whichever process it reaches', async () => {
    // A second process on the same database (on PostgreSQL its own pool).
    const second = await otherProcess(db, { now: clock.now });
    const other = second.app;
    try {
      const lookUp = (via: App, ip: string) => via.inject({ method: 'GET', url: '/api/misc/getstudentqrinfo?data=x', remoteAddress: ip });
      for (let i = 0; i < 30; i++) expect((await lookUp(i % 2 === 0 ? app : other, '10.7.7.7')).statusCode, `look-up ${i + 1}`).toBe(404);
      for (const via of [app, other]) {
        const res = await lookUp(via, '10.7.7.7');
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json()).toMatchObject({ result: true, error: { code: 'TOO_MANY_REQUESTS' }, data: null });
      }
      // Another address is not affected.
      expect((await lookUp(other, '10.7.7.8')).statusCode).toBe(404);
    } finally {
      await second.close();
    }
  });
});
