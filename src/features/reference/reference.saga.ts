/** The reference lists' loads and writes (docs/areas/reference.md#calls); a toast says what was saved or deleted. */
import type { PayloadAction } from '@reduxjs/toolkit';
import i18next from 'i18next';
import { call, select } from 'redux-saga/effects';
import type { ReferenceListName, ReferenceRow, ReferenceSaveBody } from '@contract/reference';
import type { Result } from '@api/http';
import { notify } from '@lib/notify';
import { rootSaga } from '@shared/request/watchers';
import { request } from '@shared/request/request.saga';
import { referenceApi } from './reference.api';
import { referenceActions as a, selectReference, type ReferenceState } from './reference.slice';

function* listsSaga() {
  yield* request(referenceApi.lists, [], { succeeded: (r) => a.listsLoaded(r.lists), failed: a.listsFailed });
}

function* rowsSaga() {
  const { shown } = (yield select(selectReference)) as ReferenceState;
  if (!shown) return;
  yield* request(referenceApi.rows, [shown], { succeeded: a.rowsLoaded, failed: a.rowsFailed });
}

function* openedSaga(action: PayloadAction<{ list: ReferenceListName | null }>) {
  yield* listsSaga();
  if (action.payload.list) yield* rowsSaga();
}

function* saveSaga(action: PayloadAction<ReferenceSaveBody>) {
  const { list, id } = action.payload;
  const result = (yield* request(referenceApi.save, [action.payload], {
    succeeded: (row) => a.saved({ list, row }),
    failed: a.saveFailed,
  })) as Result<ReferenceRow>;
  if (result.ok) yield call(notify, i18next.t(id === undefined ? 'reference:toast.added' : 'reference:toast.saved'), 'success');
}

function* deleteSaga() {
  const { shown, deleting } = (yield select(selectReference)) as ReferenceState;
  if (!shown || !deleting) return;
  const id = deleting.id;
  const result = (yield* request(referenceApi.remove, [{ list: shown, id }], {
    succeeded: () => a.deleted({ list: shown, id }),
    failed: (failure) => a.deleteFailed({ id, failure }),
  })) as Result<{ id: string }>;
  if (result.ok) yield call(notify, i18next.t('reference:toast.deleted'), 'success');
}

export const referenceSaga = rootSaga({
  latest: [
    [a.opened, openedSaga],
    [a.rowsRequested, rowsSaga],
  ],
  leading: [
    [a.saveRequested, saveSaga],
    [a.deleteRequested, deleteSaga],
  ],
});
