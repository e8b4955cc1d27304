/**
 * Teaching materials area (docs/areas/umk.md#for-users): the half-year, the caller's disciplines and their
 * semesters, the materials of the chosen one; for teachers the reference lists, saving a material
 * with its upload progress and deleting one after a confirmation.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { IdName } from '@contract/common';
import type { UmkAudience, UmkDiscipline, UmkItem } from '@contract/umk';
import {
  idle,
  idleRemoval,
  idleUpload,
  removalReducers,
  started,
  uploadReducers,
  type Loadable,
  type Removal,
  type Upload,
  loadReducers,
} from '@shared/request/loadable';
import { chooseHalf, halfYearReducers, initialHalfYear, type HalfYear, type HalfYearChoice } from '@shared/academic/halfYear';
import { sessionEnded } from '@shared/session/session';

/** What the material form sends; `file` goes through the action, never into state. */
export interface UmkDraft {
  /** -1 for a new material. */
  id: number;
  typeId: number;
  name: string;
  author: string;
  description: string;
  totalPages: number;
  examTypeId: number;
  audience: UmkAudience;
  /** Also in the e-library, in this category (-1: not shared). */
  forEBooks: boolean;
  bookCategoryId: number;
  file: File | null;
}

export interface UmkState extends HalfYearChoice {
  disciplines: Loadable<UmkDiscipline[]>;
  disciplineId: number | null;
  semesters: Loadable<IdName[]>;
  semesterId: number | null;
  items: Loadable<UmkItem[]>;
  /** Teachers: the teachers of the chosen discipline, and the one whose materials are shown (0: all). */
  teachers: Loadable<IdName[]>;
  teacherId: number;
  types: Loadable<IdName[]>;
  examTypes: Loadable<IdName[]>;
  categories: Loadable<IdName[]>;
  /** Adding or editing with the file upload. */
  save: Upload;
  remove: Removal;
}

export const initialUmkState: UmkState = {
  ...initialHalfYear,
  disciplines: idle([]),
  disciplineId: null,
  semesters: idle([]),
  semesterId: null,
  items: idle([]),
  teachers: idle([]),
  teacherId: 0,
  types: idle([]),
  examTypes: idle([]),
  categories: idle([]),
  save: idleUpload(),
  remove: idleRemoval(),
};

const loads = loadReducers<UmkState>();

const slice = createSlice({
  name: 'umk',
  initialState: initialUmkState,
  reducers: {
    /** The screen is shown: the current half-year, then the disciplines (and, for teachers, the reference lists). */
    opened() {},
    ...halfYearReducers,
    /** An academic year or half-year is chosen: its disciplines load; everything below is cleared. */
    halfSelected(state, action: PayloadAction<HalfYear>) {
      chooseHalf(state, action.payload);
      state.disciplines = started([]);
      state.disciplineId = null;
      state.semesters = idle([]);
      state.semesterId = null;
      state.items = idle([]);
    },
    ...loads.settled('disciplines', []),
    disciplineSelected(state, action: PayloadAction<{ id: number }>) {
      state.disciplineId = action.payload.id;
      state.teachers = idle([]);
      state.teacherId = 0;
      state.semesters = started([]);
      state.semesterId = null;
      state.items = idle([]);
    },
    teachersRequested(state) {
      state.teachers = started([]);
    },
    teachersLoaded(state, action: PayloadAction<Loadable<IdName[]>>) {
      state.teachers = action.payload;
    },
    /** Show the materials of one teacher of the discipline (0: of all). */
    teacherFiltered(state, action: PayloadAction<{ id: number }>) {
      state.teacherId = action.payload.id;
    },
    ...loads.settled('semesters', []),
    /** A semester is chosen (or the list reloads): the materials load. */
    semesterSelected(state, action: PayloadAction<{ id: number }>) {
      state.semesterId = action.payload.id;
      state.items = started([]);
    },
    ...loads.settled('items', []),
    referenceRequested(state) {
      state.types = started([]);
      state.examTypes = started([]);
      state.categories = started([]);
    },
    typesLoaded(state, action: PayloadAction<Loadable<IdName[]>>) {
      state.types = action.payload;
    },
    examTypesLoaded(state, action: PayloadAction<Loadable<IdName[]>>) {
      state.examTypes = action.payload;
    },
    categoriesLoaded(state, action: PayloadAction<Loadable<IdName[]>>) {
      state.categories = action.payload;
    },
    ...uploadReducers<UmkState, UmkDraft, UmkItem>(),
    ...removalReducers<UmkState>((state, id) => {
      state.items.data = state.items.data.filter((i) => i.id_books !== id);
    }),
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialUmkState);
  },
});

export const umkActions = slice.actions;
export const umkReducer = slice.reducer;

type WithUmk = { umk: UmkState };
export const selectUmk = (state: WithUmk) => state.umk;
