/** What the administration adds to the store when the signed-in shell loads (see app/areas.ts). */
export { adminReducer as reducer } from './admin.slice';
export { adminSaga as saga } from './admin.saga';
