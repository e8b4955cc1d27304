/**
 * Journal area (docs/areas/journal.md#for-users). The teacher: year and half-year → his journals, narrowed
 * by the filters (semester, discipline, form of control, credit, lesson type, education form, group
 * or stream) to one journal, its grid of students against lessons, and the cells he writes: each
 * saves on its own and keeps its state (saving, failed with what was typed) until the server answers.
 * The student: his own journal by year and half-year.
 *
 * Choosing a lesson type or an education form clears what depends on it (the group or stream, the
 * journal, the student's journal); choosing a semester clears the groups, the journal and its students.
 */
import { createSlice, current, type PayloadAction } from '@reduxjs/toolkit';
import type { IdName } from '@contract/common';
import type { HistoryEntry, JournalData, JournalInfo, JournalStart, LiveJournalChange, StudentJournalItem, TeacherTime, VisitRow } from '@contract/journal';
import type { Failure } from '@api/http';
import { failed, idle, refreshing, started, succeeded, type Loadable } from '@shared/request/loadable';
import type { LiveStatus } from '@shared/live/live';
import { sessionEnded } from '@shared/session/session';
import { CLEARS, NONE, type FilterName, type Filters } from './journal.filters';
import { cellKey, lessonKey } from './pivot';
import { applyCell, cellReducers, type CellEdit, type CellWrite } from './cells.slice';
import { finalsReducers, initialFinalsState, type FinalsState } from './finals.slice';
import { pasteReducers } from './paste.slice';
import { lessonReducers } from './lesson.reducers';
import { outboxReducers } from './outbox.slice';
import { hiddenReducers, initialHiddenState, type HiddenState } from './hidden.slice';
import { initialSetupState, setupReducers, type SetupState } from './setup.slice';
import { initialUndoState, undoReducers, type UndoState } from './undo.slice';

export { chosenJournal, FILTERS, matchingJournals, type FilterName, type Filters } from './journal.filters';
export { canRetry, type CellEdit, type CellWrite } from './cells.slice';

const noFilters: Filters = { semester: NONE, discipline: NONE, control: NONE, credit: NONE, lessonType: NONE, educForm: NONE, journal: NONE };

export interface Lesson {
  date: string;
  time: number;
}

export interface JournalState {
  years: Loadable<IdName[]>;
  year: number;
  ws: number;
  lists: { times: IdName[]; modules: IdName[] };
  journals: Loadable<JournalInfo[]>;
  filters: Filters;
  /** The date and lesson time in focus (mark all present, a new lesson). */
  lesson: Lesson;
  journal: Loadable<JournalData | null>;
  /** Stored marks of the loaded journal by cell key (null: present without a mark). */
  marks: Record<string, string | null>;
  /** Lessons not in the journal's last read (added meanwhile here, or live by another tab). */
  added: Lesson[];
  /**
   * Live cells that arrived while the journal was being read again: the reply may have been read
   * before they were written, so they are laid over it when it lands.
   */
  liveDuringLoad: LiveJournalChange['cells'];
  /** Adding a lesson (saved at once). */
  lessonAdd: Loadable<null>;
  /** The open journal's weekly lessons in the timetable (offered first when adding a lesson). */
  timetable: TeacherTime[];
  /** The teacher picked a lesson himself since the journal opened (lessonChosen's `picked`). */
  lessonPicked: boolean;
  /** The timetable's answer is in (or failed: then it is empty). */
  timetableReady: boolean;
  edits: Record<string, CellEdit>;
  seq: number;
  /** Cells saved since the journal loaded (the status line says "saved"). */
  savedCount: number;
  bulk: Loadable<number | null>;
  history: Loadable<HistoryEntry[]> & { cell: CellWrite | null };
  remove: Loadable<null>;
  /** The lesson deleted last (its date, time and how many records went with it), which can be restored. */
  deleted: (Lesson & { count: number }) | null;
  /** Restoring that lesson from the history (the count of records brought back). */
  lessonRestore: Loadable<number | null>;
  topic: Loadable<null>;
  own: Loadable<StudentJournalItem[]>;
  live: LiveStatus;
  /** The open journal's subgroups and planned topics (setup.slice.ts). */
  setup: SetupState;
  /** Undo and redo of this tab's own writes in the open journal (undo.slice.ts). */
  undo: UndoState;
  /** The open journal's hidden students (hidden.slice.ts). */
  hidden: HiddenState;
  /** The open journal's final results being written, and their history (finals.slice.ts). */
  finals: FinalsState;
}

export const initialJournalState: JournalState = {
  years: idle([]),
  year: NONE,
  ws: NONE,
  lists: { times: [], modules: [] },
  journals: idle([]),
  filters: noFilters,
  lesson: { date: '', time: NONE },
  journal: idle(null),
  marks: {},
  added: [],
  liveDuringLoad: [],
  lessonAdd: idle(null),
  timetable: [],
  timetableReady: false,
  lessonPicked: false,
  edits: {},
  seq: 0,
  savedCount: 0,
  bulk: idle(null),
  history: { ...idle([]), cell: null },
  remove: idle(null),
  deleted: null,
  lessonRestore: idle(null),
  topic: idle(null),
  own: idle([]),
  live: 'off',
  setup: initialSetupState,
  undo: initialUndoState,
  hidden: initialHiddenState,
  finals: initialFinalsState,
};

function clearJournal(state: JournalState) {
  state.journal = idle(null);
  state.marks = {};
  state.added = [];
  state.liveDuringLoad = [];
  state.lessonAdd = idle(null);
  state.timetable = [];
  state.timetableReady = false;
  state.lessonPicked = false;
  state.edits = {};
  state.savedCount = 0;
  state.bulk = idle(null);
  state.history = { ...idle([]), cell: null };
  state.deleted = null;
  state.lessonRestore = idle(null);
  state.undo = initialUndoState;
  state.hidden = initialHiddenState;
  state.finals = initialFinalsState;
}

function chooseHalf(state: JournalState, year: number, ws: number) {
  state.year = year;
  state.ws = ws;
  state.journals = idle([]);
  state.filters = noFilters;
  state.own = idle([]);
  clearJournal(state);
}

/** The journal's records with these cells written over them (a null cell removes its record). */
function withCells(rows: VisitRow[], cells: LiveJournalChange['cells']): VisitRow[] {
  const keys = new Set(cells.map((c) => cellKey(c.id_student, c.visitDate, c.id_time)));
  const kept = rows.filter((v) => !keys.has(cellKey(v.id_student, v.visitDate, v.id_time)));
  const last = new Map(cells.map((c) => [cellKey(c.id_student, c.visitDate, c.id_time), c.cell]));
  for (const cell of last.values()) if (cell) kept.push(cell);
  return kept;
}

const slice = createSlice({
  name: 'journal',
  initialState: initialJournalState,
  reducers: {
    /** The screen is shown: years, the current year and half-year, then the role's loads. */
    opened(state) {
      // Shown again after its first load failed: the failure gives way to the new attempt.
      if (state.years.error) state.years = started(state.years.data);
    },
    yearsSucceeded(state, action: PayloadAction<IdName[]>) {
      state.years = succeeded(action.payload);
    },
    yearsFailed(state, action: PayloadAction<Failure>) {
      state.years = failed(action.payload, []);
    },
    listsSucceeded(state, action: PayloadAction<JournalState['lists']>) {
      state.lists = action.payload;
    },
    /** The year and half-year to show (a choice, or the defaults): everything below is cleared. */
    halfChosen(state, action: PayloadAction<{ year: number; ws: number }>) {
      chooseHalf(state, action.payload.year, action.payload.ws);
    },
    /**
     * A teacher's first view in one reply (start.json, or the page's data) and the current period of
     * the shared settings: that year and half-year with everything below cleared as by halfChosen,
     * the years, the lists, and his journals when the reply's are of that period (else they load).
     */
    startSucceeded(state, action: PayloadAction<{ start: JournalStart; period: { year: number; ws: number } }>) {
      const { start, period } = action.payload;
      chooseHalf(state, period.year, period.ws);
      state.years = succeeded(start.years);
      if (start.half.id_a_year === period.year && start.half.id_w_s === period.ws) state.journals = succeeded(start.journals);
      state.lists = { times: start.times, modules: start.modules };
    },
    journalsRequested(state) {
      state.journals = started([]);
    },
    journalsSucceeded(state, action: PayloadAction<JournalInfo[]>) {
      state.journals = succeeded(action.payload);
    },
    journalsFailed(state, action: PayloadAction<Failure>) {
      state.journals = failed(action.payload, []);
    },
    filterChosen(state, action: PayloadAction<{ name: FilterName; id: number }>) {
      const { name, id } = action.payload;
      state.filters[name] = id;
      for (const below of CLEARS[name]) state.filters[below] = NONE;
      if (name === 'lessonType' || name === 'educForm') state.own = idle([]);
      clearJournal(state);
    },
    /** A journal named by the address (a link, a reload, the back button): every filter set to it, then it loads. */
    journalLinked(state, action: PayloadAction<JournalInfo>) {
      const j = action.payload;
      state.filters = {
        semester: j.id_semester,
        discipline: j.id_discipline,
        control: j.id_examination,
        credit: j.credits,
        lessonType: j.id_vid_zaniatiy,
        educForm: j.id_f_educ,
        journal: j.id_journal,
      };
      state.own = idle([]);
      clearJournal(state);
    },
    /** The lesson in focus; `picked`: by the teacher himself (the lesson bar, a date's header, a cell he moved to, the phone's list), which the opening lesson then leaves alone. */
    lessonChosen(state, action: PayloadAction<Partial<Lesson> & { picked?: boolean }>) {
      const { picked, ...lesson } = action.payload;
      // The same lesson again (the grid's first cell, the opening lesson) changes nothing: no render follows.
      const next = { ...state.lesson, ...lesson };
      if (next.date !== state.lesson.date || next.time !== state.lesson.time) state.lesson = next;
      if (picked) state.lessonPicked = true;
    },
    /**
     * A journal to load. `keepEdits` on the open journal is a refresh: what is shown (grid, marks,
     * cells being saved) stays until the reply replaces it, so nothing flickers and focus stays put.
     */
    journalRequested(state, action: PayloadAction<{ id: number; keepEdits?: boolean }>) {
      const keep = action.payload.keepEdits && state.journal.data?.info.id_journal === action.payload.id;
      if (keep) {
        state.journal = refreshing(state.journal);
        return;
      }
      clearJournal(state);
      state.journal = started(null);
    },
    journalSucceeded(state, action: PayloadAction<JournalData>) {
      const late = current(state.liveDuringLoad);
      state.liveDuringLoad = [];
      const data = late.length
        ? { ...action.payload, journal: [withCells(action.payload.journal[0], late), action.payload.journal[1]] as JournalData['journal'] }
        : action.payload;
      // Frozen here, at the top only: immer stops at a frozen object, so it neither walks nor freezes
      // the thousands of records one by one (nothing changes them; a write replaces what it touches).
      state.journal = succeeded(Object.freeze(data));
      // The reply's final results are the stored ones now (those being written keep their cells).
      state.finals.saved = {};
      // The raw records pivoted by cell, built outside the draft (thousands of keys in one assignment).
      const marks: Record<string, string | null> = {};
      for (const v of data.journal[0]) marks[cellKey(v.id_student, v.visitDate, v.id_time)] = v.otsenka;
      state.marks = Object.freeze(marks);
      const known = new Set(data.dates.map((d) => lessonKey(d.visitDate, d.id_time)));
      state.added = state.added.filter((l) => !known.has(lessonKey(l.date, l.time)));
      // A late cell of a lesson the reply does not know yet keeps its column.
      for (const c of late) {
        const key = lessonKey(c.visitDate, c.id_time);
        if (c.cell && !known.has(key) && !state.added.some((l) => lessonKey(l.date, l.time) === key)) state.added.push({ date: c.visitDate, time: c.id_time });
      }
    },
    /**
     * A load that failed. A refresh of the journal shown (keepEdits) keeps what is shown, beside the
     * failure and its Retry: the teacher goes on reading and marking what was last read.
     */
    journalFailed(state, action: PayloadAction<Failure>) {
      state.journal = failed(action.payload, state.journal.data);
      // Live changes that came meanwhile are in what is shown already.
      state.liveDuringLoad = [];
    },
    timetableSucceeded(state, action: PayloadAction<TeacherTime[]>) {
      state.timetable = action.payload;
      state.timetableReady = true;
    },
    ...lessonReducers,
    ...cellReducers,
    ...pasteReducers,
    ...outboxReducers,
    historyRequested(state, action: PayloadAction<CellWrite>) {
      state.history = { ...started([]), cell: action.payload };
    },
    historySucceeded(state, action: PayloadAction<HistoryEntry[]>) {
      state.history = { ...succeeded(action.payload), cell: state.history.cell };
    },
    historyFailed(state, action: PayloadAction<Failure>) {
      state.history = { ...failed(action.payload, []), cell: state.history.cell };
    },
    historyClosed(state) {
      state.history = { ...idle([]), cell: null };
    },
    studentDeleteRequested(state, _action: PayloadAction<{ student: number }>) {
      state.remove = started(null);
    },
    /** After a lesson's deletion or a student's removal the journal is emptied for reload. */
    removeSucceeded(state) {
      state.remove = succeeded(null);
      if (state.journal.data) state.journal.data = { ...state.journal.data, students: [], resArray: [] };
    },
    removeFailed(state, action: PayloadAction<Failure>) {
      state.remove = failed(action.payload, null);
    },
    ownRequested(state) {
      state.own = started([]);
    },
    ownSucceeded(state, action: PayloadAction<StudentJournalItem[]>) {
      state.own = succeeded(action.payload);
    },
    ownFailed(state, action: PayloadAction<Failure>) {
      state.own = failed(action.payload, []);
    },
    /** Another tab or teacher changed cells: take them in, unless this tab has its own write on its way. */
    liveChanged(state, action: PayloadAction<LiveJournalChange>) {
      const open = state.journal.data?.info.id_journal;
      if (open !== action.payload.id_journal) return;
      const cells = action.payload.cells.filter((c) => !state.edits[cellKey(c.id_student, c.visitDate, c.id_time)]);
      if (state.journal.fetching) state.liveDuringLoad.push(...cells);
      const known = new Set([
        ...(state.journal.data?.dates ?? []).map((d) => lessonKey(d.visitDate, d.id_time)),
        ...state.added.map((l) => lessonKey(l.date, l.time)),
      ]);
      for (const c of cells) {
        applyCell(state, c.id_student, c.visitDate, c.id_time, c.cell);
        // A lesson this tab has not shown yet gets its column.
        const key = lessonKey(c.visitDate, c.id_time);
        if (c.cell && !known.has(key)) {
          known.add(key);
          state.added.push({ date: c.visitDate, time: c.id_time });
        }
      }
      // The journal's rows follow too, so that where a record came from (a QR scan's badge) shows at once.
      const data = state.journal.data;
      if (data && cells.length) data.journal[0] = withCells(data.journal[0], cells);
    },
    liveResync() {},
    liveStatusChanged(state, action: PayloadAction<LiveStatus>) {
      state.live = action.payload;
    },
    ...setupReducers,
    ...undoReducers,
    ...hiddenReducers,
    ...finalsReducers,
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialJournalState);
  },
});

export const journalActions = slice.actions;
export const journalReducer = slice.reducer;

type WithJournal = { journal: JournalState };
export const selectJournal = (state: WithJournal) => state.journal;
