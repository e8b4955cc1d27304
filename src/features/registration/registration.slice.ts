/**
 * Registration area (docs/areas/registration.md#for-users): the year and half-year, the student's list
 * (plan disciplines and electives, grouped by descGroupNum), the chooser of teacher and subgroup
 * for one discipline (choosing a discipline clears teacher and subgroup, choosing a teacher clears
 * the subgroup), saving (a full subgroup offers its waiting list), deleting after a confirmation,
 * and the teacher's view of his subgroups.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { IdName } from '@contract/common';
import type { RegList, RegRow, RegSubgroup, Saved, SeatEvent, TeacherSubgroup } from '@contract/registration';
import type { Failure } from '@api/http';
import { failed, idle, idleRemoval, removalReducers, started, succeeded, type Loadable, type Removal, loadReducers } from '@shared/request/loadable';
import { chooseHalf, halfYearReducers, initialHalfYear, type HalfYear, type HalfYearChoice } from '@shared/academic/halfYear';
import { sessionEnded } from '@shared/session/session';

export interface RegistrationState extends HalfYearChoice {
  list: Loadable<RegList | null>;
  allowed: boolean;
  electives: Loadable<RegRow[]>;
  /** The discipline being registered (id_disciplineForStudent), its teachers and subgroups. */
  offeringId: number | null;
  teachers: Loadable<IdName[]>;
  teacherId: number | null;
  subgroups: Loadable<RegSubgroup[]>;
  subgroup: number | null;
  save: Loadable<Saved | null> & { full: boolean };
  remove: Removal;
  teacherView: Loadable<TeacherSubgroup[]>;
  seat: SeatEvent | null;
}

export const initialRegistrationState: RegistrationState = {
  ...initialHalfYear,
  list: idle(null),
  allowed: false,
  electives: idle([]),
  offeringId: null,
  teachers: idle([]),
  teacherId: null,
  subgroups: idle([]),
  subgroup: null,
  save: { ...idle(null), full: false },
  remove: idleRemoval(),
  teacherView: idle([]),
  seat: null,
};

const clearChooser = (state: RegistrationState) => {
  state.offeringId = null;
  state.teachers = idle([]);
  state.teacherId = null;
  state.subgroups = idle([]);
  state.subgroup = null;
  state.save = { ...idle(null), full: false };
};

const loads = loadReducers<RegistrationState>();

const slice = createSlice({
  name: 'registration',
  initialState: initialRegistrationState,
  reducers: {
    opened() {},
    ...halfYearReducers,
    /** A year or half-year is chosen (or the list reloads): the list, and for teachers their subgroups. */
    halfSelected(state, action: PayloadAction<HalfYear>) {
      // Another half-year's data is not shown while this one loads (the same one's stays, marked busy).
      const same = chooseHalf(state, action.payload);
      state.list = started(same ? state.list.data : null);
      if (!same) {
        state.electives = idle([]);
        state.teacherView = idle([]);
      }
      state.remove = idleRemoval();
      clearChooser(state);
    },
    /** The list loads again (a seat became the student's, another tab changed it): the chooser stays as it is. */
    listReloadRequested(state) {
      if (state.half) state.list = started(state.list.data);
    },
    ...loads.settled('list', null),
    electivesLoaded(state, action: PayloadAction<{ allowed: boolean; electives: Loadable<RegRow[]> }>) {
      state.allowed = action.payload.allowed;
      state.electives = action.payload.electives;
    },
    /** A discipline is chosen for registering: clears teacher and subgroup, loads its teachers. */
    disciplineSelected(state, action: PayloadAction<{ id: number | null }>) {
      clearChooser(state);
      state.offeringId = action.payload.id;
      if (action.payload.id !== null) state.teachers = started([]);
    },
    teachersLoaded(state, action: PayloadAction<Loadable<IdName[]>>) {
      state.teachers = action.payload;
    },
    /** A teacher is chosen: clears the subgroup, loads the teacher's subgroups. */
    teacherSelected(state, action: PayloadAction<{ id: number | null }>) {
      state.teacherId = action.payload.id;
      state.subgroup = null;
      state.subgroups = action.payload.id === null ? idle([]) : started([]);
      state.save = { ...idle(null), full: false };
    },
    subgroupsLoaded(state, action: PayloadAction<Loadable<RegSubgroup[]>>) {
      state.subgroups = action.payload;
    },
    subgroupSelected(state, action: PayloadAction<{ id: number | null }>) {
      state.subgroup = action.payload.id;
      state.save = { ...idle(null), full: false };
    },
    saveRequested(state, _action: PayloadAction<{ joinWaitingList: boolean }>) {
      state.save = { ...started(null), full: false };
    },
    saveSucceeded(state, action: PayloadAction<Saved>) {
      state.save = { ...succeeded(action.payload), full: false };
    },
    saveFailed(state, action: PayloadAction<Failure>) {
      state.save = { ...failed(action.payload, null), full: action.payload.error?.code === 'SUBGROUP_FULL' };
    },
    ...loads.settled('teacherView', []),
    teacherViewRequested(state) {
      state.teacherView = started(state.teacherView.data);
    },
    /** A freed seat became the student's (live). */
    seatReceived(state, action: PayloadAction<SeatEvent>) {
      state.seat = action.payload;
    },
    seatDismissed(state) {
      state.seat = null;
    },
    ...removalReducers<RegistrationState>(() => {}),
    /** A delete failed: its registration keeps the failure, said beside its button. */
    deleteFailed(state, action: PayloadAction<Failure>) {
      state.remove = { ...failed(action.payload, null), id: state.remove.id };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialRegistrationState);
  },
});

export const registrationActions = slice.actions;
export const registrationReducer = slice.reducer;

type WithRegistration = { registration: RegistrationState };
export const selectRegistration = (state: WithRegistration) => state.registration;
