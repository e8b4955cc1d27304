/** What the reference lists' screen adds to the store when the signed-in shell loads (see app/areas.ts). */
export { referenceReducer as reducer } from './reference.slice';
export { referenceSaga as saga } from './reference.saga';
