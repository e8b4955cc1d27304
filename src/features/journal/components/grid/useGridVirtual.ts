/**
 * A large journal (more than VIRTUAL_FROM cells) renders only the rows and columns in view, plus the
 * active cell's row and column so that focus always has its cell; gaps keep the scroll size.
 *
 * Rows and columns have fixed sizes (layout.ts), so what is in view follows from the scroll position
 * alone. The rendered window reaches OVERSCAN rows and columns beyond the view and changes only when
 * the view leaves it: a scroll inside it renders nothing. The first window is the one the grid opens
 * on (its latest lesson, scrolled into view), reckoned with the largest size the scroll box can have
 * (the page's content wide, WRAP_MAX_VH of the window high), so the grid renders once when it shows;
 * it holds only what is in view (the cells the first frame waits for), and the OVERSCAN around it is
 * rendered once the browser is idle after that frame.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { all, COL_WIDTH, HEAD_HEIGHT, NAME_WIDTH, OVERSCAN, reveal, ROW_HEIGHT, slotsOf, VIRTUAL_FROM, withActive, WRAP_MAX_VH, type Span } from './layout';
import { whenIdle } from '@lib/whenIdle';
import { usePrinting } from './usePrinting';

interface Args {
  rows: number;
  cols: number;
  row: number;
  col: number;
  tableRef: RefObject<HTMLTableElement | null>;
  wrapRef: RefObject<HTMLDivElement | null>;
}

interface View {
  top: number;
  left: number;
  width: number;
  height: number;
  head: number;
}

/** The indices in view along one axis (the sticky names or dates cover `lead` of the box). */
function inView(offset: number, box: number, lead: number, size: number, count: number): Span {
  const first = Math.min(count - 1, Math.max(0, Math.floor(offset / size)));
  const last = Math.min(count - 1, Math.max(first, Math.floor((offset + Math.max(box - lead, size) - 1) / size)));
  return { first, last };
}

/** The window to render: the one rendered while it still holds what is in view, else what is in view and `overscan` around it. */
function widen(shown: Span | null, seen: Span, count: number, overscan: number): Span {
  if (shown && shown.first <= seen.first && shown.last >= seen.last && shown.last < count) return shown;
  return { first: Math.max(0, seen.first - overscan), last: Math.min(count - 1, seen.last + overscan) };
}

const sameSpan = (a: Span, b: Span) => a.first === b.first && a.last === b.last;

export function useGridVirtual({ rows, cols, row, col, tableRef, wrapRef }: Args) {
  const printing = usePrinting();
  const virtual = !printing && rows * cols > VIRTUAL_FROM;
  const headHeight = useCallback(() => tableRef.current?.tHead?.offsetHeight || HEAD_HEIGHT, [tableRef]);
  const active = useRef({ row, col });
  active.current = { row, col };

  /**
   * The box as it is, or (before it is laid out) as the grid will open, at its largest: as wide as the
   * page's content and WRAP_MAX_VH of the window's height (journal.css), the active cell scrolled into view.
   */
  const viewOf = useCallback((): View => {
    const wrap = wrapRef.current;
    if (wrap && wrap.clientWidth > 0)
      return { top: wrap.scrollTop, left: wrap.scrollLeft, width: wrap.clientWidth, height: wrap.clientHeight, head: headHeight() };
    const width = typeof window === 'undefined' ? 1024 : document.getElementById('main')?.clientWidth || window.innerWidth;
    const height = typeof window === 'undefined' ? 768 : Math.ceil((window.innerHeight * WRAP_MAX_VH) / 100);
    const left = Math.max(0, NAME_WIDTH + (active.current.col + 1) * COL_WIDTH - width);
    const top = Math.max(0, HEAD_HEIGHT + (active.current.row + 1) * ROW_HEIGHT - height);
    return { top, left, width, height, head: HEAD_HEIGHT };
  }, [wrapRef, headHeight]);

  /** The rows and columns rendered beyond the view: none until the grid's first frame is shown and the browser idle. */
  const overscan = useRef(0);
  const windowOf = useCallback(
    (shown: { rows: Span; cols: Span } | null) => {
      const v = viewOf();
      return {
        rows: widen(shown?.rows ?? null, inView(v.top, v.height, v.head, ROW_HEIGHT, rows), rows, overscan.current),
        cols: widen(shown?.cols ?? null, inView(v.left, v.width, NAME_WIDTH, COL_WIDTH, cols), cols, overscan.current),
      };
    },
    [viewOf, rows, cols],
  );

  const [shown, setShown] = useState(() => windowOf(null));
  /** The window for what is in view now; the same object while nothing needs rendering. */
  const update = useCallback(() => {
    setShown((prev) => {
      const next = windowOf(prev);
      return sameSpan(next.rows, prev.rows) && sameSpan(next.cols, prev.cols) ? prev : next;
    });
  }, [windowOf]);

  // A large journal opens on its latest lesson, like the plain table (whose active cell is there too).
  const opened = useRef(false);
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    if (!virtual || cols === 0 || !wrap) return;
    if (!opened.current) {
      opened.current = true;
      reveal(wrap, row, col, headHeight());
    }
    update();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the grid shows virtually, and when its size changes
  }, [virtual, rows, cols]);

  // The first window holds only what is in view; once the browser is idle after showing it, the
  // OVERSCAN around the view is rendered too, so that scrolling then finds its rows and columns there.
  useEffect(() => {
    if (!virtual || overscan.current === OVERSCAN) return;
    return whenIdle(() => {
      overscan.current = OVERSCAN;
      setShown((prev) => {
        const next = windowOf(null);
        return sameSpan(next.rows, prev.rows) && sameSpan(next.cols, prev.cols) ? prev : next;
      });
    });
  }, [virtual, windowOf]);

  useEffect(() => {
    const wrap = wrapRef.current;
    if (!virtual || !wrap) return;
    wrap.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    resized?.observe(wrap);
    return () => {
      wrap.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, [virtual, update, wrapRef]);

  const rowIndices = virtual ? withActive(row, shown.rows, rows) : null;
  const colIndices = virtual ? withActive(col, shown.cols, cols) : null;
  const colKey = colIndices ? colIndices.join(',') : `all-${cols}`;
  // One identity per set of rendered columns, so that rows re-render only when it changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the indices' contents
  const colSlots = useMemo(() => slotsOf(colIndices ?? all(cols), cols), [colKey, cols]);
  const rowSlots = slotsOf(rowIndices ?? all(rows), rows);
  const renderedCols = useMemo(() => colSlots.flatMap((s) => ('index' in s ? [s.index] : [])), [colSlots]);

  return { virtual, headHeight, colSlots, rowSlots, renderedCols };
}
