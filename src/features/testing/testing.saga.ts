/** The testing area's watchers: the student's (attempt.saga.ts) and the teacher's (bank.saga.ts). */
import { fork, put } from 'redux-saga/effects';
import { ROLE_STUDENT } from '@shared/request/roles';
import { requireUser } from '@shared/request/request.saga';
import { rootSaga } from '@shared/request/watchers';
import * as S from './attempt.saga';
import * as B from './bank.saga';
import { attemptActions as A } from './attempt.slice';
import { bankActions as K } from './bank.slice';

export function* openedSaga() {
  const user = yield* requireUser(A.myFailed);
  if (!user) return;
  if (user.role === ROLE_STUDENT) yield put(A.myRequested());
  else yield put(K.disciplinesRequested());
}

export const testingSaga = rootSaga([fork(S.typingSaga)], {
  latest: [
    [A.opened, openedSaga],
    [A.myRequested, S.mySaga],
    [A.startRequested, S.startSaga],
    [A.resumeRequested, S.resumeSaga],
    [A.previewRequested, S.previewSaga],
    [A.reviewRequested, S.reviewSaga],
    [A.closed, S.closedSaga],
    [K.disciplinesRequested, B.disciplinesSaga],
    [K.disciplineChosen, B.disciplineSaga],
    [K.resultsRequested, B.resultsSaga],
    [K.reviewRequested, B.reviewSaga],
    [K.logRequested, B.logSaga],
    [K.testJournalsRequested, B.testJournalsSaga],
    [K.testSheetsRequested, B.testSheetsSaga],
  ],
  every: [
    [A.answerGiven, S.answerSaga],
    [A.answerRetried, S.retrySaga],
    [A.connectionBack, S.connectionBackSaga],
    [A.focusChanged, S.focusSaga],
    [K.categorySaved, B.categorySaga],
    [K.categoryDeleted, B.categoryDeleteSaga],
    [K.questionSaved, B.questionSaga],
    [K.questionDeleted, B.questionDeleteSaga],
    [K.importRequested, B.importSaga],
    [K.testSaved, B.testSaga],
    [K.testDeleted, B.testDeleteSaga],
    [K.graded, B.gradeSaga],
  ],
  leading: [
    [K.toJournalRequested, B.toJournalSaga],
    [K.toSheetRequested, B.toSheetSaga],
    [A.submitRequested, S.submitSaga],
    [A.timeUp, S.submitSaga],
  ],
});
