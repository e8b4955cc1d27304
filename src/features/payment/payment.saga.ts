/** Payment loads: the services (then the service the student came back from paying), the code, and the card payment's page. */
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { PayByCard, Payer } from '../../../contract/payment';
import type { Result } from '../../api/http';
import { paymentApi } from '../../api/payment';
import { request } from '../../shared/request/request.saga';
import { paymentActions as A, selectPayment, type PaymentState } from './payment.slice';

/** The service whose payment page was opened, to show it again on the way back. */
export const LAST_SERVICE_KEY = 'lms.payment.service';

export function* openedSaga(action: PayloadAction<{ serviceId: number | null }>) {
  const result = yield* request(paymentApi.services, [], { succeeded: A.servicesSucceeded, failed: A.servicesFailed });
  const back = action.payload.serviceId;
  if (result.ok && back !== null && result.data.some((s) => s.id === back)) yield put(A.serviceSelected({ id: back }));
}

export function* codeSaga(action: PayloadAction<{ id: number | null }>) {
  if (action.payload.id === null) return;
  const payer = (yield call(paymentApi.payer)) as Result<Payer>;
  if (!payer.ok) {
    yield put(A.codeFailed(payer));
    return;
  }
  yield* request(paymentApi.code, [{ ...payer.data, id_uslug: action.payload.id }], { succeeded: A.codeSucceeded, failed: A.codeFailed });
}

/** Opens the provider's payment page (a full page load: the portal comes back at /lms/paymentcode). */
export function* paySaga() {
  const state = (yield select(selectPayment)) as PaymentState;
  if (!state.code.data) return;
  const result = (yield call(paymentApi.payByCard, { account: state.code.data.account })) as Result<PayByCard>;
  if (!result.ok) {
    yield put(A.payFailed(result));
    return;
  }
  sessionStorage.setItem(LAST_SERVICE_KEY, String(state.code.data.id_uslug));
  window.location.assign(result.data.url);
}

export function* paymentSaga() {
  yield all([takeLatest(A.opened.type, openedSaga), takeLatest(A.serviceSelected.type, codeSaga), takeLatest(A.payRequested.type, paySaga)]);
}
