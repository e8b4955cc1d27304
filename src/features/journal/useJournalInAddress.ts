import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../shared/hooks';
import { journalActions, type JournalState } from './journal.slice';

/** The address parameter that names the chosen journal (/lms/journal?j=<id>). */
export const JOURNAL_PARAM = 'j';

/**
 * The chosen journal and the address follow each other: choosing a journal adds a history entry
 * (?j=<id>), so the back button, a reload and a shared link reopen it once the teacher's journals
 * are listed; choosing something above it drops the parameter.
 */
export function useJournalInAddress(state: JournalState, enabled: boolean) {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get(JOURNAL_PARAM) ?? -1) || -1;
  const chosen = state.filters.journal;
  const listed = enabled && !state.journals.fetching && state.journals.data.length > 0;
  /** The screen shown again (from another screen) with a journal still chosen keeps it, and names it. */
  const shown = useRef(false);
  useEffect(() => {
    if (!listed) return;
    const first = !shown.current;
    shown.current = true;
    if (linked === chosen) return;
    if (linked === -1) {
      if (first) setParams((p) => new URLSearchParams([...p, [JOURNAL_PARAM, String(chosen)]]), { replace: true });
      else dispatch(journalActions.filterChosen({ name: 'journal', id: -1 }));
      return;
    }
    const info = state.journals.data.find((j) => j.id_journal === linked);
    if (info) dispatch(journalActions.journalLinked(info));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the address (and the list's arrival) only
  }, [linked, listed]);
  const previous = useRef(chosen);
  useEffect(() => {
    if (!enabled || previous.current === chosen) return;
    previous.current = chosen;
    if (chosen === linked) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (chosen === -1) next.delete(JOURNAL_PARAM);
        else next.set(JOURNAL_PARAM, String(chosen));
        return next;
      },
      { replace: chosen === -1 },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the choice only
  }, [chosen, enabled]);
}
