/**
 * QR attendance's part of the one live connection (shared/live/): marks reach the projector screen
 * as `qrMark`; while the stream is unavailable the open session is asked for instead.
 */
import { put, select } from 'redux-saga/effects';
import type { QrLiveMark } from '@contract/qr';
import type { LiveHandlers } from '@shared/live/live';
import { qrActions, selectQr, type QrState } from './qr.slice';

function* pollQr() {
  const state: QrState = yield select(selectQr);
  if (state.projector.session.data && !state.projector.session.data.closed) yield put(qrActions.stateRequested());
}

export const qrLive: LiveHandlers = {
  events: {
    qrMark: (data) => (data ? qrActions.liveMarkReceived(data as QrLiveMark) : qrActions.stateRequested()),
  },
  resync: qrActions.stateRequested,
  poll: pollQr,
};
