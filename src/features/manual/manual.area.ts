/** What the manual adds to the store when the signed-in shell loads (see app/areas.ts): its search and audience; no saga (no call). */
export { manualReducer as reducer } from './manual.slice';
export function* saga(): Generator {}
