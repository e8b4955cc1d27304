/**
 * Questionnaire area (docs/areas/questionnaire.md#for-users): the lists (to answer, managed, a
 * teacher's evaluations), the questionnaire open to answer and the sending of its answers, the
 * results shown, the creation form's choices and sending, and the authors' corrections (a
 * questionnaire edited in the same form, deleted or closed now after a confirmation, its closing moved).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  AnswerBody,
  ClosingBody,
  CreateBody,
  QuestionnaireChoices,
  QuestionnaireDraft,
  QuestionnaireForm,
  QuestionnaireLists,
  QuestionnaireResults,
  UpdateBody,
} from '@contract/questionnaire';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

/** What the screen shows: the lists, a questionnaire to answer, results, or the creation form (new, or editing one). */
export type QuestionnaireView =
  { kind: 'list' } | { kind: 'answer'; id: number } | { kind: 'results'; id: number } | { kind: 'create' } | { kind: 'edit'; id: number };

/** A deletion or an early closing waiting for its confirmation. */
export interface ChangeAsked {
  kind: 'delete' | 'close';
  id: number;
  title: string;
}

export interface Sending {
  busy: boolean;
  failure: Failure | null;
}

export interface QuestionnaireState {
  view: QuestionnaireView;
  lists: Loadable<QuestionnaireLists | null>;
  form: Loadable<QuestionnaireForm | null>;
  answer: Sending;
  results: Loadable<QuestionnaireResults | null>;
  choices: Loadable<QuestionnaireChoices | null>;
  /** The creation form's sending, also of an edit. */
  create: Sending;
  /** The questionnaire being edited, as the form edits it. */
  draft: Loadable<QuestionnaireDraft | null>;
  /** A deletion, an early closing or a moved closing of a managed questionnaire: its id, its confirmation, its refusal. */
  change: Sending & { id: number | null; asked: ChangeAsked | null };
}

const ready: Sending = { busy: false, failure: null };

export const initialQuestionnaireState: QuestionnaireState = {
  view: { kind: 'list' },
  lists: idle(null),
  form: idle(null),
  answer: ready,
  results: idle(null),
  choices: idle(null),
  create: ready,
  draft: idle(null),
  change: { ...ready, id: null, asked: null },
};

const slice = createSlice({
  name: 'questionnaire',
  initialState: initialQuestionnaireState,
  reducers: {
    /** The screen opened (or the lists are asked again). */
    opened(state) {
      state.lists = started(state.lists.data);
    },
    listsSucceeded(state, action: PayloadAction<QuestionnaireLists>) {
      state.lists = succeeded<QuestionnaireLists | null>(action.payload);
    },
    listsFailed(state, action: PayloadAction<Failure>) {
      state.lists = failed<QuestionnaireLists | null>(action.payload, null);
    },
    answerOpened(state, action: PayloadAction<{ id: number }>) {
      state.view = { kind: 'answer', id: action.payload.id };
      state.form = started(null);
      state.answer = ready;
    },
    formSucceeded(state, action: PayloadAction<QuestionnaireForm>) {
      state.form = succeeded<QuestionnaireForm | null>(action.payload);
    },
    formFailed(state, action: PayloadAction<Failure>) {
      state.form = failed<QuestionnaireForm | null>(action.payload, null);
    },
    answerRequested(state, _action: PayloadAction<AnswerBody>) {
      state.answer = { busy: true, failure: null };
    },
    answerSucceeded(state) {
      state.answer = ready;
      state.view = { kind: 'list' };
    },
    answerFailed(state, action: PayloadAction<Failure>) {
      state.answer = { busy: false, failure: action.payload };
    },
    resultsOpened(state, action: PayloadAction<{ id: number }>) {
      state.view = { kind: 'results', id: action.payload.id };
      state.results = started(null);
    },
    resultsSucceeded(state, action: PayloadAction<QuestionnaireResults>) {
      state.results = succeeded<QuestionnaireResults | null>(action.payload);
    },
    resultsFailed(state, action: PayloadAction<Failure>) {
      state.results = failed<QuestionnaireResults | null>(action.payload, null);
    },
    createOpened(state) {
      state.view = { kind: 'create' };
      state.create = ready;
      if (!state.choices.loaded) state.choices = started(null);
    },
    choicesSucceeded(state, action: PayloadAction<QuestionnaireChoices>) {
      state.choices = succeeded<QuestionnaireChoices | null>(action.payload);
    },
    choicesFailed(state, action: PayloadAction<Failure>) {
      state.choices = failed<QuestionnaireChoices | null>(action.payload, null);
    },
    createRequested(state, _action: PayloadAction<CreateBody>) {
      state.create = { busy: true, failure: null };
    },
    createSucceeded(state) {
      state.create = ready;
      state.view = { kind: 'list' };
    },
    createFailed(state, action: PayloadAction<Failure>) {
      state.create = { busy: false, failure: action.payload };
    },
    editOpened(state, action: PayloadAction<{ id: number }>) {
      state.view = { kind: 'edit', id: action.payload.id };
      state.create = ready;
      state.draft = started(null);
      if (!state.choices.loaded) state.choices = started(null);
    },
    draftSucceeded(state, action: PayloadAction<QuestionnaireDraft>) {
      state.draft = succeeded<QuestionnaireDraft | null>(action.payload);
    },
    draftFailed(state, action: PayloadAction<Failure>) {
      state.draft = failed<QuestionnaireDraft | null>(action.payload, null);
    },
    updateRequested(state, _action: PayloadAction<UpdateBody>) {
      state.create = { busy: true, failure: null };
    },
    /** A deletion or an early closing asked (its confirmation shown), or cancelled (null). */
    changeAsked(state, action: PayloadAction<ChangeAsked | null>) {
      state.change = { busy: false, failure: null, id: action.payload?.id ?? state.change.id, asked: action.payload };
    },
    deleteRequested(state, action: PayloadAction<{ id: number }>) {
      state.change = { busy: true, failure: null, id: action.payload.id, asked: state.change.asked };
    },
    closeRequested(state, action: PayloadAction<{ id: number }>) {
      state.change = { busy: true, failure: null, id: action.payload.id, asked: state.change.asked };
    },
    closingRequested(state, action: PayloadAction<ClosingBody>) {
      state.change = { busy: true, failure: null, id: action.payload.id, asked: null };
    },
    changeSucceeded(state) {
      state.change = { ...ready, id: null, asked: null };
    },
    changeFailed(state, action: PayloadAction<Failure>) {
      state.change = { busy: false, failure: action.payload, id: state.change.id, asked: null };
    },
    /** Back to the lists. */
    closed(state) {
      state.view = { kind: 'list' };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialQuestionnaireState);
  },
});

export const questionnaireActions = slice.actions;
export const questionnaireReducer = slice.reducer;
export const selectQuestionnaire = (state: { questionnaire: QuestionnaireState }) => state.questionnaire;
