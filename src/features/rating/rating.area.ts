/** What the rating area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { ratingReducer as reducer } from './rating.slice';
export { ratingSaga as saga } from './rating.saga';
