/** What the teacher's grid needs for its module subtotals and final-result column, from the journal's state. */
import { useCallback, useMemo } from 'react';
import type { FinalResult } from '@contract/journal';
import { modulesOf } from '@contract/pure/journal-totals';
import { useAppDispatch } from '@shared/hooks';
import { storedFinal } from '../finals.slice';
import { journalActions, type JournalState } from '../journal.slice';

export function useFinals(state: JournalState) {
  const dispatch = useAppDispatch();
  const data = state.journal.data;
  const topics = data?.journal[1];
  /** The modules the journal's topics carry, with their names (none: no subtotal columns). */
  const modules = useMemo(() => {
    const names = new Map(state.lists.modules.map((m) => [m.id, m.name]));
    return modulesOf(topics ?? []).map((id) => ({ id, name: names.get(id) ?? String(id) }));
  }, [topics, state.lists.modules]);
  const stored = useMemo(() => {
    const out: Record<number, FinalResult> = {};
    for (const s of data?.students ?? []) {
      const f = storedFinal(state.finals, data?.finals, s.id_student);
      if (f) out[s.id_student] = f;
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the saved results and the journal's change it
  }, [data, state.finals.saved]);
  const onWrite = useCallback((student: number, points: number | null) => dispatch(journalActions.finalWritten({ student, points })), [dispatch]);
  const finals = useMemo(() => ({ stored, edits: state.finals.edits, onWrite }), [stored, state.finals.edits, onWrite]);
  return { modules, topics: topics ?? [], finals };
}
