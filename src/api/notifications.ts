/** Notifications: the list, the unread count, marking read (docs/api.md#notifications). */
import type { NotificationListBody, NotificationPage, NotificationReadBody, UnreadCount } from '../../contract/notifications';
import { get, post } from './http';

const session = { session: true } as const;

export const notificationsApi = {
  list: (body: NotificationListBody) => post<NotificationPage>('api/notifications/list.json', body, session),
  count: () => get<UnreadCount>('api/notifications/count.json', session),
  read: (body: NotificationReadBody) => post<UnreadCount>('api/notifications/read.json', body, session),
  readAll: () => post<UnreadCount>('api/notifications/readall.json', {}, session),
};
