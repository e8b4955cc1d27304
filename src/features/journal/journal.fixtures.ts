/** Test data of the journal's tests: the demo teacher's laboratory journal of ПИ-1-24. */
import type { JournalData, JournalInfo } from '@contract/journal';
import type { IdName } from '@contract/common';
import { initialJournalState, type JournalState } from './journal.slice';
import { succeeded } from '@shared/request/loadable';
import { TEST_TIME_ZONE } from '../../test/settings';

export const journalInfo = (id: number, over: Partial<JournalInfo> = {}): JournalInfo => ({
  id_journal: id,
  id_a_year: 2026,
  id_w_s: 1,
  id_semester: 5,
  semester: '5',
  id_discipline: 7,
  discipline: 'Веб-программирование',
  id_vid_zaniatiy: 3,
  vid_zaniatiy: 'Лабораторная работа',
  id_examination: 1,
  examination: 'Экзамен',
  credits: 5,
  id_groupOrPotok: 10,
  groupOrPotok: 'ПИ-1-24',
  isPotok: false,
  subgroup: 1,
  id_f_educ: 1,
  f_educ: 'Очная',
  id_teacher: 2,
  teacher: 'Асанов Бакыт Кубанычбекович',
  startsOn: '2026-09-01',
  endsOn: '2027-01-31',
  closesOn: '2027-02-15',
  readOnly: false,
  scale: '2-5',
  ...over,
});

/** The journal's state with one journal chosen and loaded (the years, lesson times and the journal's data given), plus what a test sets. */
export function openJournalState(data: JournalData, lists: { years: IdName[]; times: IdName[] }, over: Partial<JournalState> = {}): JournalState {
  return {
    ...initialJournalState,
    year: data.info.id_a_year,
    ws: data.info.id_w_s,
    years: { data: lists.years, fetching: false, error: null, loaded: true },
    lists: { times: lists.times, modules: [] },
    journals: { data: [data.info], fetching: false, error: null, loaded: true },
    filters: { ...initialJournalState.filters, journal: data.info.id_journal },
    journal: { data, fetching: false, error: null, loaded: true },
    // Its weekly lessons answered (none): the journal opens on its latest lesson not in the future.
    timetableReady: true,
    ...over,
  };
}

/** The shared settings as loaded at sign-in: the current period is 2026-27, autumn. */
export const currentSettings = succeeded({
  defaults: {
    id_a_year: 2026,
    a_year: '2026-27',
    id_w_s: 1,
    universityName: 'Тянь-Шаньский государственный университет',
    maxSizeMb: 25,
    timeZone: TEST_TIME_ZONE,
  },
  links: [],
});
