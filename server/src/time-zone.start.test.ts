/**
 * The university's time zone on the real server process (main.ts, compiled as `npm start` runs it: test/server-bundle.ts), started without TZ as in a
 * container in UTC: the site setting time_zone (Asia/Bishkek in the demo) is the zone lesson times are
 * read in, so the calendar feed names it and puts a lesson of 08:00 at 02:00Z; TZ, when given,
 * overrides it; a setting that is not an IANA name is refused at start and the server runs in UTC.
 * A child process each, as the test workers share one environment.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { Schedule } from '@contract/schedule';
import type { Settings } from '@contract/settings';
import { siteSettings } from './db/schema';
import { TIME_ZONE_SETTING } from './shared/time-zone';
import { createTestDatabase, DEMO, usePostgres, type TestDatabase } from './test/helpers';
import { freePort } from './test/ports';
import { SERVER_BUNDLE } from './test/server-bundle';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface Started {
  base: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * A seeded database whose time_zone setting is `setting`, and the server on it with `tz` as TZ
 * (undefined: no TZ at all). On PGlite the database is a directory the server opens once the test has
 * let it go.
 */
async function serverWith(setting: string, tz: string | undefined): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-tz-'));
  dirs.push(dataDir);
  const db: TestDatabase = await createTestDatabase(usePostgres ? {} : { dataDir: path.join(dataDir, 'pglite') });
  await db.database.db.update(siteSettings).set({ value: setting }).where(eq(siteSettings.key, TIME_ZONE_SETTING));
  const url = usePostgres ? (db.target as { url: string }).url : undefined;
  // PGlite: one process at a time. PostgreSQL: the database is dropped after the server stops.
  if (!usePostgres) await db.close();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WORKERS: '1' };
  delete env.TZ;
  delete env.DATABASE_URL;
  if (url) env.DATABASE_URL = url;
  if (tz !== undefined) env.TZ = tz;
  const child = spawn(process.execPath, [SERVER_BUNDLE], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  child.stdout.on('data', (c: Buffer) => log.push(c.toString()));
  child.stderr.on('data', (c: Buffer) => log.push(c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    if (usePostgres) await db.close();
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await expect
      .poll(async () => (child.exitCode === null ? (await fetch(`${base}/api/health`).catch(() => null))?.status : 'exited'), { timeout: 60000, interval: 200 })
      .toBe(200);
  } catch (err) {
    await stop();
    throw new Error(`the server did not start:\n${log.join('').slice(-3000)}`, { cause: err });
  }
  return { base, output: () => log.join(''), stop };
}

/** The demo student's calendar feed, timetable and the time zone the settings give the client, read from the server. */
async function feedOf(base: string): Promise<{ feed: string; schedule: Schedule; timeZone: string }> {
  const res = await fetch(`${base}/api/auth/orize.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.student),
  });
  const sid = /lms_sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  const user = ((await res.json()) as { data: { uid: number; role: number } }).data;
  const post = async <T>(url: string, body: object) =>
    (
      (await (
        await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `lms_sid=${sid}` }, body: JSON.stringify(body) })
      ).json()) as { data: T }
    ).data;
  const link = (await post<{ path: string }>('/api/schedule/calendar.json', {})).path;
  const feed = await (await fetch(`${base}${link}`)).text();
  // The half-year the feed gives: the current one, as the settings name it.
  const [period] = await post<Settings>('/api/misc/settings.json', { uid: user.uid, role: user.role });
  const schedule = await post<Schedule>('/api/schedule/student.json', {
    year: period.id_a_year,
    ws: period.id_w_s,
    uid: user.uid,
    role: user.role,
    isWeeklyUpdated: false,
  });
  return { feed, schedule, timeZone: period.timeZone };
}

/** Each lesson's first event in the feed as a UTC instant ('HH:MM'), read as a calendar app reads it: the feed's own VTIMEZONE. */
function eventStartsUtc(feed: string, schedule: Schedule): { tzid: string; starts: Array<{ lesson: string; utc: string }> } {
  const calendar = new ICAL.Component(ICAL.parse(feed));
  const zones = calendar.getAllSubcomponents('vtimezone');
  expect(zones).toHaveLength(1);
  const tzid = zones[0].getFirstPropertyValue('tzid') as string;
  ICAL.TimezoneService.register(zones[0]);
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  const lessons = schedule.days.flatMap((d) => d.lessons);
  expect(lessons.length).toBeGreaterThan(0);
  expect(events).toHaveLength(lessons.length);
  const starts = lessons.map((lesson) => {
    const event = events.find((e) => e.uid === `lms-schedule-${lesson.idShed}`)!;
    expect(event.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(tzid);
    return { lesson: lesson.startsAt, utc: new Date(event.startDate.toUnixTime() * 1000).toISOString().slice(11, 16) };
  });
  return { tzid, starts };
}

/** 'HH:MM' moved by `hours`. */
const shifted = (hhmm: string, hours: number) => `${String((Number(hhmm.slice(0, 2)) + hours + 24) % 24).padStart(2, '0')}:${hhmm.slice(3, 5)}`;

/**
 * The zone is read and applied the same way on either database; each start on PGlite takes several
 * times as long. So the files run once: on PostgreSQL when the run has it (the server-pg project),
 * else on PGlite.
 */
const runsOnPostgresInstead = !usePostgres && Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(runsOnPostgresInstead)("the university's time zone (on PostgreSQL when the run has it)", () => {
  it('without TZ, the setting Asia/Bishkek: the feed names Asia/Bishkek and a lesson of 08:00 starts at 02:00Z', async () => {
    const server = await serverWith('Asia/Bishkek', undefined);
    try {
      const { feed, schedule, timeZone } = await feedOf(server.base);
      expect(timeZone).toBe('Asia/Bishkek');
      const { tzid, starts } = eventStartsUtc(feed, schedule);
      expect(tzid).toBe('Asia/Bishkek');
      expect(feed).toMatch(/BEGIN:VTIMEZONE\r?\nTZID:Asia\/Bishkek\r?\n[\s\S]*TZOFFSETTO:\+0600/);
      expect(starts.some((s) => s.lesson === '08:00')).toBe(true);
      for (const s of starts) expect(s.utc).toBe(shifted(s.lesson, -6));
      expect(server.output()).toContain('Time zone: Asia/Bishkek (site setting time_zone).');
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('TZ, when given, overrides the setting', async () => {
    const server = await serverWith('Asia/Bishkek', 'Europe/Moscow');
    try {
      const { feed, schedule, timeZone } = await feedOf(server.base);
      expect(timeZone).toBe('Europe/Moscow');
      const { tzid, starts } = eventStartsUtc(feed, schedule);
      expect(tzid).toBe('Europe/Moscow');
      for (const s of starts) expect(s.utc).toBe(shifted(s.lesson, -3));
      expect(server.output()).toContain('Time zone: Europe/Moscow from TZ (overrides the site setting time_zone Asia/Bishkek).');
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('a setting that is not an IANA name is refused at start with a clear line, and the server serves in UTC', async () => {
    const server = await serverWith('Bishkek+6', undefined);
    try {
      expect(server.output()).toContain(
        'The site setting time_zone "Bishkek+6" is not an IANA time zone name (such as Asia/Bishkek) and is ignored: using UTC.',
      );
      const { feed, schedule, timeZone } = await feedOf(server.base);
      expect(timeZone).toBe('UTC');
      const { tzid, starts } = eventStartsUtc(feed, schedule);
      expect(tzid).toBe('Etc/UTC');
      for (const s of starts) expect(s.utc).toBe(s.lesson);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
