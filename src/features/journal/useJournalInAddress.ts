import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '@shared/hooks';
import { journalActions, type JournalState } from './journal.slice';

/** The address parameter that names the chosen journal (/lms/journal?j=<id>). */
export const JOURNAL_PARAM = 'j';
/** Its year and half-year beside it (&y=2025&ws=2): a journal of another half-year than the current one reopens too. */
export const YEAR_PARAM = 'y';
export const HALF_PARAM = 'ws';

/**
 * The chosen journal and the address follow each other: choosing a journal adds a history entry
 * (?j=<id>), so the back button, a reload and a shared link reopen it once the teacher's journals
 * are listed; choosing something above it drops the parameter. The journal's year and half-year go
 * with it: a link to (or a reload of) a journal of a past half-year lists that half-year's journals
 * first, then opens it.
 */
export function useJournalInAddress(state: JournalState, enabled: boolean) {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get(JOURNAL_PARAM) ?? -1) || -1;
  const linkedYear = Number(params.get(YEAR_PARAM) ?? -1) || -1;
  const linkedHalf = Number(params.get(HALF_PARAM) ?? -1) || -1;
  const chosen = state.filters.journal;
  const listed = enabled && !state.journals.fetching && state.journals.loaded && state.year !== -1;
  /** The screen shown again (from another screen) with a journal still chosen keeps it, and names it. */
  const shown = useRef(false);
  useEffect(() => {
    if (!listed) return;
    const first = !shown.current;
    shown.current = true;
    if (linked === chosen) return;
    if (linked === -1) {
      if (first && chosen !== -1) setParams((p) => withJournal(p, chosen, state), { replace: true });
      else dispatch(journalActions.filterChosen({ name: 'journal', id: -1 }));
      return;
    }
    const info = state.journals.data.find((j) => j.id_journal === linked);
    if (info) dispatch(journalActions.journalLinked(info));
    // Not among this half-year's journals: the half-year the address names, once.
    else if (linkedYear !== -1 && (linkedHalf === 1 || linkedHalf === 2) && (linkedYear !== state.year || linkedHalf !== state.ws))
      dispatch(journalActions.halfChosen({ year: linkedYear, ws: linkedHalf }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the address (and the list's arrival) only
  }, [linked, listed]);
  const previous = useRef(chosen);
  useEffect(() => {
    if (!enabled || previous.current === chosen) return;
    previous.current = chosen;
    if (chosen === linked) return;
    setParams(
      (p) => {
        if (chosen !== -1) return withJournal(p, chosen, state);
        const next = new URLSearchParams(p);
        for (const name of [JOURNAL_PARAM, YEAR_PARAM, HALF_PARAM]) next.delete(name);
        return next;
      },
      { replace: chosen === -1 },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the choice only
  }, [chosen, enabled]);
}

/** The address naming a journal with its year and half-year. */
function withJournal(p: URLSearchParams, journal: number, state: JournalState): URLSearchParams {
  const next = new URLSearchParams(p);
  next.set(JOURNAL_PARAM, String(journal));
  next.set(YEAR_PARAM, String(state.year));
  next.set(HALF_PARAM, String(state.ws));
  return next;
}
