/** What the registration area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { registrationReducer as reducer } from './registration.slice';
export { registrationSaga as saga } from './registration.saga';
export { registrationLive as live } from './registration.live';
