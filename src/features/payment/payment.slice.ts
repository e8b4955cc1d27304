/**
 * Payment area (docs/areas/payment.md#for-users): the paid services, the academic years a code may be asked
 * for (the student's admission to the current one), the chosen service's payment code with its
 * payment info and card payments, starting a card payment (the provider's page opens), and the card
 * payment the student came back from (shown with its state, whichever tab he comes back in).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PaidService, Payer, PaymentCode } from '@contract/payment';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable, loadReducers } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

/** What the screen opens with: a card payment come back from (its id), else a service and year chosen before. */
export interface PaymentOpening {
  paymentId?: string | null;
  serviceId?: number | null;
  year?: number | null;
}

export interface PaymentState {
  services: Loadable<PaidService[]>;
  payer: Loadable<Payer | null>;
  serviceId: number | null;
  year: number | null;
  code: Loadable<PaymentCode | null>;
  pay: Loadable<null>;
  /** The card payment the student came back from the provider with (its id), shown with its state. */
  returned: string | null;
}

export const initialPaymentState: PaymentState = {
  services: idle([]),
  payer: idle(null),
  serviceId: null,
  year: null,
  code: idle(null),
  pay: idle(null),
  returned: null,
};

const loads = loadReducers<PaymentState>();

const slice = createSlice({
  name: 'payment',
  initialState: initialPaymentState,
  reducers: {
    opened(state, action: PayloadAction<PaymentOpening>) {
      state.services = started(state.services.data);
      state.payer = started(state.payer.data);
      state.returned = action.payload.paymentId ?? null;
      if (action.payload.paymentId) state.code = started(null);
    },
    ...loads.settled('services', []),
    payerSucceeded(state, action: PayloadAction<Payer>) {
      state.payer = succeeded(action.payload);
      if (state.year === null || !action.payload.years.some((y) => y.id === state.year)) state.year = action.payload.id_year;
    },
    payerFailed(state, action: PayloadAction<Failure>) {
      state.payer = failed(action.payload, null);
    },
    /** A service is chosen: its code for the chosen year loads (made at the first request). */
    serviceSelected(state, action: PayloadAction<{ id: number | null }>) {
      state.serviceId = action.payload.id;
      state.code = action.payload.id === null ? idle(null) : started(null);
      state.pay = idle(null);
      state.returned = null;
    },
    /** A year is chosen: the chosen service's code of that year loads. */
    yearSelected(state, action: PayloadAction<{ year: number }>) {
      state.year = action.payload.year;
      state.code = state.serviceId === null ? idle(null) : started(null);
      state.pay = idle(null);
      state.returned = null;
    },
    codeSucceeded(state, action: PayloadAction<PaymentCode>) {
      state.code = succeeded(action.payload);
      state.serviceId = action.payload.id_uslug;
      state.year = action.payload.id_year;
    },
    codeFailed(state, action: PayloadAction<Failure>) {
      state.code = failed(action.payload, null);
    },
    /** The returned payment's code asked for again (its state may have changed at the provider). */
    returnedRefreshed(state) {
      state.code = started(state.code.data);
    },
    payRequested(state) {
      state.pay = started(null);
    },
    payFailed(state, action: PayloadAction<Failure>) {
      state.pay = failed(action.payload, null);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialPaymentState);
  },
});

export const paymentActions = slice.actions;
export const paymentReducer = slice.reducer;
export const selectPayment = (state: { payment: PaymentState }) => state.payment;
