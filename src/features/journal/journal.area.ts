/** What the journal area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { journalReducer as reducer } from './journal.slice';
export { journalSaga as saga } from './journal.saga';
export { journalLive as live } from './journal.live';
