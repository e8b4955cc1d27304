/**
 * The grading sheet screen opens: a teacher's list of the current half-year, which the page may have
 * arrived with; a student's own lines; the sheet this teacher opened last asked for by the page while
 * the app's code starts (public/early.js).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sheet, SheetListItem } from '@contract/gradingsheet';
import { EARLY_FRESH_MS, type EarlyPage } from '@shared/request/early';
import { STORAGE_KEYS } from '@lib/storage';
import { currentLanguage } from '../../i18n/languages';
import { PAGE_DATA_ELEMENT_ID, rereadPageData } from '@shared/session/pageData';
import { recordSaga } from '../../test/saga';
import { leavePage, openPage, remember as rememberOn } from '../../test/early';
import { loadedSettings } from '../../test/settings';
import { fail, http, ok, recordRequests, server, student, teacher } from '../../test/server';
import { gradingSheetActions as A, gradingSheetReducer } from './gradingsheet.slice';
import { openedSaga, openSaga, refreshSaga, sheetSaga } from './gradingsheet.saga';

const list: SheetListItem[] = [
  { id_journal: 9, id_group: 3, discipline: 'Web Programming', group: 'PI-1-24', sheets: [{ id: 5, attempt: 1, signed: false, student: null }] },
];
const signedIn = (user = teacher) => ({ session: { status: 'authenticated', user }, settings: loadedSettings(2026, 1) });

/** The page's data block, as the server writes it (contract/page.ts). */
function pageArrivesWith(data: Record<string, unknown>) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_DATA_ELEMENT_ID;
  script.textContent = JSON.stringify({ lang: currentLanguage(), ...data });
  document.body.append(script);
  rereadPageData();
}

afterEach(() => {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
  rereadPageData();
});

describe('the grading sheet screen opens', () => {
  it("asks for a teacher's list of the settings' half-year", async () => {
    expect(await recordSaga(openedSaga, signedIn())).toEqual([A.halfChosen({ year: 2026, ws: 1 })]);
  });

  it('takes the list the page arrived with, once, without asking the server', async () => {
    pageArrivesWith({ user: teacher, gradingsheet: { half: { id_a_year: 2026, id_w_s: 1 }, list } });
    const log = recordRequests();
    expect(await recordSaga(openedSaga, signedIn())).toEqual([A.listArrived({ half: { year: 2026, ws: 1 }, list })]);
    // Shown again: the list is asked for.
    expect(await recordSaga(openedSaga, signedIn())).toEqual([A.halfChosen({ year: 2026, ws: 1 })]);
    log.stop();
    expect(log.paths()).toEqual([]);
  });

  it("a page's list of another half-year than the settings' (a period that just turned) is not shown: the settings' one is asked for", async () => {
    pageArrivesWith({ user: teacher, gradingsheet: { half: { id_a_year: 2026, id_w_s: 2 }, list } });
    expect(await recordSaga(openedSaga, signedIn())).toEqual([A.halfChosen({ year: 2026, ws: 1 })]);
  });

  it("another user's list, or one in another language than the client's, is not shown", async () => {
    pageArrivesWith({ user: { ...teacher, id: teacher.id + 1 }, gradingsheet: { half: { id_a_year: 2026, id_w_s: 1 }, list } });
    expect(await recordSaga(openedSaga, signedIn())).toEqual([A.halfChosen({ year: 2026, ws: 1 })]);
    pageArrivesWith({ lang: currentLanguage() === 'en' ? 'ru' : 'en', user: teacher, gradingsheet: { half: { id_a_year: 2026, id_w_s: 1 }, list } });
    expect(await recordSaga(openedSaga, signedIn())).toEqual([A.halfChosen({ year: 2026, ws: 1 })]);
  });

  it("a student's own lines", async () => {
    expect(await recordSaga(openedSaga, signedIn(student))).toEqual([A.mineRequested()]);
  });
});

/** A sheet as sheet.json answers it (what the saga passes on is all that matters here). */
const sheetOf = (id: number, lines = 0) => ({ id, lines: Array.from({ length: lines }, (_, i) => ({ id_student: i + 1 })) }) as unknown as Sheet;

/** The signed-in teacher, and the sheet (or journal, `page`) remembered. */
const remember = (entry: { id: number; lang: string; uid?: number; role?: number }, page: EarlyPage = 'gradingsheet') => rememberOn(page, entry);

/** sheet.json answers sheetOf(id_sheet, lines) and notes each id asked for. */
function answerSheets(lines = 0) {
  const asked: number[] = [];
  server.use(
    http.post('/api/gradingsheet/sheet.json', async ({ request }) => {
      const { id_sheet } = (await request.json()) as { id_sheet: number };
      asked.push(id_sheet);
      return ok(sheetOf(id_sheet, lines));
    }),
  );
  return asked;
}

describe("the sheet asked for while the app's code starts", () => {
  const NOW = Date.parse('2026-12-21T08:10:00Z');
  beforeEach(() => vi.spyOn(Date, 'now').mockReturnValue(NOW));
  afterEach(() => {
    vi.restoreAllMocks();
    leavePage();
  });
  const opened = (id: number) => recordSaga(sheetSaga, signedIn(), A.sheetRequested(id));

  it('the page asks for the sheet this teacher opened last here, in his language, and for nothing elsewhere or for someone else', async () => {
    const languages: (string | null)[] = [];
    const asked = answerSheets();
    server.use(
      http.post(
        '/api/gradingsheet/sheet.json',
        async ({ request }) => (languages.push(request.headers.get('accept-language')), ok(sheetOf(((await request.json()) as { id_sheet: number }).id_sheet))),
      ),
    );
    const log = recordRequests();
    remember({ id: 5, lang: 'kg' });
    await openPage('/lms/gradingsheet');
    await openPage('/lms/news');
    // The journal remembered does not make the grading sheet's page ask for it, nor the other way round.
    window.localStorage.removeItem(STORAGE_KEYS.gradingsheet);
    remember({ id: 41, lang: 'kg' }, 'journal');
    await openPage('/lms/gradingsheet');
    // Another person signed in on this device, or the same number in another role: not asked for.
    remember({ uid: teacher.uid + 1, id: 6, lang: 'kg' });
    await openPage('/lms/gradingsheet');
    remember({ role: 2, id: 6, lang: 'kg' });
    await openPage('/lms/gradingsheet');
    log.stop();
    expect(log.paths()).toEqual(['/api/gradingsheet/sheet.json']);
    expect(languages).toEqual(['kg']);
    expect(asked).toEqual([]);
  });

  it('opening that sheet takes the reply instead of asking again; another sheet, or a refusal, is asked for as usual; the sheet opened is the one asked for next time', async () => {
    const asked = answerSheets();
    remember({ id: 5, lang: currentLanguage() });
    await openPage('/lms/gradingsheet');
    expect(asked).toEqual([5]);
    expect(await opened(5)).toEqual([A.sheetSucceeded(sheetOf(5))]);
    expect(asked).toEqual([5]);
    // Taken once: opened again, it is asked for.
    expect(await opened(5)).toEqual([A.sheetSucceeded(sheetOf(5))]);
    expect(asked).toEqual([5, 5]);

    await openPage('/lms/gradingsheet');
    expect(await opened(7)).toEqual([A.sheetSucceeded(sheetOf(7))]);
    expect(asked).toEqual([5, 5, 5, 7]);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.gradingsheet) ?? 'null')).toEqual({
      uid: teacher.uid,
      role: teacher.role,
      id: 7,
      lang: currentLanguage(),
    });

    // Refused early (the sheet is another teacher's now): the app asks itself, and its answer is what shows.
    server.use(http.post('/api/gradingsheet/sheet.json', () => (asked.push(-1), fail(403, 'FORBIDDEN', 'Нет доступа')), { once: true }));
    await openPage('/lms/gradingsheet');
    expect(await opened(7)).toEqual([A.sheetSucceeded(sheetOf(7))]);
    expect(asked).toEqual([5, 5, 5, 7, -1, 7]);
  });

  it('a reply that waited for the choice is shown, then read again at once', async () => {
    const asked = answerSheets();
    remember({ id: 5, lang: currentLanguage() });
    await openPage('/lms/gradingsheet');
    window.__lmsEarly!.at -= EARLY_FRESH_MS + 1;
    answerSheets(2);
    expect(await opened(5)).toEqual([A.sheetSucceeded(sheetOf(5)), A.sheetSucceeded(sheetOf(5, 2))]);
    expect(asked).toEqual([5]);
  });

  it('when the second read fails (the server away), the sheet shown stays, the failure said over it as a failed refresh; Retry reads it', async () => {
    answerSheets();
    remember({ id: 5, lang: currentLanguage() });
    await openPage('/lms/gradingsheet');
    window.__lmsEarly!.at -= EARLY_FRESH_MS + 1;
    server.use(http.post('/api/gradingsheet/sheet.json', () => fail(503, 'SERVICE_UNAVAILABLE', 'Сервер недоступен')));
    const actions = await opened(5);
    expect(actions).toHaveLength(2);
    expect(actions[0]).toEqual(A.sheetSucceeded(sheetOf(5)));
    expect(actions[1]).toMatchObject({ type: A.sheetRefreshFailed.type, payload: { ok: false, status: 503 } });
    // Reduced in turn: the sheet is still there, the failure beside it; no write failed.
    let state = actions.reduce(gradingSheetReducer, gradingSheetReducer(undefined, A.sheetRequested(5)));
    expect(state.sheet.data).toEqual(sheetOf(5));
    expect(state.sheet.error).toMatchObject({ status: 503 });
    expect(state.writeError).toBeNull();
    // Retry: the sheet stays until the new reply, which clears the failure.
    answerSheets(2);
    state = gradingSheetReducer(state, A.sheetRefreshRequested(5));
    expect(state.sheet).toMatchObject({ fetching: true, error: null });
    expect(state.sheet.data).toEqual(sheetOf(5));
    const retried = await recordSaga(refreshSaga, signedIn(), A.sheetRefreshRequested(5));
    expect(retried).toEqual([A.sheetSucceeded(sheetOf(5, 2))]);
    state = retried.reduce(gradingSheetReducer, state);
    expect(state.sheet.error).toBeNull();
    expect(state.sheet.data).toEqual(sheetOf(5, 2));
  });

  it('a sheet made on its first open is remembered; a refused open leaves the one remembered', async () => {
    server.use(http.post('/api/gradingsheet/open.json', () => ok(sheetOf(12))));
    await recordSaga(openSaga, signedIn(), A.sheetOpened({ id_journal: 9, id_group: 3 }));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.gradingsheet) ?? 'null')).toMatchObject({ id: 12 });
    server.use(http.post('/api/gradingsheet/open.json', () => fail(403, 'FORBIDDEN', 'Нет доступа')));
    await recordSaga(openSaga, signedIn(), A.sheetOpened({ id_journal: 10, id_group: 3 }));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.gradingsheet) ?? 'null')).toMatchObject({ id: 12 });
  });
});
