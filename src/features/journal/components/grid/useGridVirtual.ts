/**
 * A large journal (more than VIRTUAL_FROM cells) renders only the rows and columns in view, plus the
 * active cell's row and column so that focus always has its cell; gaps keep the scroll size.
 */
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { all, COL_WIDTH, HEAD_HEIGHT, NAME_WIDTH, OVERSCAN, reveal, ROW_HEIGHT, slotsOf, VIRTUAL_FROM, withActive } from './layout';
import { usePrinting } from './usePrinting';

interface Args {
  rows: number;
  cols: number;
  row: number;
  col: number;
  tableRef: RefObject<HTMLTableElement | null>;
  wrapRef: RefObject<HTMLDivElement | null>;
}

export function useGridVirtual({ rows, cols, row, col, tableRef, wrapRef }: Args) {
  const printing = usePrinting();
  const virtual = !printing && rows * cols > VIRTUAL_FROM;
  const [headHeight, setHeadHeight] = useState(HEAD_HEIGHT);
  useLayoutEffect(() => {
    const head = tableRef.current?.tHead;
    if (virtual && head) setHeadHeight(head.getBoundingClientRect().height || HEAD_HEIGHT);
  }, [virtual, cols, tableRef]);

  const rowVirtualizer = useVirtualizer({
    count: rows,
    enabled: virtual,
    getScrollElement: () => wrapRef.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: headHeight,
    overscan: OVERSCAN,
    rangeExtractor: withActive(row),
    initialRect: { width: 1024, height: 600 },
  });
  const colVirtualizer = useVirtualizer({
    horizontal: true,
    count: cols,
    enabled: virtual,
    getScrollElement: () => wrapRef.current,
    estimateSize: () => COL_WIDTH,
    paddingStart: NAME_WIDTH,
    overscan: OVERSCAN,
    rangeExtractor: withActive(col),
    initialRect: { width: 1024, height: 600 },
  });

  const rowIndices = virtual ? rowVirtualizer.getVirtualIndexes() : null;
  const colIndices = virtual ? colVirtualizer.getVirtualIndexes() : null;
  const colKey = colIndices ? colIndices.join(',') : `all-${cols}`;
  // One identity per set of rendered columns, so that rows re-render only when it changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the indices' contents
  const colSlots = useMemo(() => slotsOf(colIndices ?? all(cols), cols), [colKey, cols]);
  const rowSlots = slotsOf(rowIndices ?? all(rows), rows);
  const renderedCols = useMemo(() => colSlots.flatMap((s) => ('index' in s ? [s.index] : [])), [colSlots]);

  // A large journal opens on its latest lesson, like the plain table (whose active cell is there too).
  const opened = useRef(false);
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    if (!virtual || opened.current || cols === 0 || !wrap) return;
    opened.current = true;
    reveal(wrap, row, col, headHeight);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the grid first shows virtually
  }, [virtual, cols]);

  return { virtual, headHeight, colSlots, rowSlots, renderedCols };
}
