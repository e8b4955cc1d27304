/**
 * Notifications' part of the live stream (plugins/live.ts): a new one reaches its recipient as
 * `notification` (LiveNotification of contract/notifications.ts), a change of his unread count (read
 * in another tab) as `notificationCount`; the stream opens with the unread count.
 */
import type { AppContext } from '../../context';
import type { LiveArea, LiveEvent, StreamEvent } from '../../plugins/live';
import type { AuthInfo } from '../../shared/caller';
import { NOTIFICATION_EVENT } from '../../shared/notifications';
import { NOTIFICATION_COUNT_EVENT, NotificationsService } from './notifications.service';

export function notificationsStreamEvent(e: LiveEvent): StreamEvent | null {
  if (e.event === NOTIFICATION_EVENT) return e.data ? { event: 'notification', data: e.data } : { event: 'resync', data: {} };
  if (e.event === NOTIFICATION_COUNT_EVENT) return e.data ? { event: 'notificationCount', data: e.data } : { event: 'resync', data: {} };
  return null;
}

export function notificationsLive(ctx: AppContext): LiveArea {
  const service = new NotificationsService(ctx);
  return {
    map: notificationsStreamEvent,
    opening: async (auth: AuthInfo) => [{ event: 'notificationCount', data: await service.count(auth) }],
  };
}
