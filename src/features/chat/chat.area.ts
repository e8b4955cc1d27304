/** What the chat area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { chatReducer as reducer } from './chat.slice';
export { chatSaga as saga } from './chat.saga';
export { chatLive as live } from './chat.live';
