/** /api/misc/settings.json and dinurls.json: the defaults of the session and the university's services. */
import { describe, expect, it } from 'vitest';
import { session, testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';

const clock = testClock(new Date(2026, 9, 1, 10, 0)); // 1 October 2026

const fx = useTestApp({ now: clock.now });
const { post } = fx;

describe('settings calls need a session', () => {
  it.each([
    ['POST', '/api/misc/settings.json'],
    ['POST', '/api/misc/dinurls.json'],
  ])('%s %s → 401', async (method, url) => {
    const res = await fx.app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe('settings', () => {
  it("gives [defaults, links]: current year and half-year, university name, upload limit, the server's time zone, menu links of the role", async () => {
    const res = await post('/api/misc/settings.json', fx.student, { uid: fx.student.user.uid, role: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id_a_year: 2026,
        a_year: '2026-27',
        id_w_s: 1,
        universityName: 'Тянь-Шаньский государственный университет',
        maxSizeMb: 25,
        // The test app runs in this machine's zone (a started server makes the university's its own: time-zone.start.test.ts).
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
      [
        { key: 'webinar', url: 'https://meet.jit.si/' },
        { key: 'documents', url: 'https://drive.google.com/' },
        { key: 'questionnaire', url: 'https://docs.google.com/forms/' },
      ],
    ]);
    const kg = await post('/api/misc/settings.json', fx.teacher, { uid: fx.teacher.user.uid, role: 1 }, 'ky-KG');
    expect(kg.json().data[0].universityName).toBe('Тянь-Шань мамлекеттик университети');
  });

  it('spring half-year from February', async () => {
    clock.set(new Date(2027, 2, 1, 10, 0));
    try {
      const later = await session(fx.app, 'teacher'); // the October session has expired by March
      const res = await post('/api/misc/settings.json', later, { uid: later.user.uid, role: 1 });
      expect(res.json().data[0]).toMatchObject({ id_a_year: 2026, a_year: '2026-27', id_w_s: 2 });
    } finally {
      clock.set(new Date(2026, 9, 1, 10, 0));
    }
  });

  it("403 for someone else's uid/role", async () => {
    expect((await post('/api/misc/settings.json', fx.student, { uid: fx.teacher.user.uid, role: 1 })).statusCode).toBe(403);
  });
});

describe('dinurls', () => {
  it("lists the university's services with names in three languages", async () => {
    const res = await post('/api/misc/dinurls.json', fx.student);
    expect(res.statusCode).toBe(200);
    const links = res.json().data;
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) {
      expect(link.url).toMatch(/^https:\/\//);
      expect(link.name.kg && link.name.ru && link.name.en).toBeTruthy();
      expect(['mail', 'moodle', 'library', 'video', 'calendar', 'phone', 'docs', 'web']).toContain(link.icon);
    }
  });
});
