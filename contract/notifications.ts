/**
 * Notifications under /api/notifications/ (docs/areas/notifications.md#calls): what reached the caller while
 * away (an order's new status, a news item addressed to him, a QR mark waiting for
 * review, a seat freed for the first on a waiting list), newest first, kept until read. Every call needs a session and reads or marks the caller's
 * own only. New ones also arrive live on the one event stream as `notification`.
 */
import { Type, type Static } from 'typebox';
import { DbId, Ok } from './common';

/** Notifications per page of the list. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Kinds; the client's text for each is `kinds.<kind>` of its namespace, with `params`. */
export const NOTIFICATION_KINDS = ['order.status', 'news.addressed', 'qr.review', 'registration.seat', 'rating.warning'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const Notification = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  /** The values its text names. */
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  /** Route inside /lms that opens what it is about. */
  link: Type.String(),
  /** ISO time. */
  createdAt: Type.String(),
  read: Type.Boolean(),
});
export type Notification = Static<typeof Notification>;

/** POST /api/notifications/list.json {page}: a page (from 1), newest first, with whether more follow. */
export const NotificationListBody = Type.Object({ page: Type.Integer({ minimum: 1, maximum: 10000 }) });
export type NotificationListBody = Static<typeof NotificationListBody>;
export const NotificationPage = Type.Object({ items: Type.Array(Notification), more: Type.Boolean(), unread: Type.Integer() });
export type NotificationPage = Static<typeof NotificationPage>;
export const NotificationListReply = Ok(NotificationPage);

/** GET /api/notifications/count.json: the caller's unread count. */
export const UnreadCount = Type.Object({ unread: Type.Integer() });
export type UnreadCount = Static<typeof UnreadCount>;
export const UnreadCountReply = Ok(UnreadCount);

/** POST /api/notifications/read.json {id}: marks one read; POST readall.json {}: marks all. Both reply with the unread count. */
export const NotificationReadBody = Type.Object({ id: DbId });
export type NotificationReadBody = Static<typeof NotificationReadBody>;

/**
 * POST /api/notifications/readmany.json {ids}: marks read the ones a page showed (another's or
 * unknown ids are left alone); replies with the unread count.
 */
export const NotificationReadManyBody = Type.Object({ ids: Type.Array(DbId, { minItems: 1, maxItems: NOTIFICATIONS_PAGE_SIZE }) });
export type NotificationReadManyBody = Static<typeof NotificationReadManyBody>;

/** The live event `notification`: a new one, with the caller's unread count after it. */
export const LiveNotification = Type.Object({ notification: Notification, unread: Type.Integer() });
export type LiveNotification = Static<typeof LiveNotification>;
