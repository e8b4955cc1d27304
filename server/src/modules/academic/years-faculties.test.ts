/** /api/misc/years.json, defaultyear.json, faculties.json: academic years and faculties. */
import { describe, expect, it } from 'vitest';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';

const clock = testClock(new Date(2026, 9, 1, 10, 0)); // 1 October 2026

const fx = useTestApp({ now: clock.now });
const { post, get } = fx;

describe('years and faculties need a session', () => {
  it.each([
    ['GET', '/api/misc/years.json'],
    ['GET', '/api/misc/defaultyear.json'],
    ['POST', '/api/misc/faculties.json'],
  ])('%s %s → 401', async (method, url) => {
    const res = await fx.app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe('academic years', () => {
  it('six years from four back to one ahead; the default is the current one (new one from September)', async () => {
    const years = await get('/api/misc/years.json', fx.teacher);
    expect(years.json().data).toEqual([
      { id: 2022, name: '2022-23' },
      { id: 2023, name: '2023-24' },
      { id: 2024, name: '2024-25' },
      { id: 2025, name: '2025-26' },
      { id: 2026, name: '2026-27' },
      { id: 2027, name: '2027-28' },
    ]);
    expect((await get('/api/misc/defaultyear.json', fx.student)).json().data).toEqual({ id: 2026, name: '2026-27' });
  });

  it('before September the previous year is current', async () => {
    clock.set(new Date(2026, 7, 31, 23, 0));
    try {
      expect((await get('/api/misc/defaultyear.json', fx.student)).json().data).toEqual({ id: 2025, name: '2025-26' });
      const ids = (await get('/api/misc/years.json', fx.student)).json().data.map((y: { id: number }) => y.id);
      expect(ids).toEqual([2021, 2022, 2023, 2024, 2025, 2026]);
    } finally {
      clock.set(new Date(2026, 9, 1, 10, 0));
    }
  });
});

describe('faculties', () => {
  it('lists faculties with groups studying in the year, localised', async () => {
    const res = await post('/api/misc/faculties.json', fx.teacher, { id: 2026 }, 'en');
    expect(res.json().data.map((f: { name: string }) => f.name)).toEqual([
      'Faculty of Information Technology',
      'Faculty of Economics and Management',
      'Faculty of Humanities',
    ]);
    expect((await post('/api/misc/faculties.json', fx.teacher, { id: 2010 })).json().data).toEqual([]);
    expect((await post('/api/misc/faculties.json', fx.teacher, { id: 'x' })).statusCode).toBe(400);
  });
});
