/**
 * The academic context of a screen, one way for every area that needs it (chat today, the journal,
 * schedule and registration next): the workspace (academic year and half-year, the current one
 * first, from the shared settings), the years list, and the role's discipline → semester → group chain with the people of the
 * chosen group (docs/areas/chat.md#for-users describes the rules).
 *
 * `createAcademicChain('<area>')` gives the area's slice its state fields, case reducers (spread into
 * the slice's `reducers`, so the action types are `<area>/…`), selectors and sagas. The screen
 * dispatches `<area>/opened`; each level is a takeLatest on its parent's `…Selected`/`…Succeeded`,
 * reads its parents from the state, and the reducer of a choice clears the levels below it.
 */
import { createAction, type PayloadAction } from '@reduxjs/toolkit';
import { call, put, select } from 'redux-saga/effects';
import { rootSaga } from '../request/watchers';
import type { User } from '@contract/auth';
import type { IdName } from '@contract/common';
import type { Contact, DisciplineRow } from '@contract/academic';
import { academicApi } from '@api/academic';
import type { Failure, Result } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '../request/loadable';
import { request } from '../request/request.saga';
import { ROLE_TEACHER } from '../request/roles';
import { selectUser } from '../session/session';
import { requirePeriod } from '../settings/settings';
import { shellActions } from '../shell/shell.slice';

const sameDiscipline = (a: DisciplineRow, b: DisciplineRow) => a.id === b.id && a.kredit === b.kredit && a.isSelect === b.isSelect;

/** A workspace: academic year (first calendar year) and half-year (1 autumn, 2 spring). */
export interface WorkspacePayload {
  year: number;
  ws: 1 | 2;
}

/** The chain's fields in an area's state. */
export interface AcademicChainState {
  year: number | null;
  ws: 1 | 2 | null;
  current: Loadable<null>;
  years: IdName[];
  disciplines: Loadable<DisciplineRow[]>;
  activeDiscipline: DisciplineRow | null;
  semesters: Loadable<IdName[]>;
  activeSemester: number | null;
  groups: Loadable<IdName[]>;
  activeGroup: number | null;
  contacts: Loadable<Contact[]>;
}

export const initialAcademicChain: AcademicChainState = {
  year: null,
  ws: null,
  current: idle(null),
  years: [],
  disciplines: idle([]),
  activeDiscipline: null,
  semesters: idle([]),
  activeSemester: null,
  groups: idle([]),
  activeGroup: null,
  contacts: idle([]),
};

export interface AcademicChainOptions<S extends AcademicChainState> {
  /** Clears what the area keeps below the people of a group (chat: the open conversation). */
  clearBelowContacts?: (state: S) => void;
}

export function createAcademicChain<S extends AcademicChainState>(area: string, options: AcademicChainOptions<S> = {}) {
  const clearBelow = options.clearBelowContacts ?? (() => undefined);

  function clearBelowGroup(state: S): void {
    state.contacts = idle([]);
    clearBelow(state);
  }
  function clearBelowSemester(state: S): void {
    state.groups = idle([]);
    state.activeGroup = null;
    clearBelowGroup(state);
  }
  function clearBelowDiscipline(state: S): void {
    state.semesters = idle([]);
    state.activeSemester = null;
    clearBelowSemester(state);
  }

  /** Case reducers: spread them into the area's createSlice `reducers`. */
  const reducers = {
    /** The screen is shown: the chain starts unless it has already. */
    opened(_state: S, _action: PayloadAction<never>) {},
    currentRequested(state: S) {
      state.current = started(null);
    },
    /** The current half-year and year: the default workspace. */
    currentSucceeded(state: S, action: PayloadAction<WorkspacePayload>) {
      state.current = succeeded(null);
      state.year = action.payload.year;
      state.ws = action.payload.ws;
    },
    currentFailed(state: S, action: PayloadAction<Failure>) {
      state.current = failed(action.payload, null);
    },
    yearsSucceeded(state: S, action: PayloadAction<IdName[]>) {
      state.years = action.payload;
    },
    /** Another workspace: the disciplines reload and everything below is cleared. */
    workspaceSelected(state: S, action: PayloadAction<WorkspacePayload>) {
      state.year = action.payload.year;
      state.ws = action.payload.ws;
      state.activeDiscipline = null;
      state.disciplines = idle([]);
      clearBelowDiscipline(state);
    },
    disciplinesRequested(state: S, _action: PayloadAction<WorkspacePayload>) {
      state.disciplines = started([]);
    },
    disciplinesSucceeded(state: S, action: PayloadAction<DisciplineRow[]>) {
      state.disciplines = succeeded(action.payload);
    },
    disciplinesFailed(state: S, action: PayloadAction<Failure>) {
      state.disciplines = failed(action.payload, []);
    },
    /**
     * The same disciplines in another language: the names change, the choice and everything below
     * it stay (a discipline is the same row when its id, credits and elective flag are).
     */
    disciplinesRelabelled(state: S, action: PayloadAction<DisciplineRow[]>) {
      state.disciplines = succeeded(action.payload);
      const active = state.activeDiscipline;
      if (active) state.activeDiscipline = action.payload.find((d) => sameDiscipline(d, active)) ?? active;
    },
    disciplineSelected(state: S, action: PayloadAction<DisciplineRow>) {
      state.activeDiscipline = action.payload;
      clearBelowDiscipline(state);
    },
    semestersRequested(state: S) {
      state.semesters = started([]);
    },
    /** The first semester is the active one. */
    semestersSucceeded(state: S, action: PayloadAction<IdName[]>) {
      state.semesters = succeeded(action.payload);
      state.activeSemester = action.payload[0]?.id ?? null;
    },
    semestersFailed(state: S, action: PayloadAction<Failure>) {
      state.semesters = failed(action.payload, []);
    },
    semesterSelected(state: S, action: PayloadAction<number>) {
      state.activeSemester = action.payload;
      clearBelowSemester(state);
    },
    groupsRequested(state: S) {
      state.groups = started([]);
    },
    /** The first group is the active one. */
    groupsSucceeded(state: S, action: PayloadAction<IdName[]>) {
      state.groups = succeeded(action.payload);
      state.activeGroup = action.payload[0]?.id ?? null;
    },
    groupsFailed(state: S, action: PayloadAction<Failure>) {
      state.groups = failed(action.payload, []);
    },
    groupSelected(state: S, action: PayloadAction<number>) {
      state.activeGroup = action.payload;
      clearBelowGroup(state);
    },
    contactsRequested(state: S) {
      state.contacts = started([]);
    },
    contactsSucceeded(state: S, action: PayloadAction<Contact[]>) {
      state.contacts = succeeded(action.payload);
    },
    contactsFailed(state: S, action: PayloadAction<Failure>) {
      state.contacts = failed(action.payload, []);
    },
  };

  // The same action types as the slice makes of `reducers` (its name is the area's).
  const type = (name: keyof typeof reducers) => `${area}/${name}`;
  const actions = {
    opened: createAction<unknown>(type('opened')),
    currentRequested: createAction(type('currentRequested')),
    currentSucceeded: createAction<WorkspacePayload>(type('currentSucceeded')),
    currentFailed: createAction<Failure>(type('currentFailed')),
    yearsSucceeded: createAction<IdName[]>(type('yearsSucceeded')),
    workspaceSelected: createAction<WorkspacePayload>(type('workspaceSelected')),
    disciplinesRequested: createAction<WorkspacePayload>(type('disciplinesRequested')),
    disciplinesSucceeded: createAction<DisciplineRow[]>(type('disciplinesSucceeded')),
    disciplinesFailed: createAction<Failure>(type('disciplinesFailed')),
    disciplinesRelabelled: createAction<DisciplineRow[]>(type('disciplinesRelabelled')),
    disciplineSelected: createAction<DisciplineRow>(type('disciplineSelected')),
    semestersRequested: createAction(type('semestersRequested')),
    semestersSucceeded: createAction<IdName[]>(type('semestersSucceeded')),
    semestersFailed: createAction<Failure>(type('semestersFailed')),
    semesterSelected: createAction<number>(type('semesterSelected')),
    groupsRequested: createAction(type('groupsRequested')),
    groupsSucceeded: createAction<IdName[]>(type('groupsSucceeded')),
    groupsFailed: createAction<Failure>(type('groupsFailed')),
    groupSelected: createAction<number>(type('groupSelected')),
    contactsRequested: createAction(type('contactsRequested')),
    contactsSucceeded: createAction<Contact[]>(type('contactsSucceeded')),
    contactsFailed: createAction<Failure>(type('contactsFailed')),
  };

  const selectChain = (state: object) => (state as Record<string, AcademicChainState>)[area];

  /**
   * Filters are shown when there is more than one group or semester (docs/areas/chat.md#for-users). A plain
   * function: its result is a boolean, so memoizing (createSelector) would buy nothing, and reselect's
   * code would join the login page's download (the vendor chunk).
   */
  const selectFilterVisible = (state: object): boolean => {
    const { groups, semesters } = selectChain(state);
    return groups.data.length > 1 || semesters.data.length > 1;
  };

  function* parents() {
    const state = (yield select(selectChain)) as AcademicChainState;
    const user = (yield select(selectUser)) as User | null;
    return { state, teacher: user?.role === ROLE_TEACHER };
  }

  /** The screen is shown: the current workspace is asked for once. */
  function* openedSaga() {
    const { state } = yield* parents();
    if (state.year === null && !state.current.fetching) yield put(actions.currentRequested());
  }

  /**
   * The current half-year and year from the shared settings (loaded once after sign-in), then the
   * disciplines of that workspace; the years list for the year picker.
   */
  function* currentSaga() {
    const state = (yield select(selectChain)) as AcademicChainState;
    if (state.years.length === 0) {
      const years = (yield call(academicApi.years)) as Result<IdName[]>;
      if (years.ok) yield put(actions.yearsSucceeded(years.data));
    }
    const period = yield* requirePeriod(actions.currentFailed);
    if (!period) return;
    const workspace: WorkspacePayload = { year: period.year, ws: period.ws };
    yield put(actions.currentSucceeded(workspace));
    yield put(actions.disciplinesRequested(workspace));
  }

  function* workspaceSaga(action: PayloadAction<WorkspacePayload>) {
    yield put(actions.disciplinesRequested(action.payload));
  }

  /** Teachers get the teacher list, everyone else the student list. */
  function* disciplinesSaga(action: PayloadAction<WorkspacePayload>) {
    const { teacher } = yield* parents();
    yield* request(teacher ? academicApi.list : academicApi.studentList, [action.payload], {
      succeeded: actions.disciplinesSucceeded,
      failed: actions.disciplinesFailed,
    });
  }

  /**
   * The language changed: the disciplines' names come from the server in the user's language, so a
   * loaded list is asked for again and relabelled in place; a failure keeps the old names.
   */
  function* relabelSaga() {
    const { state, teacher } = yield* parents();
    if (state.year === null || state.ws === null || state.disciplines.fetching || state.disciplines.data.length === 0) return;
    const workspace: WorkspacePayload = { year: state.year, ws: state.ws };
    const reply = (yield call(teacher ? academicApi.list : academicApi.studentList, workspace)) as Result<DisciplineRow[]>;
    if (!reply.ok) return;
    const now = (yield select(selectChain)) as AcademicChainState;
    // Only if the user has not moved to another workspace meanwhile.
    if (now.year === workspace.year && now.ws === workspace.ws) yield put(actions.disciplinesRelabelled(reply.data));
  }

  /** Disciplines → semesters: on a chosen discipline. */
  function* semestersSaga() {
    const { state, teacher } = yield* parents();
    const d = state.activeDiscipline;
    if (!d || state.year === null || state.ws === null) return;
    yield put(actions.semestersRequested());
    const body = { year: state.year, ws: state.ws, id_discipline: d.id, kredit: d.kredit };
    yield* request(teacher ? academicApi.semesters : academicApi.studentSemesters, [body], {
      succeeded: actions.semestersSucceeded,
      failed: actions.semestersFailed,
    });
  }

  /** Semesters → groups: on the semesters' arrival (the first is active) or a chosen semester. */
  function* groupsSaga() {
    const { state, teacher } = yield* parents();
    const d = state.activeDiscipline;
    if (!d || state.year === null || state.ws === null || state.activeSemester === null) return;
    yield put(actions.groupsRequested());
    const body = { year: state.year, ws: state.ws, id_discipline: d.id, id_semester: state.activeSemester };
    yield* request(teacher ? academicApi.groups : academicApi.studentGroups, [body], {
      succeeded: actions.groupsSucceeded,
      failed: actions.groupsFailed,
    });
  }

  /** Groups → people: the group's students (teacher) or teachers (student). */
  function* contactsSaga() {
    const { state, teacher } = yield* parents();
    const d = state.activeDiscipline;
    if (!d || state.year === null || state.ws === null || state.activeGroup === null) return;
    yield put(actions.contactsRequested());
    const body = { year: state.year, ws: state.ws, id_discipline: d.id, id_group: state.activeGroup };
    return yield* request(teacher ? academicApi.students : academicApi.teachers, [body], {
      succeeded: actions.contactsSucceeded,
      failed: actions.contactsFailed,
    });
  }

  /** Every level, each a takeLatest on its parent's action. */
  const chainSaga = rootSaga({
    latest: [
      [actions.opened, openedSaga],
      [actions.currentRequested, currentSaga],
      [actions.workspaceSelected, workspaceSaga],
      [actions.disciplinesRequested, disciplinesSaga],
      [shellActions.languageChanged, relabelSaga],
      [actions.disciplineSelected, semestersSaga],
      [[actions.semestersSucceeded, actions.semesterSelected], groupsSaga],
      [[actions.groupsSucceeded, actions.groupSelected], contactsSaga],
    ],
  });

  return {
    reducers,
    actions,
    selectFilterVisible,
    sagas: { openedSaga, currentSaga, workspaceSaga, disciplinesSaga, relabelSaga, semestersSaga, groupsSaga, contactsSaga, chainSaga },
  };
}
