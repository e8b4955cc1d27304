/**
 * Testing, the student's side (docs/areas/testing.md#for-users): his tests, and the attempt he takes
 * (or the teacher's preview): the paper, each answer with its version and whether the server holds
 * it, the flags, the server's deadline and the offset of its clock, the submission and the review.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Answer, MyTest, Paper, Review } from '@contract/testing';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';
import type { KeptAnswers } from './attempt.storage';

/** Where an answer is: the server holds it, it is on its way, or its last sending failed. */
export type SaveStatus = 'saved' | 'saving' | 'failed';
export interface GivenAnswer {
  answer: Answer | null;
  version: number;
  status: SaveStatus;
  failure: Failure | null;
}

export interface AttemptState {
  my: Loadable<MyTest[]>;
  paper: Loadable<Paper | null>;
  /** The teacher's preview: nothing is sent. */
  preview: boolean;
  /** The server's clock minus this one's, in ms, from the paper's reply. */
  offset: number;
  deadline: string;
  answers: Record<number, GivenAnswer>;
  /** Typed answers waiting for a pause in typing, the field's blur or the submission before they are sent. */
  typing: Record<number, true>;
  flags: Record<number, boolean>;
  submitting: boolean;
  submitError: Failure | null;
  /** Why the attempt ended on this screen. */
  ended: 'submitted' | 'time' | null;
  review: Loadable<Review | null>;
}

const initialState: AttemptState = {
  my: idle<MyTest[]>([]),
  paper: idle<Paper | null>(null),
  preview: false,
  offset: 0,
  deadline: '',
  answers: {},
  typing: {},
  flags: {},
  submitting: false,
  submitError: null,
  ended: null,
  review: idle<Review | null>(null),
};

const clearAttempt = (state: AttemptState) => {
  state.paper = started<Paper | null>(null);
  state.answers = {};
  state.typing = {};
  state.flags = {};
  state.ended = null;
  state.submitError = null;
  state.review = idle<Review | null>(null);
};

const slice = createSlice({
  name: 'testing/attempt',
  initialState,
  reducers: {
    opened: () => undefined,
    myRequested: (state) => {
      state.my = started(state.my.data);
    },
    mySucceeded: (state, action: PayloadAction<MyTest[]>) => {
      state.my = succeeded(action.payload);
    },
    myFailed: (state, action: PayloadAction<Failure>) => {
      state.my = failed(action.payload, state.my.data);
    },
    startRequested: (state, _action: PayloadAction<{ id_test: number; password?: string }>) => {
      clearAttempt(state);
      state.preview = false;
    },
    resumeRequested: (state, _action: PayloadAction<number>) => {
      clearAttempt(state);
      state.preview = false;
    },
    previewRequested: (state, _action: PayloadAction<number>) => {
      clearAttempt(state);
      state.preview = true;
    },
    /** The paper arrived at `receivedAt` (this clock); answers kept here that are newer than the server's are sent again. */
    paperSucceeded: (state, action: PayloadAction<{ paper: Paper; kept: KeptAnswers; receivedAt: number }>) => {
      const { paper, kept, receivedAt } = action.payload;
      state.paper = succeeded<Paper | null>(paper);
      state.offset = Date.parse(paper.now) - receivedAt;
      state.deadline = paper.deadline;
      for (const q of paper.questions) {
        const local = kept[q.slot];
        state.answers[q.slot] =
          local && local.version > q.version
            ? { answer: local.answer, version: local.version, status: 'saving', failure: null }
            : { answer: q.answer, version: q.version, status: 'saved', failure: null };
      }
    },
    paperFailed: (state, action: PayloadAction<Failure>) => {
      state.paper = failed<Paper | null>(action.payload, null);
    },
    answerGiven: (state, action: PayloadAction<{ slot: number; answer: Answer }>) => {
      const { slot, answer } = action.payload;
      const before = state.answers[slot];
      state.answers[slot] = { answer, version: (before?.version ?? 0) + 1, status: state.preview ? 'saved' : 'saving', failure: null };
      delete state.typing[slot];
    },
    /**
     * A text answer as typed so far: a new version at once (the strip shows it answered), sent after
     * a pause in typing, the field's blur or before submitting (attempt.saga.ts); the same text again changes nothing.
     */
    answerTyped: (state, action: PayloadAction<{ slot: number; answer: Answer }>) => {
      const { slot, answer } = action.payload;
      const before = state.answers[slot];
      if (before?.answer && JSON.stringify(before.answer) === JSON.stringify(answer)) return;
      state.answers[slot] = { answer, version: (before?.version ?? 0) + 1, status: state.preview ? 'saved' : 'saving', failure: null };
      if (!state.preview) state.typing[slot] = true;
    },
    /** The field was left: its typed answer, if any waits, is sent now. */
    typingEnded: (_state, _action: PayloadAction<number>) => undefined,
    /** A typed answer is on its way. */
    typingSent: (state, action: PayloadAction<number>) => {
      delete state.typing[action.payload];
    },
    answerRetried: (state, action: PayloadAction<number>) => {
      const a = state.answers[action.payload];
      if (a) {
        a.status = 'saving';
        a.failure = null;
      }
    },
    answerSaved: (state, action: PayloadAction<{ slot: number; version: number; deadline: string }>) => {
      const a = state.answers[action.payload.slot];
      if (a && a.version <= action.payload.version) a.status = 'saved';
      state.deadline = action.payload.deadline;
    },
    answerFailed: (state, action: PayloadAction<{ slot: number; version: number; failure: Failure }>) => {
      const a = state.answers[action.payload.slot];
      if (a && a.version === action.payload.version) {
        a.status = 'failed';
        a.failure = action.payload.failure;
      }
    },
    /** The connection is back: every failed answer is sent again. */
    connectionBack: () => undefined,
    focusChanged: (_state, _action: PayloadAction<'focus_lost' | 'focus_back'>) => undefined,
    flagToggled: (state, action: PayloadAction<number>) => {
      state.flags[action.payload] = !state.flags[action.payload];
    },
    submitRequested: (state) => {
      state.submitting = true;
      state.submitError = null;
    },
    /** The server's deadline passed: the attempt is ended and its review read. */
    timeUp: (state) => {
      if (!state.ended) state.ended = 'time';
      state.submitting = true;
    },
    submitSucceeded: (state, action: PayloadAction<Review>) => {
      state.submitting = false;
      if (!state.ended) state.ended = 'submitted';
      state.review = succeeded<Review | null>(action.payload);
    },
    submitFailed: (state, action: PayloadAction<Failure>) => {
      state.submitting = false;
      state.submitError = action.payload;
    },
    reviewRequested: (state, _action: PayloadAction<number>) => {
      state.paper = idle<Paper | null>(null);
      state.review = started<Review | null>(null);
    },
    reviewSucceeded: (state, action: PayloadAction<Review>) => {
      state.review = succeeded<Review | null>(action.payload);
    },
    reviewFailed: (state, action: PayloadAction<Failure>) => {
      state.review = failed<Review | null>(action.payload, null);
    },
    /** Back to the list. */
    closed: (state) => {
      state.paper = idle<Paper | null>(null);
      state.review = idle<Review | null>(null);
      state.ended = null;
      state.answers = {};
      state.typing = {};
      state.flags = {};
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
});

export const attemptActions = slice.actions;
export const attemptReducer = slice.reducer;
