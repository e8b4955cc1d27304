/** The caller's notifications (docs/areas/notifications.md#calls): the list, the unread count, marking read. */
import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationListBody,
  type NotificationPage,
  type NotificationReadBody,
  type NotificationReadManyBody,
  type UnreadCount,
} from '@contract/notifications';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notFound } from '../../app-error';
import type { AuthInfo } from '../../shared/caller';
import { markRead, presentNotification, unreadCounts } from '../../shared/notifications';
import * as repo from './notifications.repository';

/** Sent to the account's other streams when it read some (its other tabs update their bell). */
export const NOTIFICATION_COUNT_EVENT = 'notifications.count';

export class NotificationsService {
  constructor(private readonly ctx: AppContext) {}

  async list(auth: AuthInfo, input: NotificationListBody): Promise<NotificationPage> {
    const rows = await repo.pageOf(this.ctx.db, auth.userId, (input.page - 1) * NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE + 1);
    return {
      items: rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map(presentNotification),
      more: rows.length > NOTIFICATIONS_PAGE_SIZE,
      unread: (await this.count(auth)).unread,
    };
  }

  async count(auth: AuthInfo): Promise<UnreadCount> {
    return { unread: (await unreadCounts(this.ctx.db, [auth.userId])).get(auth.userId) ?? 0 };
  }

  /** One of the caller's (another's or none → 404), or all of them (`id` null). */
  async read(auth: AuthInfo, input: NotificationReadBody | null): Promise<UnreadCount> {
    return this.ctx.db.transaction(async (tx) => {
      if (input && !(await repo.exists(tx, auth.userId, input.id))) throw notFound();
      return this.marked(tx, auth, input ? input.id : null);
    });
  }

  /** Those a page showed, of the caller's own (other ids change nothing). */
  async readMany(auth: AuthInfo, input: NotificationReadManyBody): Promise<UnreadCount> {
    return this.ctx.db.transaction((tx) => this.marked(tx, auth, input.ids));
  }

  private async marked(tx: Db, auth: AuthInfo, which: number | readonly number[] | null): Promise<UnreadCount> {
    const changed = await markRead(tx, auth.userId, which, this.ctx.now());
    const unread = (await unreadCounts(tx, [auth.userId])).get(auth.userId) ?? 0;
    if (changed > 0) await this.ctx.live.publish(tx, NOTIFICATION_COUNT_EVENT, [auth.userId], { unread });
    return { unread };
  }
}
