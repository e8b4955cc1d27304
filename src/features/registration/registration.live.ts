/**
 * Registration's part of the one live connection (shared/live/): a freed seat that became the
 * student's (`registrationSeat`: a notice, and the list reloads, registration.saga.ts), and a change in a teacher's
 * subgroups (`registrationChanged`: his view reloads).
 */
import { put, select } from 'redux-saga/effects';
import type { SeatEvent } from '@contract/registration';
import type { LiveHandlers } from '@shared/live/live';
import { registrationActions, selectRegistration, type RegistrationState } from './registration.slice';

function* reload() {
  const state: RegistrationState = yield select(selectRegistration);
  if (state.half) yield put(registrationActions.listReloadRequested());
}

export const registrationLive: LiveHandlers = {
  events: {
    registrationSeat: (data) => registrationActions.seatReceived(data as SeatEvent),
    registrationChanged: () => registrationActions.opened(),
  },
  resync: registrationActions.opened,
  poll: reload,
};
