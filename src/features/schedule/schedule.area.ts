/** What the schedule area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { scheduleReducer as reducer } from './schedule.slice';
export { scheduleSaga as saga } from './schedule.saga';
export { scheduleLive as live } from './schedule.live';
