/**
 * What the kept-journal tests (reply-cache.journal.test.ts, reply-cache.teacher-journal.test.ts)
 * share: two server processes whose replies are kept, on one database (test/processes.ts
 * journalProcesses), their clock late in the demo half-year, the demo teacher and student signed in
 * and the Web Programming lecture of the demo student's stream. A test file calls
 * useJournalProcesses() once at its top level: the bindings below are set before its first test and
 * the processes closed after its last.
 */
import { afterAll, beforeAll } from 'vitest';
import type { JournalInfo } from '@contract/journal';
import type { App } from '../app';
import { journalProcesses, type JournalProcesses } from '../test/processes';
import { testClock, type TestDatabase, type TestSession } from '../test/helpers';

/** The lesson time the tests write marks at: the last pair (17:30). */
export const TIME = 7;

export let processes: JournalProcesses;
export let db: TestDatabase;
/** Two "processes" on the database: what one changes, the other must show. */
export let a: App;
export let b: App;
export let teacher: TestSession;
export let student: TestSession;
/** The Web Programming lecture of the demo student's stream. */
export let lecture: JournalInfo;

/** The processes, the sessions and the lecture for the tests of the calling file. */
export function useJournalProcesses(): void {
  beforeAll(async () => {
    processes = await journalProcesses(testClock(new Date(2026, 10, 30, 12, 0)).now);
    ({ db, a, b, teacher, student, lecture } = processes);
  }, 180_000);
  afterAll(() => processes.close());
}

/** A journal call (`/api/visitlog/<url>`) to one process as `who`. */
export const post: JournalProcesses['post'] = (...args) => processes.post(...args);
