/** Notifications' part of the one live connection (shared/live/): new ones, and the unread count. */
import { put } from 'redux-saga/effects';
import type { LiveNotification, UnreadCount } from '@contract/notifications';
import type { LiveHandlers } from '@shared/live/live';
import { notificationsActions } from './notifications.slice';

/** Without the stream: the count. */
function* pollCount() {
  yield put(notificationsActions.countRequested());
}

export const notificationsLive: LiveHandlers = {
  events: {
    notification: (data) => (data ? notificationsActions.liveReceived(data as LiveNotification) : notificationsActions.countRequested()),
    notificationCount: (data) => (data ? notificationsActions.countSucceeded(data as UnreadCount) : notificationsActions.countRequested()),
  },
  resync: notificationsActions.countRequested,
  poll: pollCount,
};
