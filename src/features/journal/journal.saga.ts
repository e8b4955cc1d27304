/**
 * Journal loads and writes, each chained on the one before it: years and the current year and
 * half-year → the teacher's journals (or the student's own journal) → the chosen journal; mark all
 * present, a cell's history, topics and deletions (then the journal reloads). Cells, pasted blocks
 * and final results are written through the outbox (outbox.saga.ts); subgroups and planned topics
 * in setup.saga.ts.
 */
import { all, call, put, select } from 'redux-saga/effects';
import { rootSaga } from '@shared/request/watchers';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@contract/auth';
import type { IdName } from '@contract/common';
import { ROLE_STUDENT } from '@shared/request/roles';
import type { JournalInfo, JournalStart, TeacherTime } from '@contract/journal';
import { academicApi } from '@api/academic';
import type { Result } from '@api/http';
import { journalApi } from './journal.api';
import { takeEarly, type Taken } from '@shared/request/early';
import { NO_DATA, request, requestEarly, requireUser } from '@shared/request/request.saga';
import { takePageData } from '@shared/session/pageData';
import { selectUser } from '@shared/session/session';
import { requirePeriod, selectSettings, waitForPeriod, type Period, type SettingsState } from '@shared/settings/settings';
import { journalActions, selectJournal, type CellWrite, type FilterName, type JournalState, type Lesson } from './journal.slice';
import { finalsWatchers } from './finals.saga';
import { outboxWatchers } from './outbox.saga';
import { hiddenWatchers } from './hidden.saga';
import { setupWatchers } from './setup.saga';
import { undoWatchers } from './undo.saga';

/**
 * The screen is shown. The current year and half-year always come from the shared settings
 * (src/shared/settings, loaded once at sign-in). A teacher's first view comes in one reply
 * (start.json; the page may have arrived with it): the years, his journals and the lists; journals
 * of another half-year than the settings' (a period that just turned) are asked for again.
 * Otherwise (a student, or the screen shown again with a year chosen) the years, then the role's loads.
 */
export function* openedSaga() {
  const user = (yield* requireUser(journalActions.yearsFailed)) as User | null;
  if (!user) return;
  const state = (yield select(selectJournal)) as JournalState;
  const teacher = user.role !== ROLE_STUDENT;
  if (teacher && state.year === -1) {
    const arrived = takePageData('journal', user.id);
    // The period and the first view side by side (the settings are usually there already).
    const [period, start] = (yield all([call(requirePeriod, journalActions.yearsFailed), arrived ? arrived : call(loadStart)])) as [
      Period | null,
      JournalStart | null,
    ];
    if (!period || !start) return;
    yield put(journalActions.startSucceeded({ start, period: { year: period.year, ws: period.ws } }));
    if (start.half.id_a_year !== period.year || start.half.id_w_s !== period.ws) yield put(journalActions.journalsRequested());
    return;
  }
  if (state.year === -1) {
    // The current year and half-year come from the shared settings, loaded once after sign-in.
    const years = yield* request(academicApi.years, [], { succeeded: (list) => journalActions.yearsSucceeded(list ?? []), failed: journalActions.yearsFailed });
    if (!years.ok) return;
    const period = (yield* waitForPeriod()) as Period | null;
    if (!period) {
      const settings = (yield select(selectSettings)) as SettingsState;
      yield put(journalActions.yearsFailed(settings.error ?? NO_DATA));
      return;
    }
    yield put(journalActions.halfChosen({ year: period.year, ws: period.ws }));
  } else {
    const years = yield* request(academicApi.years, [], { succeeded: (list) => journalActions.yearsSucceeded(list ?? []), failed: journalActions.yearsFailed });
    if (!years.ok) return;
    yield call(halfSaga);
  }
  if (teacher) {
    const [times, modules] = (yield all([call(journalApi.times), call(journalApi.modules)])) as [Result<IdName[]>, Result<IdName[]>];
    yield put(journalActions.listsSucceeded({ times: times.ok ? times.data : [], modules: modules.ok ? modules.data : [] }));
  }
}

/** start.json: its reply, or null after putting the failure. */
function* loadStart() {
  const result = yield* request(journalApi.start, [], { failed: journalActions.yearsFailed });
  return result.ok ? result.data : null;
}

/** A year and half-year chosen: the teacher's journals, or the student's own journal. */
export function* halfSaga() {
  const user = (yield select(selectUser)) as User | null;
  const { year, ws } = (yield select(selectJournal)) as JournalState;
  if (!user || year === -1 || ws === -1) return;
  if (user.role === ROLE_STUDENT) yield put(journalActions.ownRequested());
  else yield put(journalActions.journalsRequested());
}

export function* journalsSaga() {
  const { year, ws } = (yield select(selectJournal)) as JournalState;
  yield* request(journalApi.journals, [{ id_a_year: year, id_w_s: ws as 1 | 2 }], {
    succeeded: (list) => journalActions.journalsSucceeded(list ?? []),
    failed: journalActions.journalsFailed,
  });
}

/** The journal filter chosen: load it. */
export function* filterSaga(action: PayloadAction<{ name: FilterName; id: number }>) {
  if (action.payload.name === 'journal' && action.payload.id !== -1) yield put(journalActions.journalRequested({ id: action.payload.id }));
}

/** A journal named by the address: load it. */
export function* linkedSaga(action: PayloadAction<JournalInfo>) {
  yield put(journalActions.journalRequested({ id: action.payload.id_journal }));
}

/**
 * A journal chosen or reloaded: its data. The first load after the page arrived may take the reply
 * the page asked for while the app started (requestEarly), read again at once when it waited
 * (EARLY_FRESH_MS); a journal that opens is the one the page asks for on the next visit.
 */
export function* loadJournalSaga(action: PayloadAction<{ id: number }>) {
  const { id } = action.payload;
  const loaded = yield* requestEarly('journal', id, journalApi.journal, [{ id_journal: id }], {
    succeeded: journalActions.journalSucceeded,
    failed: journalActions.journalFailed,
  });
  if (loaded.stale) yield put(journalActions.journalRequested({ id, keepEdits: true }));
}

/**
 * A journal opened (not a refresh): its weekly lessons in the timetable, for "Add lesson" and the
 * lesson it opens on (none if they fail). The first load after the page arrived may take the reply
 * the page asked for while the app started (src/shared/request/early.ts).
 */
export function* timetableSaga(action: PayloadAction<{ id: number; keepEdits?: boolean }>) {
  if (action.payload.keepEdits) return;
  const { id } = action.payload;
  const user = (yield select(selectUser)) as User | null;
  const early = user ? ((yield call(takeEarly<TeacherTime[] | null>, 'journal', 'times', id, user)) as Taken<TeacherTime[] | null> | null) : null;
  let times = early ? (early.data ?? []) : null;
  if (!times) {
    const result = (yield call(journalApi.teacherTimes, { id_journal: id })) as Result<TeacherTime[]>;
    times = result.ok ? (result.data ?? []) : [];
  }
  // A journal left meanwhile keeps the timetable of the one open now.
  const { filters } = (yield select(selectJournal)) as JournalState;
  if (filters.journal !== id) return;
  yield put(journalActions.timetableSucceeded(times));
}

/** "Add lesson": saved at once; its column shows on the reply (the live change then reads the journal again). */
export function* lessonAddSaga(action: PayloadAction<Lesson>) {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (!info) return;
  const { date, time } = action.payload;
  yield* request(journalApi.addLesson, [{ id_journal: info.id_journal, visitDate: date, id_time: time }], {
    succeeded: () => journalActions.lessonAddSucceeded({ date, time }),
    failed: journalActions.lessonAddFailed,
  });
}

function* openJournal() {
  const state = (yield select(selectJournal)) as JournalState;
  return state.journal.data?.info ?? null;
}

/** Mark all present, then the journal reloads (keeping cells still being saved). */
export function* markAllSaga(action: PayloadAction<Lesson>) {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (!info) return;
  const result = yield* request(journalApi.insertAll, [{ id_journal: info.id_journal, visitDate: action.payload.date, id_time: action.payload.time }], {
    succeeded: (data) => journalActions.markAllSucceeded(data.inserted),
    failed: journalActions.markAllFailed,
  });
  if (result.ok) yield put(journalActions.journalRequested({ id: info.id_journal, keepEdits: true }));
}

export function* historySaga(action: PayloadAction<CellWrite>) {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (!info) return;
  const { student, date, time } = action.payload;
  yield* request(journalApi.history, [{ id_journal: info.id_journal, id_student: student, visitDate: date, id_time: time }], {
    succeeded: (list) => journalActions.historySucceeded(list ?? []),
    failed: journalActions.historyFailed,
  });
}

/** Deletes one lesson with the journal's delete payload, then reloads; the lesson can be restored after. */
export function* lessonDeleteSaga(action: PayloadAction<Lesson>) {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (!info) return;
  const { marks } = (yield select(selectJournal)) as JournalState;
  const suffix = `|${action.payload.date}|${action.payload.time}`;
  const count = Object.keys(marks).filter((k) => k.endsWith(suffix)).length;
  const result = yield* request(
    journalApi.deleteLesson,
    [
      {
        id_year: info.id_a_year,
        id_ws: info.id_w_s as 1 | 2,
        id_semesterOrWs: info.id_semester,
        id_groupOrPorok: info.id_groupOrPotok,
        id_vid_zaniatiy: info.id_vid_zaniatiy,
        id_teacher: info.id_teacher,
        id_discipline: info.id_discipline,
        kredit: info.credits,
        id_time: action.payload.time,
        date: action.payload.date,
        isSelect: 0,
      },
    ],
    { succeeded: () => journalActions.removeSucceeded(), failed: journalActions.removeFailed },
  );
  if (!result.ok) return;
  yield put(journalActions.journalRequested({ id: info.id_journal }));
  yield put(journalActions.lessonDeleted({ ...action.payload, count }));
}

/** A deleted lesson back from the history (its records with their marks), then the journal reloads on it. */
export function* lessonRestoreSaga(action: PayloadAction<Lesson>) {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (!info) return;
  const result = yield* request(journalApi.restoreLesson, [{ id_journal: info.id_journal, visitDate: action.payload.date, id_time: action.payload.time }], {
    succeeded: (data) => journalActions.lessonRestoreSucceeded(data.restored),
    failed: journalActions.lessonRestoreFailed,
  });
  if (result.ok) yield put(journalActions.journalRequested({ id: info.id_journal, keepEdits: true }));
}

export function* studentDeleteSaga(action: PayloadAction<{ student: number }>) {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (!info) return;
  const { journal } = (yield select(selectJournal)) as JournalState;
  const name = journal.data?.students.find((s) => s.id_student === action.payload.student)?.s_fio ?? '';
  const result = yield* request(journalApi.deleteStudent, [{ id_journal: info.id_journal, id_student: action.payload.student }], {
    succeeded: () => journalActions.removeSucceeded(),
    failed: journalActions.removeFailed,
  });
  if (!result.ok) return;
  yield put(journalActions.journalRequested({ id: info.id_journal, keepEdits: true }));
  yield put(journalActions.studentRemoved({ journal: info.id_journal, student: action.payload.student, name }));
}

export function* topicSaga(action: PayloadAction<{ date: string; time: number; topic: string; lessonNumber: number; hours: number; module: number }>) {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (!info) return;
  const p = action.payload;
  const result = yield* request(
    journalApi.updateTopic,
    [
      {
        id_journal: info.id_journal,
        visitDate: p.date,
        id_time: p.time,
        topic: p.topic,
        lessonNumber: p.lessonNumber,
        hours: p.hours,
        id_module: p.module === -1 ? null : p.module,
      },
    ],
    { succeeded: () => journalActions.topicSaved(), failed: journalActions.topicFailed },
  );
  if (result.ok) yield put(journalActions.journalRequested({ id: info.id_journal, keepEdits: true }));
}

/** The student's own journal (his id from the session). */
export function* ownSaga() {
  const user = (yield* requireUser(journalActions.ownFailed)) as User | null;
  if (!user) return;
  const { year, ws } = (yield select(selectJournal)) as JournalState;
  yield* request(journalApi.studentJournal, [{ id_a_year: year, id_w_s: ws as 1 | 2, id_student: user.uid }], {
    succeeded: (list) => journalActions.ownSucceeded(list ?? []),
    failed: journalActions.ownFailed,
  });
}

/** Events may have been missed: reload the open journal. */
export function* resyncSaga() {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (info) yield put(journalActions.journalRequested({ id: info.id_journal, keepEdits: true }));
}

// One action may start several watchers: they start (and see it) in this order.
export const journalSaga = rootSaga(
  {
    latest: [
      [journalActions.opened, openedSaga],
      [journalActions.halfChosen, halfSaga],
      [journalActions.journalsRequested, journalsSaga],
      [journalActions.filterChosen, filterSaga],
      [journalActions.journalLinked, linkedSaga],
      [journalActions.journalRequested, loadJournalSaga],
      [journalActions.lessonAddRequested, lessonAddSaga],
      [journalActions.markAllRequested, markAllSaga],
      [journalActions.historyRequested, historySaga],
      [journalActions.lessonDeleteRequested, lessonDeleteSaga],
      [journalActions.studentDeleteRequested, studentDeleteSaga],
      [journalActions.lessonRestoreRequested, lessonRestoreSaga],
      [journalActions.topicSaveRequested, topicSaga],
      [journalActions.ownRequested, ownSaga],
      [journalActions.liveResync, resyncSaga],
    ],
    every: [[journalActions.journalRequested, timetableSaga]],
  },
  setupWatchers,
  undoWatchers,
  hiddenWatchers,
  finalsWatchers,
  outboxWatchers(),
);
