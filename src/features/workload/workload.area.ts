/** What the workload area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { workloadReducer as reducer } from './workload.slice';
export { workloadSaga as saga } from './workload.saga';
