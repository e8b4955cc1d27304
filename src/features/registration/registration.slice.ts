/**
 * Registration area (docs/product.md#registration): the year and half-year, the student's list
 * (plan disciplines and electives, grouped by descGroupNum), the chooser of teacher and subgroup
 * for one discipline (choosing a discipline clears teacher and subgroup, choosing a teacher clears
 * the subgroup), saving (a full subgroup offers its waiting list), deleting after a confirmation,
 * and the teacher's view of his subgroups.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { IdName } from '../../../contract/common';
import type { RegList, RegRow, RegSubgroup, Saved, SeatEvent, TeacherSubgroup } from '../../../contract/registration';
import type { Failure } from '../../api/http';
import { failed, idle, idleRemoval, removalReducers, started, succeeded, type Loadable, type Removal } from '../../shared/request/loadable';
import { sessionEnded } from '../../shared/session/session';

export interface RegistrationState {
  half: { year: number; ws: 1 | 2 } | null;
  years: IdName[];
  halfError: Failure | null;
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
  half: null,
  years: [],
  halfError: null,
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

const slice = createSlice({
  name: 'registration',
  initialState: initialRegistrationState,
  reducers: {
    opened() {},
    yearsLoaded(state, action: PayloadAction<IdName[]>) {
      state.years = action.payload;
    },
    halfFailed(state, action: PayloadAction<Failure>) {
      state.halfError = action.payload;
    },
    /** A year or half-year is chosen (or the list reloads): the list, and for teachers their subgroups. */
    halfSelected(state, action: PayloadAction<{ year: number; ws: 1 | 2 }>) {
      state.half = action.payload;
      state.halfError = null;
      state.list = started(state.list.data);
      clearChooser(state);
    },
    listSucceeded(state, action: PayloadAction<RegList>) {
      state.list = succeeded(action.payload);
    },
    listFailed(state, action: PayloadAction<Failure>) {
      state.list = failed(action.payload, null);
    },
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
    teacherViewSucceeded(state, action: PayloadAction<TeacherSubgroup[]>) {
      state.teacherView = succeeded(action.payload);
    },
    teacherViewFailed(state, action: PayloadAction<Failure>) {
      state.teacherView = failed(action.payload, []);
    },
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
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialRegistrationState);
  },
});

export const registrationActions = slice.actions;
export const registrationReducer = slice.reducer;

type WithRegistration = { registration: RegistrationState };
export const selectRegistration = (state: WithRegistration) => state.registration;
