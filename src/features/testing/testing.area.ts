/** What the testing area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { testingReducer as reducer } from './testing.slice';
export { testingSaga as saga } from './testing.saga';
