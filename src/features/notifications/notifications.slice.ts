/**
 * Notifications (docs/areas/notifications.md#for-users): the unread count of the bell, and the list of the
 * notifications page (in pages, newest first). New ones arrive live and join the list's top.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LiveNotification, Notification, NotificationPage } from '@contract/notifications';
import type { Failure } from '@api/http';
import { idlePages, pageFailed, pageStarted, pageSucceeded, type Paged } from '@shared/request/loadable';
import { sessionEnded, sessionStarted } from '@shared/session/session';

export const PAGE_SIZE = 20;

export interface NotificationsState {
  unread: number;
  /**
   * Whether this session's count is known or on its way: the bell showing up asks for one only
   * when neither (the session's start asks first, unless this area joined the store after it).
   */
  count: 'none' | 'asked' | 'known';
  list: Paged<Notification>;
}

export const initialNotificationsState: NotificationsState = { unread: 0, count: 'none', list: idlePages() };

const slice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    /** The page is shown: the first page loads, then what it shows is marked read (each page as it loads). */
    opened() {},
    countRequested(state) {
      if (state.count === 'none') state.count = 'asked';
    },
    /** The bell is shown: it needs a count, which the session's start may have asked for already. */
    countWanted() {},
    countSucceeded(state, action: PayloadAction<{ unread: number }>) {
      state.unread = action.payload.unread;
      state.count = 'known';
    },
    countFailed(state) {
      if (state.count === 'asked') state.count = 'none';
    },
    pageRequested(state, action: PayloadAction<{ page: number }>) {
      state.list = pageStarted(state.list, action.payload.page);
    },
    pageSucceeded(state, action: PayloadAction<{ page: number; reply: NotificationPage }>) {
      const { page, reply } = action.payload;
      state.list = { ...pageSucceeded(state.list, page, reply.items, PAGE_SIZE, (n) => n.id), hasMore: reply.more };
      state.unread = reply.unread;
      state.count = 'known';
    },
    pageFailed(state, action: PayloadAction<Failure>) {
      state.list = pageFailed(state.list, action.payload);
    },
    /** A page's unread ones were shown: those are read (the list keeps its 'new' marks until it reloads). */
    shownRead(_state, _action: PayloadAction<{ ids: number[] }>) {},
    readRequested(_state, _action: PayloadAction<{ id: number }>) {},
    liveReceived(state, action: PayloadAction<LiveNotification>) {
      const { notification, unread } = action.payload;
      state.unread = unread;
      state.count = 'known';
      if (state.list.page > 0 && !state.list.data.some((n) => n.id === notification.id)) state.list.data.unshift(notification);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionStarted, (state) => {
        if (state.count === 'none') state.count = 'asked';
      })
      .addCase(sessionEnded, () => initialNotificationsState);
  },
});

export const notificationsActions = slice.actions;
export const notificationsReducer = slice.reducer;

type WithNotifications = { notifications?: NotificationsState };
export const selectNotifications = (state: WithNotifications) => state.notifications ?? initialNotificationsState;
/** Whether a count is known or asked for in this session. */
export const selectCountAsked = (state: WithNotifications) => (state.notifications?.count ?? 'none') !== 'none';
export const selectUnreadNotifications = (state: WithNotifications) => state.notifications?.unread ?? 0;
