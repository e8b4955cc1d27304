/** What the documents area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { documentsReducer as reducer } from './documents.slice';
export { documentsSaga as saga } from './documents.saga';
