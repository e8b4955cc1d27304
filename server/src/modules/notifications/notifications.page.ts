/** The bell's unread count inside every page with signed-in data (plugins/spa.ts): count.json's reply. */
import type { AppContext } from '../../context';
import type { PagePart } from '../../plugins/spa';
import { NotificationsService } from './notifications.service';

export function notificationsPage(ctx: AppContext): PagePart {
  const notifications = new NotificationsService(ctx);
  return { key: 'unread', routes: 'with-data', optional: true, load: (caller) => notifications.count(caller) };
}
