/**
 * Payment loads: the services and the payer's years (then the card payment the student came back
 * with, or the service chosen before), the code of the chosen service and year, and the card
 * payment's page.
 */
import { all, call, put, select } from 'redux-saga/effects';
import { rootSaga } from '@shared/request/watchers';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { PaidService, PayByCard, Payer, PaymentCode } from '@contract/payment';
import type { Result } from '@api/http';
import { paymentApi } from './payment.api';
import { request } from '@shared/request/request.saga';
import { paymentActions as A, selectPayment, type PaymentOpening, type PaymentState } from './payment.slice';

export function* openedSaga(action: PayloadAction<PaymentOpening>) {
  const [services, payer] = (yield all([call(paymentApi.services), call(paymentApi.payer)])) as [Result<PaidService[]>, Result<Payer>];
  yield put(services.ok ? A.servicesSucceeded(services.data) : A.servicesFailed(services));
  yield put(payer.ok ? A.payerSucceeded(payer.data) : A.payerFailed(payer));
  const { paymentId, serviceId, year } = action.payload;
  if (paymentId) {
    yield* request(paymentApi.codeOfPayment, [paymentId], { succeeded: A.codeSucceeded, failed: A.codeFailed });
    return;
  }
  if (!services.ok || !payer.ok) return;
  if (year && payer.data.years.some((y) => y.id === year)) yield put(A.yearSelected({ year }));
  if (serviceId && services.data.some((s) => s.id === serviceId)) yield put(A.serviceSelected({ id: serviceId }));
}

export function* codeSaga() {
  const state = (yield select(selectPayment)) as PaymentState;
  const payer = state.payer.data;
  if (state.serviceId === null || state.year === null || !payer) return;
  yield* request(paymentApi.code, [{ id_year: state.year, id_group: payer.id_group, id_student: payer.id_student, id_uslug: state.serviceId }], {
    succeeded: A.codeSucceeded,
    failed: A.codeFailed,
  });
}

export function* returnedSaga() {
  const state = (yield select(selectPayment)) as PaymentState;
  if (!state.returned) return;
  yield* request(paymentApi.codeOfPayment, [state.returned], { succeeded: A.codeSucceeded, failed: A.codeFailed });
}

/** Opens the provider's payment page (a full page load: the provider sends the student back to /lms/paymentcode?payment=<id>). */
export function* paySaga() {
  const state = (yield select(selectPayment)) as PaymentState;
  const code: PaymentCode | null = state.code.data;
  if (!code) return;
  const result = (yield call(paymentApi.payByCard, { account: code.account })) as Result<PayByCard>;
  if (!result.ok) {
    yield put(A.payFailed(result));
    return;
  }
  window.location.assign(result.data.url);
}

/**
 * Keeps what the screen shows in its address (replacing the entry, the router's state kept): the card
 * payment come back from, else the service and year. Back from the provider's page, or a reload, opens
 * the same code again.
 */
export function* addressSaga() {
  const state = (yield select(selectPayment)) as PaymentState;
  const code = state.code.data;
  if (!code || !window.location.pathname.endsWith('/paymentcode')) return;
  const query = state.returned ? `payment=${encodeURIComponent(state.returned)}` : `service=${code.id_uslug}&year=${code.id_year}`;
  if (window.location.search !== `?${query}`) window.history.replaceState(window.history.state, '', `${window.location.pathname}?${query}`);
}

export const paymentSaga = rootSaga({
  latest: [
    [A.codeSucceeded, addressSaga],
    [A.opened, openedSaga],
    [[A.serviceSelected, A.yearSelected], codeSaga],
    [A.returnedRefreshed, returnedSaga],
    [A.payRequested, paySaga],
  ],
});
