/**
 * The journal's part of the one live connection (shared/live/): a change of the open journal's
 * cells by another tab or teacher, or a reload when its lessons changed.
 */
import type { LiveJournalChange } from '@contract/journal';
import type { LiveHandlers } from '@shared/live/live';
import { journalActions } from './journal.slice';

export const journalLive: LiveHandlers = {
  events: {
    journal: (data) => {
      if (!data) return journalActions.liveResync();
      const change = data as LiveJournalChange;
      return change.reload ? journalActions.liveResync() : journalActions.liveChanged(change);
    },
  },
  status: journalActions.liveStatusChanged,
  resync: journalActions.liveResync,
};
