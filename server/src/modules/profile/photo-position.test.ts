/** /api/misc/photo.json and position.json: the caller's photo and a teacher's position. */
import { describe, expect, it } from 'vitest';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';

const clock = testClock(new Date(2026, 9, 1, 10, 0)); // 1 October 2026

const fx = useTestApp({ now: clock.now });
const { post } = fx;

describe('photo and position need a session', () => {
  it.each([
    ['POST', '/api/misc/photo.json'],
    ['POST', '/api/misc/position.json'],
  ])('%s %s → 401', async (method, url) => {
    const res = await fx.app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe('photo', () => {
  it('gives the own avatar as base64 SVG with the initials', async () => {
    const res = await post('/api/misc/photo.json', fx.student, { uid: fx.student.user.uid, role: 2 });
    expect(res.statusCode).toBe(200);
    const { photo, mime } = res.json().data;
    expect(mime).toBe('image/svg+xml');
    const svg = Buffer.from(photo, 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('>СА</text>');
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });

  it("403 for someone else's photo", async () => {
    expect((await post('/api/misc/photo.json', fx.student, { uid: fx.teacher.user.uid, role: 1 })).statusCode).toBe(403);
    expect((await post('/api/misc/photo.json', fx.teacher, { uid: fx.teacher.user.uid, role: 2 })).statusCode).toBe(403);
  });
});

describe('position', () => {
  it("gives the teacher's position and department, localised", async () => {
    const ru = await post('/api/misc/position.json', fx.teacher, { id: fx.teacher.user.uid });
    expect(ru.json()).toEqual({ result: 0, error: null, data: [{ position: 'Доцент', department: 'Кафедра программной инженерии' }] });
    const en = await post('/api/misc/position.json', fx.teacher, { id: fx.teacher.user.uid }, 'en');
    expect(en.json().data).toEqual([{ position: 'Associate Professor', department: 'Department of Software Engineering' }]);
  });

  it("403 for a student and for another teacher's id", async () => {
    expect((await post('/api/misc/position.json', fx.student, { id: fx.student.user.uid })).statusCode).toBe(403);
    expect((await post('/api/misc/position.json', fx.teacher, { id: fx.teacher.user.uid + 1 })).statusCode).toBe(403);
  });
});
