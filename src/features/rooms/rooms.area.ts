/** What the rooms area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { roomsReducer as reducer } from './rooms.slice';
export { roomsSaga as saga } from './rooms.saga';
