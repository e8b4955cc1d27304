/**
 * The university's time zone: lesson times, today's date, the academic year, journal periods, the
 * calendar feed and the dates of reports and documents are read in it (shared/lesson-clock.ts,
 * lib/academic-year.ts, lib/dates.ts). It is the site setting `time_zone` (an IANA name such as
 * Asia/Bishkek); the environment variable TZ, when set, overrides it (docs/configuration.md). The
 * server applies it once at start, before serving (server/src/main.ts), as the process's own zone: every
 * local-time reading of a Date then uses it.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { siteSettings } from '../db/schema';

/** The site setting's key. */
export const TIME_ZONE_SETTING = 'time_zone';

/** Area/Location names (Asia/Bishkek, America/Argentina/Buenos_Aires) and single words (UTC): no offsets or POSIX rules. */
const IANA_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9][A-Za-z0-9_+-]*)*$/;

/** Whether `name` is a time zone of the IANA database that this runtime knows. */
export function isTimeZoneName(name: string): boolean {
  if (!IANA_SHAPE.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export interface TimeZoneChoice {
  /** The value for TZ; undefined: leave TZ as it is (given, or the machine's zone). */
  tz: string | undefined;
  /** What the start log says about it. */
  message: string;
  /** The setting was refused (not an IANA name): the log line is an error. */
  refused: boolean;
}

/** The zone to serve in: TZ when given, else the setting when it is a valid IANA name, else UTC (an invalid setting) or the machine's zone (none). */
export function chooseTimeZone(givenTz: string | undefined, setting: string | undefined): TimeZoneChoice {
  const given = givenTz?.trim() ? givenTz : undefined;
  const value = setting?.trim();
  if (value !== undefined && value !== '' && !isTimeZoneName(value)) {
    const fallback = given ? `TZ=${given}` : 'UTC';
    return {
      tz: given ? undefined : 'UTC',
      message: `The site setting ${TIME_ZONE_SETTING} "${setting}" is not an IANA time zone name (such as Asia/Bishkek) and is ignored: using ${fallback}.`,
      refused: true,
    };
  }
  if (given) {
    const note = value && value !== given ? ` (overrides the site setting ${TIME_ZONE_SETTING} ${value})` : '';
    return { tz: undefined, message: `Time zone: ${given} from TZ${note}.`, refused: false };
  }
  if (value) return { tz: value, message: `Time zone: ${value} (site setting ${TIME_ZONE_SETTING}).`, refused: false };
  return {
    tz: undefined,
    message: `Time zone: the machine's (${Intl.DateTimeFormat().resolvedOptions().timeZone}); set the site setting ${TIME_ZONE_SETTING} or TZ.`,
    refused: false,
  };
}

/** The setting as stored, or undefined without one. */
export async function readTimeZoneSetting(db: Db): Promise<string | undefined> {
  const rows = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, TIME_ZONE_SETTING));
  return rows[0]?.value;
}

export interface TimeZoneLog {
  info(message: string): void;
  error(message: string): void;
}

/**
 * Makes the university's zone the process's (process.env.TZ, which Node applies on assignment) unless
 * TZ was given. Called once at start, before the server builds its app; returns the zone in force.
 */
export async function applyUniversityTimeZone(db: Db, env: NodeJS.ProcessEnv, log: TimeZoneLog): Promise<string> {
  const choice = chooseTimeZone(env.TZ, await readTimeZoneSetting(db));
  if (choice.tz !== undefined) env.TZ = choice.tz;
  if (choice.refused) log.error(choice.message);
  else log.info(choice.message);
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zone the process reads local times in now (the one applied at start). */
export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
