/**
 * Testing, the teacher's side (docs/areas/testing.md#for-users): his disciplines, the chosen one's
 * question bank (categories, questions) and tests, a test's results, the attempt opened there with its
 * review for hand grading and its log, sending the results to a journal or a grading sheet, an import's outcome, and
 * the last write's refusal.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  AttemptLogEntry,
  Category,
  CategorySaveBody,
  GradeBody,
  ImportBody,
  Question,
  QuestionSaveBody,
  Results,
  Review,
  Test,
  TestingDiscipline,
  TestJournals,
  TestSheets,
  TestSaveBody,
  ToJournalBody,
  ToJournalResult,
  ToSheetBody,
  ToSheetResult,
} from '@contract/testing';
import type { Failure } from '@api/http';
import { idle, loadReducers, started, type Loadable } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';
import type { ImportOutcome } from './testing.api';

export interface BankState {
  disciplines: Loadable<TestingDiscipline[]>;
  discipline: number | null;
  categories: Loadable<Category[]>;
  questions: Loadable<Question[]>;
  tests: Loadable<Test[]>;
  results: Loadable<Results | null>;
  /** The attempt opened from the results (null: the results' tables are shown). */
  attempt: number | null;
  review: Loadable<Review | null>;
  /** The opened attempt's log (docs/areas/testing.md#for-users, "Log"). */
  log: Loadable<AttemptLogEntry[]>;
  /** The journals the results can go to (to-journal dialog), and the last sending's outcome or refusal. */
  testJournals: Loadable<TestJournals | null>;
  sent: Loadable<ToJournalResult | null>;
  /** The grading sheets the results can go to (to-sheet dialog), and the last sending's outcome or refusal. */
  testSheets: Loadable<TestSheets | null>;
  sentToSheet: Loadable<ToSheetResult | null>;
  importOutcome: ImportOutcome | null;
  saving: boolean;
  /** Bumped by each write the server took, so that a form knows it may close. */
  saved: number;
  writeError: Failure | null;
}

const initialState: BankState = {
  disciplines: idle<TestingDiscipline[]>([]),
  discipline: null,
  categories: idle<Category[]>([]),
  questions: idle<Question[]>([]),
  tests: idle<Test[]>([]),
  results: idle<Results | null>(null),
  attempt: null,
  review: idle<Review | null>(null),
  log: idle<AttemptLogEntry[]>([]),
  testJournals: idle<TestJournals | null>(null),
  sent: idle<ToJournalResult | null>(null),
  testSheets: idle<TestSheets | null>(null),
  sentToSheet: idle<ToSheetResult | null>(null),
  importOutcome: null,
  saving: false,
  saved: 0,
  writeError: null,
};

/** A question saved, then its image: a new file (`file`, with its alt text), the alt text alone (no file), removed, or left as it is (null). */
export interface QuestionWrite {
  body: QuestionSaveBody;
  file: File | null;
  image: { alt: string } | 'remove' | null;
}

const loads = loadReducers<BankState>();
const closeAttempt = (state: BankState) => {
  state.attempt = null;
  state.review = idle<Review | null>(null);
  state.log = idle<AttemptLogEntry[]>([]);
};
const writing = (state: BankState) => {
  state.saving = true;
  state.writeError = null;
};

const slice = createSlice({
  name: 'testing/bank',
  initialState,
  reducers: {
    ...loads('disciplines', [], { keep: true }),
    disciplineChosen: (state, action: PayloadAction<number>) => {
      state.discipline = action.payload;
      state.categories = started<Category[]>([]);
      state.questions = started<Question[]>([]);
      state.tests = started<Test[]>([]);
      state.importOutcome = null;
    },
    ...loads.settled('categories', [], { keep: true }),
    ...loads.settled('questions', [], { keep: true }),
    ...loads.settled('tests', [], { keep: true }),
    resultsRequested: (state, _action: PayloadAction<number>) => {
      state.results = started<Results | null>(null);
    },
    ...loads.settled('results', null),
    resultsClosed: (state) => {
      state.results = idle<Results | null>(null);
      closeAttempt(state);
    },
    /** An attempt opened from the results: its review and its log are read. */
    reviewRequested: (state, action: PayloadAction<number>) => {
      state.attempt = action.payload;
      state.review = started<Review | null>(null);
      state.log = started<AttemptLogEntry[]>([]);
    },
    ...loads.settled('review', null),
    logRequested: (state, _action: PayloadAction<number>) => {
      state.log = started<AttemptLogEntry[]>([]);
    },
    ...loads.settled('log', []),
    reviewClosed: (state) => closeAttempt(state),
    categorySaved: (state, _action: PayloadAction<CategorySaveBody>) => writing(state),
    categoryDeleted: (state, _action: PayloadAction<number>) => writing(state),
    questionSaved: (state, _action: PayloadAction<QuestionWrite>) => writing(state),
    questionDeleted: (state, _action: PayloadAction<number>) => writing(state),
    importRequested: (state, action: PayloadAction<ImportBody>) => {
      writing(state);
      if (!action.payload.dryRun) state.importOutcome = null;
    },
    importSettled: (state, action: PayloadAction<ImportOutcome>) => {
      state.saving = false;
      state.importOutcome = action.payload;
    },
    /** The to-journal dialog opened: the journals are read, the last outcome forgotten. */
    testJournalsRequested: (state, _action: PayloadAction<number>) => {
      state.testJournals = started<TestJournals | null>(null);
      state.sent = idle<ToJournalResult | null>(null);
    },
    ...loads.settled('testJournals', null),
    toJournalRequested: (state, _action: PayloadAction<ToJournalBody>) => {
      state.sent = started<ToJournalResult | null>(null);
    },
    ...loads.settled('sent', null),
    /** The to-sheet dialog opened: the sheets are read, the last outcome forgotten. */
    testSheetsRequested: (state, _action: PayloadAction<number>) => {
      state.testSheets = started<TestSheets | null>(null);
      state.sentToSheet = idle<ToSheetResult | null>(null);
    },
    ...loads.settled('testSheets', null),
    toSheetRequested: (state, _action: PayloadAction<ToSheetBody>) => {
      state.sentToSheet = started<ToSheetResult | null>(null);
    },
    ...loads.settled('sentToSheet', null),
    testSaved: (state, _action: PayloadAction<TestSaveBody>) => writing(state),
    testDeleted: (state, _action: PayloadAction<number>) => writing(state),
    graded: (state, _action: PayloadAction<GradeBody>) => writing(state),
    writeSucceeded: (state) => {
      state.saving = false;
      state.saved += 1;
    },
    writeFailed: (state, action: PayloadAction<Failure>) => {
      state.saving = false;
      state.writeError = action.payload;
    },
    writeErrorDismissed: (state) => {
      state.writeError = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
});

export const bankActions = slice.actions;
export const bankReducer = slice.reducer;
