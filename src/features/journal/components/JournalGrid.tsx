/**
 * The journal's grid: students against lessons, worked like a spreadsheet with the keyboard alone.
 * Arrows move; typing replaces the mark; Enter saves and moves down; Tab moves right (from the last
 * column to the next row's first); Escape
 * cancels; Delete clears; a column copied from Excel or LibreOffice pastes down from the active
 * cell. The active cell is held by student and lesson (date and time), never by position: lessons
 * added or removed around it leave it, its open editor and its save on the same lesson; choosing a
 * lesson (the lesson bar, a date's header, a lesson just added) takes it to that lesson's column.
 * Names stay on the left and dates on top while scrolling. Each cell shows its own state
 * (saving, failed) until the server answers; rows re-render only when their own cells change.
 *
 * A large journal (more than VIRTUAL_FROM cells, e.g. 150 students × 60 lessons) renders only the
 * rows and columns in view (@tanstack/react-virtual), plus the active cell's row and column so that
 * focus always has its cell; empty spacer rows and cells keep the scroll size. The table keeps its
 * grid semantics: aria-rowcount/aria-colcount give the whole size and every row and cell its
 * aria-rowindex/aria-colindex. Printing renders the whole table (beforeprint, or print media).
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import type { JournalStudent } from '../../../../contract/journal';
import type { MarkScale } from '../../../api/journal';
import { describeFailure } from '../../../shared/request/errors';
import type { CellEdit, CellWrite } from '../journal.slice';
import { cellKey, lessonKey, pastedColumn, readMark, shortDate, showMark, showMean, totalsOf, type Totals } from '../pivot';

export interface GridLesson {
  date: string;
  time: number;
  timeName: string;
  topic: string | null;
}

interface Props {
  students: readonly JournalStudent[];
  lessons: readonly GridLesson[];
  marks: Readonly<Record<string, string | null>>;
  edits: Readonly<Record<string, CellEdit>>;
  /** Cells whose record came from the student's QR scan (by cell key): they carry a small mark. */
  qrCells?: ReadonlySet<string>;
  /** The lesson in focus (its column is highlighted). */
  lesson: { date: string; time: number };
  onWrite: (write: CellWrite) => void;
  onPaste: (cells: CellWrite[]) => void;
  onLesson: (date: string, time: number) => void;
  onActive: (cell: { student: number; date: string; time: number } | null) => void;
  /** A typed or pasted value that is not a mark (null: the message is gone). */
  onInvalid: (invalid: boolean) => void;
  /** The journal's half-year is closed: the cells are read, never edited. */
  readOnly?: boolean;
  /** Escape on a cell whose save failed: drop what was typed, the stored value shows again. */
  onDiscard?: (key: string) => void;
  /** The journal's mark scale: a typed or pasted number outside it is not a mark. */
  scale?: MarkScale;
}

type CellState = 'saving' | 'failed' | undefined;

interface ActiveCell {
  student: number | null;
  /** lessonKey(date, time) */
  lesson: string | null;
  row: number;
  col: number;
}

/** Above this many cells the grid renders only what is in view. */
export const VIRTUAL_FROM = 1500;
/** Sizes the virtual grid lays out with (journal.css, .jg-virtual). */
const ROW_HEIGHT = 34;
const COL_WIDTH = 52;
const NAME_WIDTH = 240;
const TOTAL_WIDTH = 56;
/** The date header's height until it is measured. */
const HEAD_HEIGHT = 48;
const OVERSCAN = 4;

/** Scrolls the grid so that a cell is in view, clear of the sticky names and dates. */
function reveal(wrap: HTMLElement, row: number, col: number, headHeight: number) {
  const top = headHeight + row * ROW_HEIGHT;
  if (top - headHeight < wrap.scrollTop) wrap.scrollTop = top - headHeight;
  else if (top + ROW_HEIGHT > wrap.scrollTop + wrap.clientHeight) wrap.scrollTop = top + ROW_HEIGHT - wrap.clientHeight;
  const left = NAME_WIDTH + col * COL_WIDTH;
  if (left - NAME_WIDTH < wrap.scrollLeft) wrap.scrollLeft = left - NAME_WIDTH;
  else if (left + COL_WIDTH > wrap.scrollLeft + wrap.clientWidth) wrap.scrollLeft = left + COL_WIDTH - wrap.clientWidth;
}

/** The rendered indices (ascending) as cells and the gaps between them, in cells. */
type Slot = { index: number } | { gap: number; key: string };

function slotsOf(indices: readonly number[], count: number): Slot[] {
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

const all = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The indices in view, with the active one added when it is not. */
const withActive = (active: number) => (range: Range) => {
  const list = defaultRangeExtractor(range);
  if (active >= 0 && active < range.count && !list.includes(active)) {
    list.push(active);
    list.sort((a, b) => a - b);
  }
  return list;
};

interface RowProps {
  index: number;
  student: JournalStudent;
  /** The first student of another group (a new printed page). */
  groupStart: boolean;
  cols: readonly Slot[];
  values: readonly string[];
  states: readonly CellState[];
  /** Why a failed cell's save failed, in the user's language. */
  reasons: readonly string[];
  qrs: readonly boolean[];
  totals: Totals;
  lessonCount: number;
  activeCol: number;
  editing: string | null;
  onCellClick: (row: number, col: number) => void;
  onDraft: (value: string) => void;
}

const sameArray = <T,>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const Row = memo(
  function Row({ index, student, groupStart, cols, values, states, reasons, qrs, totals, lessonCount, activeCol, editing, onCellClick, onDraft }: RowProps) {
    const { t } = useTranslation('journal');
    let k = 0;
    return (
      <tr className={groupStart ? 'jg-group-start' : undefined} aria-rowindex={index + 2}>
        <th scope="row" className="jg-name" aria-colindex={1}>
          <span className="jg-no">{index + 1}.</span> {student.s_fio}
        </th>
        {cols.map((slot) => {
          if ('gap' in slot) return <td key={slot.key} className="jg-gap" aria-hidden="true" style={{ width: slot.gap * COL_WIDTH, minWidth: slot.gap * COL_WIDTH }} />;
          const c = slot.index;
          const v = values[k];
          const state = states[k];
          const reason = reasons[k];
          const qr = qrs[k];
          k++;
          const active = c === activeCol;
          return (
            <td
              key={c}
              role="gridcell"
              tabIndex={active ? 0 : -1}
              data-row={index}
              data-col={c}
              aria-colindex={c + 2}
              aria-selected={active}
              aria-busy={state === 'saving' || undefined}
              aria-invalid={state === 'failed' || undefined}
              className={`jg-cell${active ? ' jg-active' : ''}${state ? ` jg-${state}` : ''}${v === 'н/б' ? ' jg-absent' : ''}`}
              title={state === 'saving' ? t('grid.saving') : state === 'failed' ? reason : undefined}
              onClick={() => onCellClick(index, c)}
            >
              {active && editing !== null ? (
                <input className="jg-input" aria-label={t('grid.cellInput', { name: student.s_fio })} value={editing} onChange={(e) => onDraft(e.target.value)} maxLength={8} />
              ) : (
                <>
                  {v}
                  {qr && !state ? (
                    <span className="jg-qr" title={t('grid.qr')}>
                      <span className="sr-only">{t('grid.qr')}</span>
                    </span>
                  ) : null}
                  {state === 'failed' ? <span className="jg-flag" aria-hidden="true">!</span> : null}
                </>
              )}
            </td>
          );
        })}
        <td className="jg-total" aria-colindex={lessonCount + 2}>
          {totals.nb_Count}
        </td>
        <td className="jg-total" aria-colindex={lessonCount + 3}>
          {totals.ball_Count}
        </td>
        <td className="jg-total" aria-colindex={lessonCount + 4}>
          {totals.ball_average.toFixed(2)}
        </td>
        <td className="jg-total" aria-colindex={lessonCount + 5}>
          {showMean(totals.ball_mean)}
        </td>
      </tr>
    );
  },
  (a, b) =>
    a.index === b.index &&
    a.student === b.student &&
    a.groupStart === b.groupStart &&
    a.cols === b.cols &&
    a.lessonCount === b.lessonCount &&
    a.activeCol === b.activeCol &&
    a.editing === b.editing &&
    a.totals.ball_Count === b.totals.ball_Count &&
    a.totals.nb_Count === b.totals.nb_Count &&
    a.totals.ball_average === b.totals.ball_average &&
    a.totals.ball_mean === b.totals.ball_mean &&
    a.onCellClick === b.onCellClick &&
    a.onDraft === b.onDraft &&
    sameArray(a.values, b.values) &&
    sameArray(a.states, b.states) &&
    sameArray(a.reasons, b.reasons) &&
    sameArray(a.qrs, b.qrs),
);

/** True while the page is being printed (the whole table is rendered then). */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('print').matches);
  useEffect(() => {
    // window.print() lays the page out right after beforeprint: the full table must be committed by then.
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    const media = typeof window.matchMedia === 'function' ? window.matchMedia('print') : null;
    const change = (e: MediaQueryListEvent) => setPrinting(e.matches);
    media?.addEventListener('change', change);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      media?.removeEventListener('change', change);
    };
  }, []);
  return printing;
}

export function JournalGrid({ students, lessons, marks, edits, qrCells, lesson, onWrite, onPaste, onLesson, onActive, onInvalid, readOnly = false, onDiscard, scale = '2-5' }: Props) {
  const { t } = useTranslation('journal');
  /**
   * The active cell by its identity (student, lesson date and time), never by position: a lesson
   * added before it, a row or column that goes away, leaves it (and its open editor) on the same
   * student and lesson. `row`/`col` are where it was last seen, the fallback when it is gone.
   */
  const [pos, setActiveCell] = useState<ActiveCell>({ student: null, lesson: null, row: 0, col: Number.MAX_SAFE_INTEGER });
  const [editing, setEditing] = useState<string | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  /** The grid is in use: focus stays in it when the cell's input comes and goes. */
  const engaged = useRef(false);
  const rows = students.length;
  const cols = lessons.length;
  const rowOf = useMemo(() => new Map(students.map((s, i) => [s.id_student, i])), [students]);
  const colOf = useMemo(() => new Map(lessons.map((l, i) => [lessonKey(l.date, l.time), i])), [lessons]);
  const row = (pos.student !== null ? rowOf.get(pos.student) : undefined) ?? Math.min(pos.row, Math.max(0, rows - 1));
  const col = (pos.lesson !== null ? colOf.get(pos.lesson) : undefined) ?? Math.min(pos.col, Math.max(0, cols - 1));
  /** Makes the cell at (r, c) the active one, by its identity. */
  const setPos = useCallback(
    (r: number, c: number) => {
      const s = students[r];
      const l = lessons[c];
      setActiveCell({ student: s ? s.id_student : null, lesson: l ? lessonKey(l.date, l.time) : null, row: r, col: c });
    },
    [students, lessons],
  );
  const printing = usePrinting();
  const virtual = !printing && rows * cols > VIRTUAL_FROM;
  const [headHeight, setHeadHeight] = useState(HEAD_HEIGHT);
  useLayoutEffect(() => {
    const head = tableRef.current?.tHead;
    if (virtual && head) setHeadHeight(head.getBoundingClientRect().height || HEAD_HEIGHT);
  }, [virtual, cols]);

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

  /**
   * What a cell shows (what was typed while it is being saved or failed), its stored mark (undefined:
   * none; never what is not saved yet), its state and, when its save failed, why.
   */
  const cellAt = useCallback(
    (r: number, c: number) => {
      const key = cellKey(students[r].id_student, lessons[c].date, lessons[c].time);
      const edit = edits[key];
      const mark = key in marks ? marks[key] : undefined;
      return { key, value: edit ? (edit.written ?? '') : showMark(mark), mark, state: edit?.status as CellState, error: edit?.status === 'failed' ? edit.error : null };
    },
    [students, lessons, marks, edits],
  );

  const rowData = (r: number) => {
    const values: string[] = [];
    const states: CellState[] = [];
    const reasons: string[] = [];
    const qrs: boolean[] = [];
    for (const c of renderedCols) {
      const cell = cellAt(r, c);
      values.push(cell.value);
      states.push(cell.state);
      reasons.push(cell.state === 'failed' ? describeFailure(t, cell.error) || t('grid.failed') : '');
      qrs.push(Boolean(qrCells?.has(cellKey(students[r].id_student, lessons[c].date, lessons[c].time))));
    }
    // The totals count stored marks only: a value being saved, or refused, is not counted.
    const stored: (string | null)[] = [];
    for (let c = 0; c < cols; c++) {
      const { mark } = cellAt(r, c);
      if (mark !== undefined) stored.push(mark);
    }
    return { values, states, reasons, qrs, totals: totalsOf(stored) };
  };

  const current = useMemo(
    () => (rows && cols ? { student: students[row].id_student, date: lessons[col].date, time: lessons[col].time } : null),
    [rows, cols, students, lessons, row, col],
  );
  useEffect(() => {
    // The cell shown active is held by its identity from now on (also when it was found by position).
    if (current) {
      const key = lessonKey(current.date, current.time);
      if (pos.student !== current.student || pos.lesson !== key) setActiveCell({ student: current.student, lesson: key, row, col });
    }
    onActive(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reported when the active cell changes
  }, [current?.student, current?.date, current?.time]);

  // The lesson chosen in the lesson bar or a date's header (or a lesson just added) takes the active
  // cell to its column, on the same student; columns that come or go otherwise move nothing.
  useEffect(() => {
    const c = colOf.get(lessonKey(lesson.date, lesson.time));
    if (c !== undefined && c !== col && editing === null) setPos(row, c);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the chosen lesson and the set of lessons move it
  }, [lesson.date, lesson.time, colOf]);

  // A large journal opens on its latest lesson, like the plain table (whose active cell is there too).
  const opened = useRef(false);
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    if (!virtual || opened.current || cols === 0 || !wrap) return;
    opened.current = true;
    reveal(wrap, row, col, headHeight);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the grid first shows virtually
  }, [virtual, cols]);

  /** Focus follows the active cell (the input while editing); a virtual grid scrolls it into view. */
  useEffect(() => {
    const table = tableRef.current;
    if (!table || !engaged.current) return;
    if (virtual && wrapRef.current) reveal(wrapRef.current, row, col, headHeight);
    const cell = table.querySelector<HTMLElement>(`td[data-row="${row}"][data-col="${col}"]`);
    const target = editing !== null ? cell?.querySelector('input') : cell;
    if (target && document.activeElement !== target) target.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the header's height only matters with a move
  }, [row, col, editing, virtual]);

  const move = useCallback(
    (dr: number, dc: number) => {
      setPos(Math.max(0, Math.min(rows - 1, row + dr)), Math.max(0, Math.min(cols - 1, col + dc)));
    },
    [row, col, rows, cols, setPos],
  );

  /** Saves what was typed in the active cell; false when it is not a mark (the text stays). */
  const commit = useCallback((): boolean => {
    if (editing === null || !current) return true;
    const mark = readMark(editing, scale);
    if (mark === 'invalid') {
      onInvalid(true);
      return false;
    }
    onInvalid(false);
    const shown = cellAt(row, col).value;
    if (mark !== shown && !(mark === null && shown === '')) onWrite({ ...current, written: mark });
    setEditing(null);
    return true;
  }, [editing, current, cellAt, row, col, onWrite, onInvalid, scale]);

  /** Tab moves right and wraps from the last column to the next row's first (Shift+Tab back); false at the grid's ends (focus leaves it). */
  const tab = (back: boolean): boolean => {
    if (back ? col > 0 : col < cols - 1) move(0, back ? -1 : 1);
    else if (back ? row > 0 : row < rows - 1) setPos(row + (back ? -1 : 1), back ? cols - 1 : 0);
    else return false;
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (!current) return;
    if ((e.target as HTMLElement).tagName === 'BUTTON') return;
    if (editing !== null) {
      if (e.key === 'Escape') {
        e.preventDefault();
        setEditing(null);
        onInvalid(false);
      } else if (e.key === 'Enter' || e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        if (commit()) move(e.key === 'ArrowUp' ? -1 : 1, 0);
      } else if (e.key === 'Tab') {
        if (!commit()) return e.preventDefault();
        if (tab(e.shiftKey)) e.preventDefault();
      }
      return;
    }
    switch (e.key) {
      case 'Escape': {
        // A failed save is dropped: the stored value shows again.
        const cell = cellAt(row, col);
        if (cell.state === 'failed' && onDiscard) {
          e.preventDefault();
          onDiscard(cell.key);
        }
        return;
      }
      case 'ArrowUp':
        e.preventDefault();
        return move(-1, 0);
      case 'ArrowDown':
        e.preventDefault();
        return move(1, 0);
      case 'ArrowLeft':
        e.preventDefault();
        return move(0, -1);
      case 'ArrowRight':
        e.preventDefault();
        return move(0, 1);
      case 'Home':
        e.preventDefault();
        return setPos(e.ctrlKey ? 0 : row, 0);
      case 'End':
        e.preventDefault();
        return setPos(e.ctrlKey ? rows - 1 : row, cols - 1);
      case 'Tab':
        if (tab(e.shiftKey)) e.preventDefault();
        return;
    }
    // A closed half-year's journal is only read: the keys below edit.
    if (readOnly) return;
    switch (e.key) {
      case 'Enter':
      case 'F2':
        e.preventDefault();
        return setEditing(cellAt(row, col).value);
      case 'Delete':
      case 'Backspace':
        e.preventDefault();
        if (cellAt(row, col).value !== '') onWrite({ ...current, written: null });
        return;
      default:
        if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
          e.preventDefault();
          setEditing(e.key);
        }
    }
  };

  const onPasteEvent = (e: ClipboardEvent<HTMLTableElement>) => {
    if (!current || editing !== null || readOnly) return;
    const values = pastedColumn(e.clipboardData.getData('text/plain'));
    if (values.length === 0) return;
    e.preventDefault();
    const cells: CellWrite[] = [];
    for (let i = 0; i < values.length && row + i < rows; i++) {
      const mark = readMark(values[i], scale);
      if (mark === 'invalid') {
        onInvalid(true);
        return;
      }
      cells.push({ student: students[row + i].id_student, date: current.date, time: current.time, written: mark });
    }
    onInvalid(false);
    onPaste(cells);
  };

  const onCellClick = useCallback(
    (r: number, c: number) => {
      if (editing !== null && !commit()) return;
      setPos(r, c);
    },
    [editing, commit, setPos],
  );
  const onDraft = useCallback((v: string) => setEditing(v), []);

  if (rows === 0) return <p className="muted">{t('grid.noStudents')}</p>;

  return (
    <div ref={wrapRef} className={`jg-wrap${virtual ? ' jg-virtual' : ''}`} role="region" aria-label={t('grid.region')} tabIndex={-1}>
      <table
        ref={tableRef}
        className="jg"
        // Fixed widths: the browser lays the table out without measuring every cell's content.
        style={virtual ? { width: NAME_WIDTH + cols * COL_WIDTH + 4 * TOTAL_WIDTH, tableLayout: 'fixed' } : undefined}
        role="grid"
        aria-readonly={readOnly || undefined}
        aria-rowcount={rows + 1}
        aria-colcount={cols + 5}
        onKeyDown={onKeyDown}
        onPaste={onPasteEvent}
        onFocus={() => (engaged.current = true)}
        onBlur={(e) => {
          if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) engaged.current = false;
        }}
      >
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className="jg-name jg-corner" aria-colindex={1}>
              {t('grid.student')}
            </th>
            {colSlots.map((slot) => {
              if ('gap' in slot) return <th key={slot.key} className="jg-gap" aria-hidden="true" style={{ width: slot.gap * COL_WIDTH, minWidth: slot.gap * COL_WIDTH }} />;
              const l = lessons[slot.index];
              const on = l.date === lesson.date && l.time === lesson.time;
              return (
                <th key={`${l.date}|${l.time}`} scope="col" aria-colindex={slot.index + 2} className={`jg-date${on ? ' jg-date-on' : ''}`} title={l.topic ?? undefined}>
                  <button type="button" className="jg-date-btn" tabIndex={-1} aria-pressed={on} onClick={() => onLesson(l.date, l.time)}>
                    <span>{shortDate(l.date)}</span>
                    <span className="jg-time">{l.timeName}</span>
                  </button>
                  {l.topic ? <span className="jg-topic-print">{l.topic}</span> : null}
                </th>
              );
            })}
            <th scope="col" className="jg-total-head" aria-colindex={cols + 2}>
              {t('grid.nb')}
            </th>
            <th scope="col" className="jg-total-head" aria-colindex={cols + 3}>
              {t('grid.sum')}
            </th>
            <th scope="col" className="jg-total-head" aria-colindex={cols + 4} title={t('grid.averageLong')}>
              {t('grid.average')}
            </th>
            <th scope="col" className="jg-total-head" aria-colindex={cols + 5} title={t('grid.meanLong')}>
              {t('grid.mean')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rowSlots.map((slot) => {
            if ('gap' in slot)
              return (
                <tr key={slot.key} className="jg-gap-row" aria-hidden="true" style={{ height: slot.gap * ROW_HEIGHT }}>
                  <td colSpan={colSlots.length + 5} />
                </tr>
              );
            const r = slot.index;
            const s = students[r];
            const d = rowData(r);
            return (
              <Row
                key={s.id_student}
                index={r}
                student={s}
                groupStart={r > 0 && students[r - 1].group !== s.group}
                cols={colSlots}
                values={d.values}
                states={d.states}
                reasons={d.reasons}
                qrs={d.qrs}
                totals={d.totals}
                lessonCount={cols}
                activeCol={r === row ? col : -1}
                editing={r === row ? editing : null}
                onCellClick={onCellClick}
                onDraft={onDraft}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
