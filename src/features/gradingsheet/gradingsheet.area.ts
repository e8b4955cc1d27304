/** What the grading sheet area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { gradingSheetReducer as reducer } from './gradingsheet.slice';
export { gradingSheetSaga as saga } from './gradingsheet.saga';
