/** The teacher's requests: his disciplines, a discipline's bank and tests, each write, results, an attempt's review and log, and the results sent to a journal or a grading sheet. */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select } from 'redux-saga/effects';
import type {
  AttemptLogEntry,
  CategorySaveBody,
  GradeBody,
  ImportBody,
  Question,
  TestJournals,
  TestSaveBody,
  ToJournalBody,
  ToSheetBody,
} from '@contract/testing';
import type { Result } from '@api/http';
import { request } from '@shared/request/request.saga';
import { bankActions as A, type BankState, type QuestionWrite } from './bank.slice';
import { selectBank } from './testing.slice';
import { testingApi as api, type ImportOutcome } from './testing.api';
import { QUESTION_IMAGE_FIELD } from '@contract/pure/testing-limits';

export function* disciplinesSaga() {
  const result = yield* request(api.disciplines, [], { succeeded: A.disciplinesSucceeded, failed: A.disciplinesFailed });
  const { discipline } = (yield select(selectBank)) as BankState;
  if (result.ok && result.data.length > 0 && discipline === null) yield put(A.disciplineChosen(result.data[0]!.id));
}

/** The chosen discipline's categories, questions and tests, read again after each write. */
export function* disciplineSaga() {
  const { discipline } = (yield select(selectBank)) as BankState;
  if (discipline === null) return;
  yield* request(api.categories, [discipline], { succeeded: A.categoriesSucceeded, failed: A.categoriesFailed });
  yield* request(api.questions, [discipline], { succeeded: A.questionsSucceeded, failed: A.questionsFailed });
  yield* request(api.tests, [discipline], { succeeded: A.testsSucceeded, failed: A.testsFailed });
}

function* write<T>(fn: () => Promise<Result<T>>) {
  const result = (yield call(fn)) as Result<T>;
  if (!result.ok) {
    yield put(A.writeFailed(result));
    return false;
  }
  yield put(A.writeSucceeded());
  yield* disciplineSaga();
  return true;
}

export function* categorySaga(action: PayloadAction<CategorySaveBody>) {
  yield* write(() => api.categorySave(action.payload));
}
export function* categoryDeleteSaga(action: PayloadAction<number>) {
  yield* write(() => api.categoryDelete(action.payload));
}
/** The question's image written once the question is (a new one has its id only then). */
function imageWrite(id_question: number, image: { alt: string } | 'remove', file: File | null): Promise<Result<Question>> {
  if (image === 'remove') return api.questionImageDelete(id_question);
  const form = new FormData();
  form.append('id_question', String(id_question));
  form.append('alt', image.alt);
  if (file) form.append(QUESTION_IMAGE_FIELD, file, file.name);
  return api.questionImage(form);
}

/** The question, then its image; an image refused after the question is saved is said, the question kept (the form closes on it). */
export function* questionSaga(action: PayloadAction<QuestionWrite>) {
  const { body, file, image } = action.payload;
  const saved = (yield call(api.questionSave, body)) as Result<{ question: Question }>;
  if (!saved.ok) {
    yield put(A.writeFailed(saved));
    return;
  }
  const pictured = image === null ? null : ((yield call(imageWrite, saved.data.question.id, image, file)) as Result<Question>);
  yield put(A.writeSucceeded());
  if (pictured && !pictured.ok) yield put(A.writeFailed(pictured));
  yield* disciplineSaga();
}
export function* questionDeleteSaga(action: PayloadAction<number>) {
  yield* write(() => api.questionDelete(action.payload));
}
export function* testSaga(action: PayloadAction<TestSaveBody>) {
  yield* write(() => api.testSave(action.payload));
}
export function* testDeleteSaga(action: PayloadAction<number>) {
  yield* write(() => api.testDelete(action.payload));
}

/** An import, or its dry run: the server's per-line problems are shown either way. */
export function* importSaga(action: PayloadAction<ImportBody>) {
  const result = (yield call(api.import, action.payload)) as Result<ImportOutcome>;
  if (result.ok) {
    yield put(A.importSettled(result.data));
    if (!action.payload.dryRun) yield* disciplineSaga();
    return;
  }
  const params = result.error?.params as { lines?: number[]; line?: number; reason?: string } | undefined;
  if (result.error?.code === 'TEST_IMPORT' && params?.line !== undefined) {
    yield put(A.importSettled({ imported: 0, kinds: {}, problems: [{ line: params.line, reason: params.reason ?? '' }] }));
  }
  yield put(A.writeFailed(result));
}

export function* resultsSaga(action: PayloadAction<number>) {
  yield* request(api.results, [action.payload], { succeeded: A.resultsSucceeded, failed: A.resultsFailed });
}
/** An attempt opened from the results: its log is read beside its review (logSaga). */
export function* reviewSaga(action: PayloadAction<number>) {
  yield put(A.logRequested(action.payload));
  yield* request(api.review, [action.payload], { succeeded: A.reviewSucceeded, failed: A.reviewFailed });
}
/** The attempt's log, kept only while that attempt is the one open (a grade's re-read may end after another is opened). */
export function* logSaga(action: PayloadAction<number>) {
  const result = (yield call(api.log, action.payload)) as Result<AttemptLogEntry[]>;
  const { attempt } = (yield select(selectBank)) as BankState;
  if (attempt !== action.payload) return;
  yield put(result.ok ? A.logSucceeded(result.data) : A.logFailed(result));
}
export function* gradeSaga(action: PayloadAction<GradeBody>) {
  const result = yield* request(api.grade, [action.payload], { succeeded: A.reviewSucceeded, failed: A.writeFailed });
  if (result.ok) {
    yield put(A.writeSucceeded());
    // The hand score is logged on the attempt: its log is read again, the one shown staying meanwhile.
    yield* logSaga({ type: '', payload: action.payload.id_attempt });
    const { results } = (yield select(selectBank)) as BankState;
    if (results.data) yield* resultsSaga({ type: '', payload: results.data.id_test });
  }
}

/** The journals a test's results can go to, for the to-journal dialog. */
export function* testJournalsSaga(action: PayloadAction<number>) {
  yield* request(api.testJournals, [action.payload], { succeeded: A.testJournalsSucceeded, failed: A.testJournalsFailed });
}
/** The results sent to a journal: the outcome (written, kept, refused) or the refusal, shown in the dialog; the journals read again (a new lesson). */
export function* toJournalSaga(action: PayloadAction<ToJournalBody>) {
  const result = yield* request(api.toJournal, [action.payload], { succeeded: A.sentSucceeded, failed: A.sentFailed });
  if (result.ok) {
    const fresh = (yield call(api.testJournals, action.payload.id_test)) as Result<TestJournals>;
    if (fresh.ok) yield put(A.testJournalsSucceeded(fresh.data));
  }
}

/** The grading sheets a test's results can go to, for the to-sheet dialog. */
export function* testSheetsSaga(action: PayloadAction<number>) {
  yield* request(api.testSheets, [action.payload], { succeeded: A.testSheetsSucceeded, failed: A.testSheetsFailed });
}
/** The results sent to a grading sheet: the outcome (written, kept, refused) or the refusal, shown in the dialog. */
export function* toSheetSaga(action: PayloadAction<ToSheetBody>) {
  yield* request(api.toSheet, [action.payload], { succeeded: A.sentToSheetSucceeded, failed: A.sentToSheetFailed });
}
