import { afterEach, describe, expect, it } from 'vitest';
import type { JournalStart } from '@contract/journal';
import { currentLanguage } from '../../i18n/languages';
import { PAGE_DATA_ELEMENT_ID, rereadPageData } from '@shared/session/pageData';
import { failed, succeeded } from '@shared/request/loadable';
import type { SettingsState } from '@shared/settings/settings';
import { recordSaga } from '../../test/saga';
import { TEST_TIME_ZONE } from '../../test/settings';
import { fail, http, ok, recordRequests, server, student, teacher } from '../../test/server';
import { journalInfo } from './journal.fixtures';
import { initialJournalState, journalActions, journalReducer } from './journal.slice';
import { halfSaga, lessonAddSaga, openedSaga } from './journal.saga';

const start: JournalStart = {
  years: [
    { id: 2025, name: '2025-2026' },
    { id: 2026, name: '2026-2027' },
  ],
  half: { id_a_year: 2026, id_w_s: 1 },
  journals: [journalInfo(41), journalInfo(42, { subgroup: 2 })],
  times: [{ id: 1, name: '08:00–09:20' }],
  modules: [{ id: 1, name: 'Модуль 1' }],
};
/** The shared settings as loaded at sign-in: the current period is 2026, autumn. */
const settingsOf = (year = 2026, ws = 1): SettingsState =>
  succeeded({ defaults: { id_a_year: year, a_year: `${year}-27`, id_w_s: ws, universityName: 'U', maxSizeMb: 10, timeZone: TEST_TIME_ZONE }, links: [] });
const signedIn = (user = teacher, journal = initialJournalState, settings = settingsOf()) => ({
  session: { status: 'authenticated', user },
  journal,
  settings,
});
const period = { year: 2026, ws: 1 };

afterEach(() => {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
  rereadPageData();
});

describe('the journal screen opens', () => {
  it("a teacher's first view comes in one call (years, his journals, the lists), the current year and half-year from the shared settings", async () => {
    const log = recordRequests();
    server.use(http.get('/api/visitlog/start.json', () => ok(start)));
    const actions = await recordSaga(openedSaga, signedIn());
    log.stop();
    expect(log.paths()).toEqual(['/api/visitlog/start.json']);
    expect(actions).toEqual([journalActions.startSucceeded({ start, period })]);
    const state = actions.reduce(journalReducer, { ...initialJournalState, filters: { ...initialJournalState.filters, semester: 5 } });
    expect(state).toMatchObject({
      year: 2026,
      ws: 1,
      years: { data: start.years },
      journals: { data: start.journals, fetching: false },
      lists: { times: start.times, modules: start.modules },
    });
    // Everything below the half-year starts cleared, as when a half-year is chosen.
    expect(state.filters).toEqual(initialJournalState.filters);
  });

  it('takes the first view the page arrived with, once, without asking the server', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_DATA_ELEMENT_ID;
    script.textContent = JSON.stringify({ lang: currentLanguage(), user: teacher, journal: start });
    document.body.append(script);
    rereadPageData();
    const log = recordRequests();
    server.use(http.get('/api/visitlog/start.json', () => ok({ ...start, journals: [] })));
    expect(await recordSaga(openedSaga, signedIn())).toEqual([journalActions.startSucceeded({ start, period })]);
    expect(await recordSaga(openedSaga, signedIn())).toEqual([journalActions.startSucceeded({ start: { ...start, journals: [] }, period })]);
    log.stop();
    expect(log.paths()).toEqual(['/api/visitlog/start.json']);
  });

  it("the settings' period rules: a first view of another half-year shows the settings' one and asks for its journals", async () => {
    const log = recordRequests();
    server.use(http.get('/api/visitlog/start.json', () => ok(start)));
    const actions = await recordSaga(openedSaga, signedIn(teacher, initialJournalState, settingsOf(2026, 2)));
    log.stop();
    expect(log.paths()).toEqual(['/api/visitlog/start.json']);
    expect(actions).toEqual([journalActions.startSucceeded({ start, period: { year: 2026, ws: 2 } }), journalActions.journalsRequested()]);
    const state = actions.reduce(journalReducer, initialJournalState);
    expect(state).toMatchObject({ year: 2026, ws: 2, years: { data: start.years }, lists: { times: start.times, modules: start.modules } });
    // The first view's journals (autumn's) are not shown as spring's.
    expect(state.journals.data).toEqual([]);
  });

  it("a teacher whose settings failed to load: one failure (the settings'), nothing chosen", async () => {
    server.use(
      http.get('/api/visitlog/start.json', () => ok(start)),
      http.post('/api/misc/settings.json', () => fail(500, 'INTERNAL')),
    );
    const settings = failed({ ok: false, problem: 'SERVER_ERROR', status: 500, error: null }, { defaults: null, links: [] });
    const actions = await recordSaga(openedSaga, signedIn(teacher, initialJournalState, settings));
    expect(actions.filter((a) => a.type.startsWith('journal/'))).toEqual([journalActions.yearsFailed(expect.objectContaining({ status: 500 }))]);
  });

  it('a refusal of the first view is shown as the years’ error', async () => {
    server.use(http.get('/api/visitlog/start.json', () => fail(403, 'FORBIDDEN')));
    const actions = await recordSaga(openedSaga, signedIn());
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ type: 'journal/yearsFailed', payload: { status: 403, error: { code: 'FORBIDDEN' } } });
  });

  it("a student: the years, and the current year and half-year from the university's settings (not asked again), then his own journal", async () => {
    const log = recordRequests();
    server.use(http.get('/api/misc/years.json', () => ok(start.years)));
    const actions = await recordSaga(openedSaga, signedIn(student));
    log.stop();
    expect([...log.paths()]).toEqual(['/api/misc/years.json']);
    expect(actions).toEqual([journalActions.yearsSucceeded(start.years), journalActions.halfChosen({ year: 2026, ws: 1 })]);
    expect(await recordSaga(halfSaga, signedIn(student, { ...initialJournalState, year: 2026, ws: 1 }))).toEqual([journalActions.ownRequested()]);
  });

  it("a student whose settings failed to load: one failure (the settings'), no half-year chosen", async () => {
    server.use(http.get('/api/misc/years.json', () => ok(start.years)));
    const settings = failed({ ok: false, problem: 'SERVER_ERROR', status: 500, error: null }, { defaults: null, links: [] });
    const actions = await recordSaga(openedSaga, signedIn(student, initialJournalState, settings));
    expect(actions).toEqual([
      journalActions.yearsSucceeded(start.years),
      journalActions.yearsFailed({ ok: false, problem: 'SERVER_ERROR', status: 500, error: null }),
    ]);
  });

  it('shown again with a half-year chosen: the years, then that half-year’s journals and the lists, as before', async () => {
    const log = recordRequests();
    server.use(
      http.get('/api/misc/years.json', () => ok(start.years)),
      http.get('/api/visitlog/times.json', () => ok(start.times)),
      http.get('/api/visitlog/modules.json', () => ok(start.modules)),
    );
    const actions = await recordSaga(openedSaga, signedIn(teacher, { ...initialJournalState, year: 2025, ws: 2 }));
    log.stop();
    expect(log.paths()).not.toContain('/api/visitlog/start.json');
    expect(actions).toEqual([
      journalActions.yearsSucceeded(start.years),
      journalActions.journalsRequested(),
      journalActions.listsSucceeded({ times: start.times, modules: start.modules }),
    ]);
  });
});

describe('adding a lesson', () => {
  it('saves the lesson at once on the server, then shows its column as the lesson in focus; a refusal shows and adds nothing', async () => {
    const log = recordRequests();
    server.use(http.post('/api/visitlog/lesson/add.json', () => ok({ visitDate: '2026-10-30', id_time: 7, time: '17:30' })));
    const open = {
      ...initialJournalState,
      lesson: { date: '2026-11-16', time: 2 },
      journal: {
        data: {
          info: journalInfo(41),
          journal: [[], []],
          students: [],
          dates: [{ visitDate: '2026-11-16', id_time: 2, time: '09:30' }],
          resArray: [],
          finals: [],
        },
        fetching: false,
        error: null,
        loaded: true,
      },
    } as typeof initialJournalState;
    const lesson = { date: '2026-10-30', time: 7 };
    const actions = await recordSaga(lessonAddSaga, signedIn(teacher, open), journalActions.lessonAddRequested(lesson));
    log.stop();
    expect(log.paths()).toEqual(['/api/visitlog/lesson/add.json']);
    expect(actions).toEqual([journalActions.lessonAddSucceeded(lesson)]);
    const state = [journalActions.lessonAddRequested(lesson), ...actions].reduce(journalReducer, open);
    expect(state.added).toEqual([lesson]);
    expect(state.lesson).toEqual(lesson);
    expect(state.lessonAdd).toMatchObject({ fetching: false, error: null });

    server.use(http.post('/api/visitlog/lesson/add.json', () => fail(400, 'BAD_REQUEST')));
    const refused = await recordSaga(lessonAddSaga, signedIn(teacher, open), journalActions.lessonAddRequested(lesson));
    const after = [journalActions.lessonAddRequested(lesson), ...refused].reduce(journalReducer, open);
    expect(after.added).toEqual([]);
    expect(after.lesson).toEqual(open.lesson);
    expect(after.lessonAdd.error).not.toBeNull();
  });
});
