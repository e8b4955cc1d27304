/** What the transcript area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { transcriptReducer as reducer } from './transcript.slice';
export { transcriptSaga as saga } from './transcript.saga';
