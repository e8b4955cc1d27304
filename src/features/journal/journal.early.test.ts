import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalData, TeacherTime } from '@contract/journal';
import { STORAGE_KEYS } from '@lib/storage';
import { currentLanguage } from '../../i18n/languages';
import { recordSaga } from '../../test/saga';
import { leavePage, openPage, remember as rememberOn } from '../../test/early';
import { fail, http, ok, recordRequests, server, teacher } from '../../test/server';
import { EARLY_FRESH_MS, EARLY_MS } from '@shared/request/early';
import { journalInfo } from './journal.fixtures';
import { journalActions } from './journal.slice';
import { loadJournalSaga, timetableSaga } from './journal.saga';

const dataOf = (id: number, student = 100): JournalData => ({
  info: journalInfo(id),
  journal: [[], []],
  students: [{ id_student: student, s_fio: 'Асанов Бакыт', code: 'S-1', group: 'ПИ-1-24', subgroup: 0 }],
  dates: [],
  resArray: [],
  finals: [],
});

/** The journal's lessons in the teacher's timetable, as teachertimes.json answers them. */
const timesOf = (id: number): TeacherTime[] => [{ idShed: id, day_number: 2, id_time: 1 + (id % 5), time: '08:00–09:20', auditorium: '204' }];

/** teachertimes.json answers timesOf(id_journal) and counts its calls. */
function answerTimes() {
  const calls: number[] = [];
  server.use(
    http.post('/api/visitlog/teachertimes.json', async ({ request }) => {
      const { id_journal } = (await request.json()) as { id_journal: number };
      calls.push(id_journal);
      return ok(timesOf(id_journal));
    }),
  );
  return calls;
}

beforeEach(() => void answerTimes());

/** The signed-in teacher, and the journal remembered. */
const remember = (entry: { id: number; lang: string; uid?: number; role?: number }) => rememberOn('journal', entry);

const signedIn = { session: { status: 'authenticated', user: teacher } };

/** The clock stands still: how old a reply is when taken is what each test sets. */
const NOW = Date.parse('2026-10-06T08:10:00Z');
beforeEach(() => vi.spyOn(Date, 'now').mockReturnValue(NOW));

afterEach(() => {
  vi.restoreAllMocks();
  leavePage();
});

describe("the journal asked for while the app's code starts", () => {
  it('the page asks for the journal this teacher opened last here, or the one its address names, and for nothing elsewhere', async () => {
    const log = recordRequests();
    const asked: { id: number; lang: string | null }[] = [];
    server.use(
      http.post('/api/visitlog/journal.json', async ({ request }) => {
        const { id_journal } = (await request.json()) as { id_journal: number };
        asked.push({ id: id_journal, lang: request.headers.get('accept-language') });
        return ok(dataOf(id_journal));
      }),
    );
    remember({ id: 41, lang: 'kg' });
    await openPage('/lms/journal');
    await openPage('/lms/journal?j=42&y=2026&ws=1');
    await openPage('/lms/news');
    // Another person signed in on this device, or the same number in another role: not asked for.
    remember({ uid: teacher.uid + 1, id: 43, lang: 'kg' });
    await openPage('/lms/journal');
    remember({ role: 2, id: 43, lang: 'kg' });
    await openPage('/lms/journal');
    log.stop();
    // In the language the app was in when the journal opened, as the app's own call would be.
    expect(asked).toEqual([
      { id: 41, lang: 'kg' },
      { id: 42, lang: 'kg' },
    ]);
    // With the journal, its lessons in the teacher's timetable (the lesson it opens on).
    expect(log.paths()).toEqual([
      '/api/visitlog/journal.json',
      '/api/visitlog/teachertimes.json',
      '/api/visitlog/journal.json',
      '/api/visitlog/teachertimes.json',
    ]);
  });

  it("the first load of that journal takes the timetable the page asked for; another journal's, or a refusal, is asked for as usual", async () => {
    server.use(http.post('/api/visitlog/journal.json', () => ok(dataOf(41))));
    const calls = answerTimes();
    const opened = (id: number) => recordSaga(timetableSaga, { ...signedIn, journal: { filters: { journal: id } } }, journalActions.journalRequested({ id }));
    remember({ id: 41, lang: currentLanguage() });
    await openPage('/lms/journal');
    expect(calls).toEqual([41]);
    expect(await opened(41)).toEqual([journalActions.timetableSucceeded(timesOf(41))]);
    expect(calls).toEqual([41]);
    // Taken once, like the journal: opened again, it is asked for.
    expect(await opened(41)).toEqual([journalActions.timetableSucceeded(timesOf(41))]);
    expect(calls).toEqual([41, 41]);

    await openPage('/lms/journal');
    expect(await opened(42)).toEqual([journalActions.timetableSucceeded(timesOf(42))]);
    expect(calls).toEqual([41, 41, 41, 42]);

    // Refused early: the app asks itself, and its answer is shown.
    server.use(http.post('/api/visitlog/teachertimes.json', () => (calls.push(-1), fail(403, 'FORBIDDEN', 'Нет доступа')), { once: true }));
    await openPage('/lms/journal');
    expect(await opened(41)).toEqual([journalActions.timetableSucceeded(timesOf(41))]);
    expect(calls).toEqual([41, 41, 41, 42, -1, 41]);
  });

  it('the first load of that journal takes the reply instead of asking again, and the journal opened is the one asked for next time', async () => {
    let calls = 0;
    server.use(http.post('/api/visitlog/journal.json', () => (calls++, ok(dataOf(41)))));
    remember({ id: 41, lang: currentLanguage() });
    await openPage('/lms/journal');
    expect(calls).toBe(1);
    server.use(http.post('/api/visitlog/journal.json', () => (calls++, ok(dataOf(41, 200)))));
    expect(await recordSaga(loadJournalSaga, signedIn, journalActions.journalRequested({ id: 41 }))).toEqual([journalActions.journalSucceeded(dataOf(41))]);
    expect(calls).toBe(1);
    // Taken once: the next load of it reads it afresh.
    expect(await recordSaga(loadJournalSaga, signedIn, journalActions.journalRequested({ id: 41 }))).toEqual([
      journalActions.journalSucceeded(dataOf(41, 200)),
    ]);
    expect(calls).toBe(2);
    server.use(http.post('/api/visitlog/journal.json', () => ok(dataOf(44))));
    await recordSaga(loadJournalSaga, signedIn, journalActions.journalRequested({ id: 44 }));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.journal) ?? 'null')).toEqual({
      uid: teacher.uid,
      role: teacher.role,
      id: 44,
      lang: currentLanguage(),
    });
  });

  it('a reply nobody takes while the app would is let go', async () => {
    server.use(http.post('/api/visitlog/journal.json', () => ok(dataOf(41))));
    remember({ id: 41, lang: currentLanguage() });
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await openPage('/lms/journal');
    const [letGo, ms] = timers.mock.calls.find(([, delay]) => delay === EARLY_MS) ?? [];
    expect(window.__lmsEarly).toBeDefined();
    (letGo as () => void)();
    expect(ms).toBe(EARLY_MS);
    expect(window.__lmsEarly).toBeUndefined();
  });

  it('a reply that waited for the choice is shown, then read again at once (changes made meanwhile reach the tab only once the journal is open)', async () => {
    server.use(http.post('/api/visitlog/journal.json', () => ok(dataOf(41))));
    remember({ id: 41, lang: currentLanguage() });
    await openPage('/lms/journal');
    window.__lmsEarly!.at -= EARLY_FRESH_MS + 1;
    expect(await recordSaga(loadJournalSaga, signedIn, journalActions.journalRequested({ id: 41 }))).toEqual([
      journalActions.journalSucceeded(dataOf(41)),
      journalActions.journalRequested({ id: 41, keepEdits: true }),
    ]);
  });

  it('another journal chosen, another language, a reply too old or a refusal: the call is made as usual', async () => {
    let calls = 0;
    server.use(http.post('/api/visitlog/journal.json', () => (calls++, ok(dataOf(41)))));
    const load = (id: number) => recordSaga(loadJournalSaga, signedIn, journalActions.journalRequested({ id }));

    remember({ id: 41, lang: currentLanguage() });
    await openPage('/lms/journal');
    server.use(http.post('/api/visitlog/journal.json', () => (calls++, ok(dataOf(42)))));
    expect(await load(42)).toEqual([journalActions.journalSucceeded(dataOf(42))]);
    expect(calls).toBe(2);

    remember({ id: 41, lang: currentLanguage() === 'en' ? 'kg' : 'en' });
    await openPage('/lms/journal');
    server.use(http.post('/api/visitlog/journal.json', () => (calls++, ok(dataOf(41, 300)))));
    expect(await load(41)).toEqual([journalActions.journalSucceeded(dataOf(41, 300))]);
    expect(calls).toBe(4);

    remember({ id: 41, lang: currentLanguage() });
    await openPage('/lms/journal');
    window.__lmsEarly!.at -= EARLY_MS + 1;
    expect(await load(41)).toEqual([journalActions.journalSucceeded(dataOf(41, 300))]);
    expect(calls).toBe(6);

    // Refused early (the session ended meanwhile): the call itself says so, as every call does.
    server.use(http.post('/api/visitlog/journal.json', () => (calls++, fail(403, 'FORBIDDEN', 'Нет доступа'))));
    await openPage('/lms/journal');
    const actions = await load(41);
    expect(calls).toBe(8);
    expect(actions).toEqual([journalActions.journalFailed(expect.objectContaining({ ok: false, status: 403 }) as never)]);
  });
});
