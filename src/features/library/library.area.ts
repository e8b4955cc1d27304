/** What the library area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { libraryReducer as reducer } from './library.slice';
export { librarySaga as saga } from './library.saga';
