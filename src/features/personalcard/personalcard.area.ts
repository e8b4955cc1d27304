/** What the personal card area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { personalcardReducer as reducer } from './personalcard.slice';
export { personalcardSaga as saga } from './personalcard.saga';
