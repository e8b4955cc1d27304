/**
 * Payment area (docs/product.md#payment): the paid services, the chosen service's payment code
 * with its payment info and card payments, and starting a card payment (the provider's page opens).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PaidService, PaymentCode } from '../../../contract/payment';
import type { Failure } from '../../api/http';
import { failed, idle, started, succeeded, type Loadable } from '../../shared/request/loadable';
import { sessionEnded } from '../../shared/session/session';

export interface PaymentState {
  services: Loadable<PaidService[]>;
  serviceId: number | null;
  code: Loadable<PaymentCode | null>;
  pay: Loadable<null>;
}

export const initialPaymentState: PaymentState = { services: idle([]), serviceId: null, code: idle(null), pay: idle(null) };

const slice = createSlice({
  name: 'payment',
  initialState: initialPaymentState,
  reducers: {
    opened(state, _action: PayloadAction<{ serviceId: number | null }>) {
      state.services = started(state.services.data);
    },
    servicesSucceeded(state, action: PayloadAction<PaidService[]>) {
      state.services = succeeded(action.payload);
    },
    servicesFailed(state, action: PayloadAction<Failure>) {
      state.services = failed(action.payload, []);
    },
    /** A service is chosen: its code loads (made at the first request). */
    serviceSelected(state, action: PayloadAction<{ id: number | null }>) {
      state.serviceId = action.payload.id;
      state.code = action.payload.id === null ? idle(null) : started(null);
      state.pay = idle(null);
    },
    codeSucceeded(state, action: PayloadAction<PaymentCode>) {
      state.code = succeeded(action.payload);
    },
    codeFailed(state, action: PayloadAction<Failure>) {
      state.code = failed(action.payload, null);
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
