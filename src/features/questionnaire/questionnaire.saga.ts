/**
 * Questionnaire loads: the lists on opening (and after an answer or a creation), the questionnaire
 * to answer, its sending, the results, the creation form's choices and its sending, a managed
 * questionnaire to edit and its sending, its deletion, early closing and moved closing (each reloads
 * the lists); the lists again in another language (the names of disciplines and faculties).
 */
import { put, select } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { AnswerBody, ClosingBody, CreateBody, UpdateBody } from '@contract/questionnaire';
import { rootSaga } from '@shared/request/watchers';
import { request } from '@shared/request/request.saga';
import { shellActions } from '@shared/shell/shell.slice';
import { questionnaireApi as api } from './questionnaire.api';
import { questionnaireActions as A, selectQuestionnaire, type QuestionnaireState } from './questionnaire.slice';

export function* listsSaga() {
  yield* request(api.lists, [], { succeeded: A.listsSucceeded, failed: A.listsFailed });
}

export function* formSaga(action: PayloadAction<{ id: number }>) {
  yield* request(api.form, [action.payload.id], { succeeded: A.formSucceeded, failed: A.formFailed });
}

export function* answerSaga(action: PayloadAction<AnswerBody>) {
  const result = yield* request(api.answer, [action.payload], { succeeded: () => A.answerSucceeded(), failed: A.answerFailed });
  if (result.ok) yield put(A.opened());
}

export function* resultsSaga(action: PayloadAction<{ id: number }>) {
  yield* request(api.results, [action.payload.id], { succeeded: A.resultsSucceeded, failed: A.resultsFailed });
}

export function* choicesSaga() {
  const state = (yield select(selectQuestionnaire)) as QuestionnaireState;
  if (state.choices.data) return;
  yield* request(api.choices, [], { succeeded: A.choicesSucceeded, failed: A.choicesFailed });
}

export function* createSaga(action: PayloadAction<CreateBody>) {
  const result = yield* request(api.create, [action.payload], { succeeded: () => A.createSucceeded(), failed: A.createFailed });
  if (result.ok) yield put(A.opened());
}

export function* draftSaga(action: PayloadAction<{ id: number }>) {
  yield* choicesSaga();
  yield* request(api.draft, [action.payload.id], { succeeded: A.draftSucceeded, failed: A.draftFailed });
}

export function* updateSaga(action: PayloadAction<UpdateBody>) {
  const result = yield* request(api.update, [action.payload], { succeeded: () => A.createSucceeded(), failed: A.createFailed });
  if (result.ok) yield put(A.opened());
}

const changed = { succeeded: () => A.changeSucceeded(), failed: A.changeFailed };

export function* deleteSaga(action: PayloadAction<{ id: number }>) {
  const result = yield* request(api.remove, [action.payload.id], changed);
  if (result.ok) yield put(A.opened());
}

export function* closeSaga(action: PayloadAction<{ id: number }>) {
  const result = yield* request(api.close, [action.payload.id], changed);
  if (result.ok) yield put(A.opened());
}

export function* closingSaga(action: PayloadAction<ClosingBody>) {
  const result = yield* request(api.closing, [action.payload], changed);
  if (result.ok) yield put(A.opened());
}

export function* languageSaga() {
  const state = (yield select(selectQuestionnaire)) as QuestionnaireState;
  if (state.lists.data) yield put(A.opened());
  if (state.view.kind === 'results') yield put(A.resultsOpened({ id: state.view.id }));
}

export const questionnaireSaga = rootSaga({
  latest: [
    [A.opened, listsSaga],
    [A.answerOpened, formSaga],
    [A.resultsOpened, resultsSaga],
    [A.createOpened, choicesSaga],
    [A.editOpened, draftSaga],
    [shellActions.languageChanged, languageSaga],
  ],
  every: [
    [A.answerRequested, answerSaga],
    [A.createRequested, createSaga],
    [A.updateRequested, updateSaga],
    [A.deleteRequested, deleteSaga],
    [A.closeRequested, closeSaga],
    [A.closingRequested, closingSaga],
  ],
});
