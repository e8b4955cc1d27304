/** What the webinar area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { webinarReducer as reducer } from './webinar.slice';
export { webinarSaga as saga } from './webinar.saga';
