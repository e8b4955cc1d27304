/** The journal grid's layout: the sizes its virtual rendering works with and the rendered slots. */
/** A cell's write: being saved, refused ('failed'), or kept to be sent again when the connection returns ('pending'). */
export type CellState = 'saving' | 'failed' | 'pending' | undefined;

/** Above this many cells the grid renders only what is in view. */
export const VIRTUAL_FROM = 1500;
/** Sizes the virtual grid lays out with (journal.css, .jg-virtual). */
export const ROW_HEIGHT = 34;
export const COL_WIDTH = 52;
export const NAME_WIDTH = 240;
/** The four totals columns: absences and sum 56 px each, the average and the mean 84 px each (journal.css). */
export const TOTALS_WIDTH = 2 * 56 + 2 * 84;
/** A module's subtotal column and the final-result column (journal.css). */
export const MODULE_WIDTH = 104;
export const FINAL_WIDTH = 84;
/** The grid's box is at most this share of the window's height, in % (journal.css, .jg-wrap's max-height: 70vh). */
export const WRAP_MAX_VH = 70;
/** The date header's height until it is measured. */
export const HEAD_HEIGHT = 48;
/** Rows and columns rendered beyond those in view (the window moves when the view leaves it). */
export const OVERSCAN = 6;

/** Scrolls the grid so that a cell is in view, clear of the sticky names and dates. */
export function reveal(wrap: HTMLElement, row: number, col: number, headHeight: number) {
  const top = headHeight + row * ROW_HEIGHT;
  if (top - headHeight < wrap.scrollTop) wrap.scrollTop = top - headHeight;
  else if (top + ROW_HEIGHT > wrap.scrollTop + wrap.clientHeight) wrap.scrollTop = top + ROW_HEIGHT - wrap.clientHeight;
  const left = NAME_WIDTH + col * COL_WIDTH;
  if (left - NAME_WIDTH < wrap.scrollLeft) wrap.scrollLeft = left - NAME_WIDTH;
  else if (left + COL_WIDTH > wrap.scrollLeft + wrap.clientWidth) wrap.scrollLeft = left + COL_WIDTH - wrap.clientWidth;
}

/** The rendered indices (ascending) as cells and the gaps between them, in cells. */
export type Slot = { index: number } | { gap: number; key: string };

export function slotsOf(indices: readonly number[], count: number): Slot[] {
  const out: Slot[] = [];
  let next = 0;
  for (const i of indices) {
    if (i > next) out.push({ gap: i - next, key: `gap-${next}` });
    out.push({ index: i });
    next = i + 1;
  }
  if (count > next) out.push({ gap: count - next, key: `gap-${next}` });
  return out;
}

export const all = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A run of rendered indices, first to last (both included). */
export interface Span {
  first: number;
  last: number;
}

/** The indices of a span (clamped to `count`), with the active one added when it is not among them. */
export function withActive(active: number, span: Span, count: number): number[] {
  const list: number[] = [];
  const last = Math.min(span.last, count - 1);
  for (let i = Math.max(0, span.first); i <= last; i++) list.push(i);
  if (active >= 0 && active < count && !list.includes(active)) {
    list.push(active);
    list.sort((a, b) => a - b);
  }
  return list;
}
