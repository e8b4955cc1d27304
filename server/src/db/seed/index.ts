/**
 * Seeding as named steps, each applied once and recorded in seed_steps, in one transaction with
 * its record, in the order of their names (NNNN-<what>). The steps here are the university's
 * common data and the areas that keep their seed in this folder; an area may instead declare its
 * steps in its own folder (`seed` in server/src/modules/index.ts), as the payment area does. A later
 * area's step takes the next number: on an existing database only the new step runs. Steps are
 * deterministic (seeded PRNG, no network).
 */
import { eq } from 'drizzle-orm';
import { currentPeriod } from '../../lib/academic-year';
import type { StorageBackend } from '../../plugins/files.storage';
import type { Db } from '../client';
import { seedSteps } from '../schema';
import { seedChat } from './chat';
import { seedJournal } from './journal';
import { rewriteBookSearchText, seedLibrary } from './library';
import { seedUmk } from './umk';
import { seedNews } from './news';
import { seedQr } from './qr';
import { fitPlanSubgroups, seedRegistration, seedTranscript } from './registration';
import { seedSchedule } from './schedule';
import { seedSingleWindow } from './singlewindow';
import { seedSpringLessons } from './spring';
import { ensureAcademicYears, seedReference, seedSite, seedTimeZone } from './reference';
import { seedUniversity } from './university';

export interface SeedContext {
  /** 'small': a few students per group (tests); the demo accounts are the same. */
  size: 'full' | 'small';
  now: Date;
  log: (message: string) => void;
  /** Where seeded files are stored: the server's files store (the disk or the bucket); null: rows only (server tests). */
  files: StorageBackend | null;
}

export interface SeedStep {
  name: string;
  run(db: Db, ctx: SeedContext): Promise<void>;
  /** Needed by every portal, an empty one too (`npm run seed -- --empty`): not demo data. */
  reference?: true;
}

/**
 * The row of seed_steps that marks a portal made by `npm run seed -- --empty` (./empty.ts): on it
 * only the reference steps run, and the demo's are skipped (and not recorded).
 */
export const EMPTY_PORTAL = '0000-empty-portal';

/** The steps of this folder; `allSeedSteps()` adds the areas' own. */
export const STEPS: readonly SeedStep[] = [
  { name: '0001-reference', run: (db) => seedReference(db), reference: true },
  { name: '0002-university', run: seedUniversity },
  { name: '0003-site', run: (db) => seedSite(db), reference: true },
  { name: '0004-news', run: seedNews },
  { name: '0005-chat', run: seedChat },
  { name: '0006-schedule', run: seedSchedule },
  { name: '0007-journal', run: seedJournal },
  { name: '0008-qr', run: seedQr },
  { name: '0009-library', run: seedLibrary },
  { name: '0010-umk', run: seedUmk },
  { name: '0011-spring-lessons', run: seedSpringLessons },
  { name: '0012-singlewindow', run: (db) => seedSingleWindow(db) },
  { name: '0013-registration', run: seedRegistration },
  { name: '0015-transcript', run: seedTranscript },
  // Not demo data: every book's search column in both alphabets (any database, seeded or not).
  { name: '0016-book-search-keys', run: (db) => rewriteBookSearchText(db), reference: true },
  { name: '0017-registration-plan-slots', run: fitPlanSubgroups },
  { name: '0018-time-zone', run: (db) => seedTimeZone(db), reference: true },
];

/** Every seed step, this folder's and those the areas declare, in name order. */
export async function allSeedSteps(): Promise<SeedStep[]> {
  const { areaSeedSteps } = await import('../../modules/index');
  return [...STEPS, ...(await areaSeedSteps())].sort((a, b) => a.name.localeCompare(b.name));
}

export interface SeedOptions {
  size?: SeedContext['size'];
  now?: Date;
  log?: (message: string) => void;
  files?: StorageBackend | null;
}

export interface SeedReport {
  applied: string[];
  skipped: string[];
  /** A portal made by `npm run seed -- --empty`: no demo data, no demo accounts. */
  empty?: boolean;
}

export async function runSeed(db: Db, options: SeedOptions = {}, given?: readonly SeedStep[]): Promise<SeedReport> {
  const steps = given ?? (await allSeedSteps());
  const ctx: SeedContext = {
    size: options.size ?? 'full',
    now: options.now ?? new Date(),
    log: options.log ?? (() => {}),
    files: options.files ?? null,
  };
  const done = new Set((await db.select({ name: seedSteps.name }).from(seedSteps)).map((r) => r.name));
  const report: SeedReport = { applied: [], skipped: [] };
  const empty = done.has(EMPTY_PORTAL);
  for (const step of steps) {
    if (done.has(step.name) || (empty && !step.reference)) {
      report.skipped.push(step.name);
      continue;
    }
    const started = Date.now();
    await db.transaction(async (tx) => {
      // Another process may have applied it meanwhile (PostgreSQL runs this under a lock anyway).
      const again = await tx.select({ name: seedSteps.name }).from(seedSteps).where(eq(seedSteps.name, step.name));
      if (again.length > 0) return;
      await step.run(tx, ctx);
      await tx.insert(seedSteps).values({ name: step.name });
    });
    ctx.log(`seed step ${step.name} applied in ${Date.now() - started} ms`);
    report.applied.push(step.name);
  }
  // The years list must always reach from four years back to one ahead of today.
  const current = currentPeriod(ctx.now).year;
  await ensureAcademicYears(db, current - 4, current + 1);
  return { ...report, empty };
}
