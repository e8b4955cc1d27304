/** What the news area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { newsReducer as reducer } from './news.slice';
export { newsSaga as saga } from './news.saga';
