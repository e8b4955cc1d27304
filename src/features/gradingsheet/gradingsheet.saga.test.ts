/** The grading sheet screen opens: a teacher's list of the current half-year, which the page may have arrived with; a student's own lines. */
import { afterEach, describe, expect, it } from 'vitest';
import type { SheetListItem } from '@contract/gradingsheet';
import { currentLanguage } from '../../i18n/languages';
import { PAGE_DATA_ELEMENT_ID, rereadPageData } from '@shared/session/pageData';
import { recordSaga } from '../../test/saga';
import { loadedSettings } from '../../test/settings';
import { recordRequests, student, teacher } from '../../test/server';
import { gradingSheetActions as A } from './gradingsheet.slice';
import { openedSaga } from './gradingsheet.saga';

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
