/** What the UMK area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { umkReducer as reducer } from './umk.slice';
export { umkSaga as saga } from './umk.saga';
