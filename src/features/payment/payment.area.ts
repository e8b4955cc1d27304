/** What the payment area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { paymentReducer as reducer } from './payment.slice';
export { paymentSaga as saga } from './payment.saga';
