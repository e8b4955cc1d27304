/**
 * Where the journal grid scrolls and what has the focus: the lesson in focus is kept in view without
 * taking the focus while the grid is not in use; once it is, the focus follows the active cell (its
 * input while editing), which a virtual grid scrolls into view.
 */
import { useEffect, type RefObject } from 'react';
import { reveal, VIRTUAL_FROM } from './layout';

interface Args {
  wrapRef: RefObject<HTMLDivElement | null>;
  tableRef: RefObject<HTMLTableElement | null>;
  /** The grid is in use (the focus is in it). */
  engaged: RefObject<boolean>;
  row: number;
  col: number;
  rows: number;
  cols: number;
  editing: string | null;
  virtual: boolean;
  headHeight: () => number;
}

export function useGridFocus({ wrapRef, tableRef, engaged, row, col, rows, cols, editing, virtual, headHeight }: Args) {
  /**
   * The lesson in focus is in view without taking the focus: on opening (the lesson the journal opens
   * on) and when it is chosen outside the grid, clear of the sticky names and totals.
   */
  useEffect(() => {
    const wrap = wrapRef.current;
    // A large journal reveals it itself (useGridVirtual.ts), also while printed whole.
    if (!wrap || engaged.current || rows * cols > VIRTUAL_FROM) return;
    const cell = wrap.querySelector<HTMLElement>(`td[data-row="${row}"][data-col="${col}"]`);
    if (!cell) return;
    const names = wrap.querySelector<HTMLElement>('tbody .jg-name')?.offsetWidth ?? 0;
    const totals = [...wrap.querySelectorAll<HTMLElement>(`tbody tr:first-child .jg-total`)].reduce((w, td) => w + td.offsetWidth, 0);
    const left = cell.offsetLeft;
    if (left - names < wrap.scrollLeft) wrap.scrollLeft = left - names;
    else if (left + cell.offsetWidth > wrap.scrollLeft + wrap.clientWidth - totals) wrap.scrollLeft = left + cell.offsetWidth - wrap.clientWidth + totals;
  }, [row, col, rows, cols, wrapRef, engaged]);

  /** Focus follows the active cell (the input while editing); a virtual grid scrolls it into view. */
  useEffect(() => {
    const table = tableRef.current;
    if (!table || !engaged.current) return;
    if (virtual && wrapRef.current) reveal(wrapRef.current, row, col, headHeight());
    const cell = table.querySelector<HTMLElement>(`td[data-row="${row}"][data-col="${col}"]`);
    const target = editing !== null ? cell?.querySelector('input') : cell;
    if (target && document.activeElement !== target) target.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the refs and the header's height only matter with a move
  }, [row, col, editing, virtual]);
}
