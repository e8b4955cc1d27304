/** What the single window adds to the store when the signed-in shell loads (see app/areas.ts). */
export { singlewindowReducer as reducer } from './singlewindow.slice';
export { singlewindowSaga as saga } from './singlewindow.saga';
export { singlewindowLive as live } from './singlewindow.live';
