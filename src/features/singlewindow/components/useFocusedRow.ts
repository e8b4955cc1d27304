/**
 * The row a link named (`?order=`): marked, announced as the current one, and scrolled into view
 * once, when it is first shown. `rowProps(id)` gives a table row what it needs for that.
 */
import { useCallback, useRef } from 'react';

export function useFocusedRow(focus: number | null) {
  const done = useRef<number | null>(null);
  const scrollTo = useCallback(
    (row: HTMLTableRowElement | null) => {
      if (!row || focus === null || done.current === focus) return;
      done.current = focus;
      row.scrollIntoView({ block: 'center' });
    },
    [focus],
  );
  return (id: number) =>
    id === focus
      ? { className: 'sw-row-focus', 'aria-current': 'true' as const, ref: scrollTo }
      : { className: undefined, 'aria-current': undefined, ref: undefined };
}
