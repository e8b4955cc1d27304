/** What the import screen adds to the store when the signed-in shell loads (see app/areas.ts). */
export { importsReducer as reducer } from './imports.slice';
export { importsSaga as saga } from './imports.saga';
