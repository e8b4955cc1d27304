/**
 * Rooms loads: on opening, the choices (and a teacher's bookings) and the rooms free now; each search;
 * a room's week; a booking and a cancellation, after which the free rooms and the open week load
 * again; in another language, the names again.
 */
import { put, select } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { BookBody } from '@contract/rooms';
import { rootSaga } from '@shared/request/watchers';
import { request } from '@shared/request/request.saga';
import { shellActions } from '@shared/shell/shell.slice';
import { roomsApi } from './rooms.api';
import { roomsActions as A, selectRooms, type RoomsState } from './rooms.slice';

export function* openedSaga() {
  const state = (yield select(selectRooms)) as RoomsState;
  if (!state.options.loaded) {
    yield put(A.optionsRequested());
    const result = yield* request(roomsApi.options, [], { succeeded: A.optionsSucceeded, failed: A.optionsFailed });
    if (!result.ok) return;
  }
  const options = ((yield select(selectRooms)) as RoomsState).options.data;
  if (options?.canBook) yield put(A.bookingsRequested());
  yield put(A.searched(state.query));
}

export function* freeSaga(action: PayloadAction<RoomsState['query']>) {
  yield* request(roomsApi.free, [action.payload], { succeeded: A.freeSucceeded, failed: A.freeFailed });
}

export function* weekSaga(action: PayloadAction<{ roomId: number | null }>) {
  const { roomId } = action.payload;
  if (roomId === null) return;
  const { query } = (yield select(selectRooms)) as RoomsState;
  yield* request(roomsApi.week, [{ roomId, ...(query.date ? { date: query.date } : {}) }], { succeeded: A.weekSucceeded, failed: A.weekFailed });
}

export function* bookingsSaga() {
  yield* request(roomsApi.bookings, [], { succeeded: A.bookingsSucceeded, failed: A.bookingsFailed });
}

export function* bookSaga(action: PayloadAction<BookBody>) {
  yield* request(roomsApi.book, [action.payload], { succeeded: A.bookSucceeded, failed: A.bookFailed });
}

export function* cancelSaga(action: PayloadAction<{ id: number }>) {
  yield* request(roomsApi.cancel, [action.payload.id], { succeeded: A.cancelSucceeded, failed: A.cancelFailed });
}

/** After a booking or a cancellation: the free rooms and the open room's week as they are now. */
export function* refreshSaga() {
  const state = (yield select(selectRooms)) as RoomsState;
  yield put(A.searched(state.query));
  if (state.roomId !== null) yield put(A.roomOpened({ roomId: state.roomId }));
}

export function* languageSaga() {
  const state = (yield select(selectRooms)) as RoomsState;
  if (!state.options.data) return;
  yield put(A.optionsRequested());
  yield* request(roomsApi.options, [], { succeeded: A.optionsSucceeded, failed: A.optionsFailed });
  yield* refreshSaga();
  if (state.options.data.canBook) yield put(A.bookingsRequested());
}

export const roomsSaga = rootSaga({
  latest: [
    [A.opened, openedSaga],
    [A.searched, freeSaga],
    [A.roomOpened, weekSaga],
    [A.bookingsRequested, bookingsSaga],
    [[A.bookSucceeded, A.cancelSucceeded], refreshSaga],
    [shellActions.languageChanged, languageSaga],
  ],
  every: [
    [A.bookRequested, bookSaga],
    [A.cancelRequested, cancelSaga],
  ],
});
