/** The single window's part of the one live connection (shared/live/): a changed order reloads the lists shown. */
import type { LiveOrder } from '@contract/singlewindow';
import type { LiveHandlers } from '@shared/live/live';
import { singlewindowActions } from './singlewindow.slice';

export const singlewindowLive: LiveHandlers = {
  events: { order: (data) => singlewindowActions.liveOrder((data as LiveOrder | null) ?? null) },
  resync: () => singlewindowActions.liveOrder(null),
};
