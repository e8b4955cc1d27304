/** What the QR area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { qrReducer as reducer } from './qr.slice';
export { qrSaga as saga } from './qr.saga';
export { qrLive as live } from './qr.live';
