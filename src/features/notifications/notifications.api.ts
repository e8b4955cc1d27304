/** Notifications: the list, the unread count, marking read (docs/areas/notifications.md#calls). */
import type { NotificationListBody, NotificationPage, NotificationReadBody, NotificationReadManyBody, UnreadCount } from '@contract/notifications';
import { get, post } from '@api/http';

const session = { session: true } as const;

export const notificationsApi = {
  list: (body: NotificationListBody) => post<NotificationPage>('api/notifications/list.json', body, session),
  count: () => get<UnreadCount>('api/notifications/count.json', session),
  read: (body: NotificationReadBody) => post<UnreadCount>('api/notifications/read.json', body, session),
  readMany: (body: NotificationReadManyBody) => post<UnreadCount>('api/notifications/readmany.json', body, session),
};
