/** What notifications add to the store when the signed-in shell loads (see app/areas.ts). */
export { notificationsReducer as reducer } from './notifications.slice';
export { notificationsSaga as saga } from './notifications.saga';
export { notificationsLive as live } from './notifications.live';
