/**
 * The university's time zone as a site setting (shared/time-zone.ts): which zone the server takes
 * from TZ and the setting, and the seed step that gives the demo database, new or seeded before,
 * Asia/Bishkek. The effect on a running server: server/src/time-zone.start.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helpers';
import { seedSteps, siteSettings } from '../db/schema';
import { runSeed } from '../db/seed';
import { chooseTimeZone, isTimeZoneName, readTimeZoneSetting, TIME_ZONE_SETTING } from './time-zone';

describe('the zone the server takes', () => {
  it('is the setting when TZ is not given', () => {
    expect(chooseTimeZone(undefined, 'Asia/Bishkek')).toEqual({
      tz: 'Asia/Bishkek',
      message: 'Time zone: Asia/Bishkek (site setting time_zone).',
      refused: false,
    });
    expect(chooseTimeZone('', 'Asia/Bishkek').tz).toBe('Asia/Bishkek');
  });

  it('is TZ when given, which overrides the setting and says so', () => {
    const choice = chooseTimeZone('Europe/Moscow', 'Asia/Bishkek');
    expect(choice.tz).toBeUndefined();
    expect(choice.refused).toBe(false);
    expect(choice.message).toBe('Time zone: Europe/Moscow from TZ (overrides the site setting time_zone Asia/Bishkek).');
  });

  it('refuses a setting that is not an IANA name, naming it, and falls back to UTC or to TZ', () => {
    for (const bad of ['Bishkek time', 'UTC+6', '+06:00', 'Mars/Olympus_Mons', '../etc/passwd']) {
      const choice = chooseTimeZone(undefined, bad);
      expect(choice).toMatchObject({ tz: 'UTC', refused: true });
      expect(choice.message).toContain(`"${bad}" is not an IANA time zone name`);
      expect(choice.message).toMatch(/using UTC\.$/);
    }
    const withTz = chooseTimeZone('Asia/Almaty', 'Mars/Olympus_Mons');
    expect(withTz).toMatchObject({ tz: undefined, refused: true });
    expect(withTz.message).toMatch(/using TZ=Asia\/Almaty\.$/);
  });

  it("keeps the machine's zone without a setting or TZ, and says how to set one", () => {
    const choice = chooseTimeZone(undefined, undefined);
    expect(choice).toMatchObject({ tz: undefined, refused: false });
    expect(choice.message).toContain('set the site setting time_zone or TZ');
  });

  it('knows IANA names, not offsets or words', () => {
    for (const name of ['Asia/Bishkek', 'UTC', 'Etc/UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT-6']) expect(isTimeZoneName(name)).toBe(true);
    for (const name of ['', 'Asia/Nowhere', 'GMT+06:00', 'asia bishkek', '/Asia/Bishkek']) expect(isTimeZoneName(name)).toBe(false);
  });
});

describe('the seed', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db?.close());

  it('gives a fresh demo database the zone Asia/Bishkek', async () => {
    expect(await readTimeZoneSetting(db.database.db)).toBe('Asia/Bishkek');
  });

  it('gives it to a database seeded before the zone was a setting, and keeps one the university set', async () => {
    const d = db.database.db;
    await d.delete(siteSettings).where(eq(siteSettings.key, TIME_ZONE_SETTING));
    await d.delete(seedSteps).where(eq(seedSteps.name, '0018-time-zone'));
    expect(await readTimeZoneSetting(d)).toBeUndefined();
    const report = await runSeed(d, { size: 'small' });
    expect(report.applied).toEqual(['0018-time-zone']);
    expect(await readTimeZoneSetting(d)).toBe('Asia/Bishkek');

    await d.update(siteSettings).set({ value: 'Asia/Almaty' }).where(eq(siteSettings.key, TIME_ZONE_SETTING));
    await d.delete(seedSteps).where(eq(seedSteps.name, '0018-time-zone'));
    await runSeed(d, { size: 'small' });
    expect(await readTimeZoneSetting(d)).toBe('Asia/Almaty');
  });
});
