/** Single-window loads and writes (docs/areas/singlewindow.md#calls); a live change reloads what is shown. */
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, put, select } from 'redux-saga/effects';
import { rootSaga } from '@shared/request/watchers';
import type { OrderSaveBody } from '@contract/singlewindow';
import { singlewindowApi } from './singlewindow.api';
import { request } from '@shared/request/request.saga';
import { singlewindowActions as a, selectSingleWindow, type SingleWindowState } from './singlewindow.slice';

function* openedSaga(action: PayloadAction<{ student: boolean }>) {
  if (action.payload.student) {
    yield put(a.listsRequested());
    yield put(a.ordersRequested());
  }
  yield* request(singlewindowApi.access, [], { succeeded: (r) => a.accessLoaded(r.registrar), failed: a.accessFailed });
  const state = (yield select(selectSingleWindow)) as SingleWindowState;
  if (state.registrar.data) yield put(a.queueRequested());
}

function* listsSaga() {
  yield all([
    request(singlewindowApi.docs, [], { succeeded: a.docsLoaded, failed: a.listsFailed }),
    request(singlewindowApi.regions, [], { succeeded: a.regionsLoaded, failed: a.listsFailed }),
    request(singlewindowApi.purposes, [], { succeeded: a.purposesLoaded, failed: a.listsFailed }),
  ]);
}

function* districtsSaga(action: PayloadAction<{ id: number }>) {
  if (action.payload.id > 0)
    yield* request(singlewindowApi.districts, [{ id_region: action.payload.id }], { succeeded: a.districtsLoaded, failed: a.districtsFailed });
}

function* ordersSaga() {
  yield* request(singlewindowApi.orders, [], { succeeded: a.ordersLoaded, failed: a.ordersFailed });
}

function* queueSaga() {
  yield* request(singlewindowApi.queue, [], { succeeded: a.queueLoaded, failed: a.queueFailed });
}

function* saveSaga(action: PayloadAction<OrderSaveBody>) {
  yield* request(singlewindowApi.save, [action.payload], { succeeded: (r) => a.saveSucceeded(r.order), failed: a.saveFailed });
}

function* cancelSaga(action: PayloadAction<{ id: number }>) {
  yield* request(singlewindowApi.cancel, [action.payload], { succeeded: (r) => a.orderChanged(r.order), failed: a.actionFailed });
}

function* moveSaga(action: PayloadAction<{ id: number; status: 2 | 3; comment?: string }>) {
  yield* request(singlewindowApi.move, [action.payload], { succeeded: (r) => a.queueOrderChanged(r.order), failed: a.actionFailed });
}

function* rejectSaga(action: PayloadAction<{ id: number; reason: string }>) {
  yield* request(singlewindowApi.reject, [action.payload], { succeeded: (r) => a.queueOrderChanged(r.order), failed: a.actionFailed });
}

function* liveSaga() {
  const state = (yield select(selectSingleWindow)) as SingleWindowState;
  if (state.orders.fetching || state.orders.data.length > 0 || state.orders.error) yield put(a.ordersRequested());
  if (state.registrar.data) yield put(a.queueRequested());
}

export const singlewindowSaga = rootSaga({
  latest: [
    [a.opened, openedSaga],
    [a.listsRequested, listsSaga],
    [a.regionSelected, districtsSaga],
    [a.ordersRequested, ordersSaga],
    [a.queueRequested, queueSaga],
    [a.saveRequested, saveSaga],
    [a.liveOrder, liveSaga],
  ],
  every: [
    [a.cancelRequested, cancelSaga],
    [a.moveRequested, moveSaga],
    [a.rejectRequested, rejectSaga],
  ],
});
