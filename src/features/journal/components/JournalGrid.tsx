/**
 * The journal's grid: students against lessons, worked like a spreadsheet with the keyboard alone.
 * Arrows move; typing replaces the mark; Enter saves and moves down; Tab moves right (from the last
 * column to the next row's first); Escape
 * cancels; Delete clears; a block copied from Excel or LibreOffice pastes from the active cell
 * (right and down), or is refused whole, saying how many cells did not fit. The active cell is held by student and lesson (date and time), never by position: lessons
 * added or removed around it leave it, its open editor and its save on the same lesson; choosing a
 * lesson (the lesson bar, a date's header, a lesson just added) takes it to that lesson's column.
 * After the lessons: each module's subtotal (when the journal's topics carry modules) and the final
 * result, a cell like the others (typed whole points 0–100, saved on Enter or Tab, cleared by Delete;
 * shown as points and letter). Names stay on the left and dates on top while scrolling. Each cell shows its own state
 * (saving, failed) until the server answers; rows re-render only when their own cells change.
 *
 * A large journal (more than VIRTUAL_FROM cells, e.g. 150 students × 60 lessons) renders only the
 * rows and columns in view (grid/useGridVirtual.ts), plus the active cell's row and column so that
 * focus always has its cell; empty spacer rows and cells keep the scroll size. The table keeps its
 * grid semantics: aria-rowcount/aria-colcount give the whole size and every row and cell its
 * aria-rowindex/aria-colindex. Printing renders the whole table (beforeprint, or print media).
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinalResult, JournalStudent } from '../../../../contract/journal';
import { moduleSubtotals, type LessonMark, type TopicModule } from '../../../../contract/pure/journal-totals';
import type { MarkScale } from '../../../api/journal';
import { describeFailure } from '../../../shared/request/errors';
import type { FinalEdit, FinalWrite } from '../finals.slice';
import type { CellEdit, CellWrite } from '../journal.slice';
import { cellKey, showFinal, showMark, showMean, totalsOf } from '../pivot';
import { GridHead, type GridLesson } from './grid/GridHead';
import { Row } from './grid/GridRow';
import { COL_WIDTH, FINAL_WIDTH, MODULE_WIDTH, NAME_WIDTH, reveal, ROW_HEIGHT, TOTALS_WIDTH, type CellState } from './grid/layout';
import { useActiveCell, type CellPlace } from './grid/useActiveCell';
import { useGridKeys, type GridCell } from './grid/useGridKeys';
import { useGridVirtual } from './grid/useGridVirtual';

export type { GridLesson } from './grid/GridHead';
export { VIRTUAL_FROM } from './grid/layout';

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
  /** A pasted block: its cells and the final results it reaches, one write. */
  onPaste: (cells: CellWrite[], finals: FinalWrite[]) => void;
  onLesson: (date: string, time: number) => void;
  onActive: (cell: CellPlace | null) => void;
  /** A typed or pasted value that is not a mark (null: the message is gone). */
  onInvalid: (invalid: boolean, what?: 'mark' | 'points') => void;
  /** A pasted block refused for not fitting: how many of its cells fell outside the grid. */
  onOverflow?: (cells: number) => void;
  /** The journal's half-year is closed: the cells are read, never edited. */
  readOnly?: boolean;
  /** Escape on a cell whose save failed: drop what was typed, the stored value shows again. */
  onDiscard?: (key: string) => void;
  /** The journal's mark scale: a typed or pasted number outside it is not a mark. */
  scale?: MarkScale;
  /** Alt+H: the active cell's history. */
  onHistory?: (cell: CellPlace) => void;
  /** F6: focus goes to the toolbar. */
  onToolbar?: () => void;
  /** The modules the journal's topics carry (a subtotal column each, after the lessons), and the topics. */
  modules?: readonly { id: number; name: string }[];
  topics?: readonly TopicModule[];
  /**
   * The final-result column (none without it): the stored results by student, those being written,
   * and the write (null points: cleared).
   */
  finals?: {
    stored: Readonly<Record<number, FinalResult>>;
    edits: Readonly<Record<number, FinalEdit>>;
    onWrite: (student: number, points: number | null) => void;
  };
}

/** Memoised: the screen's other state (a dialog, a status line) leaves the grid alone. */
export const JournalGrid = memo(function JournalGrid(props: Props) {
  const { students, lessons, marks, edits, qrCells, lesson, onLesson, onActive, readOnly = false, scale = '2-5', modules = [], topics = [], finals } = props;
  const { t } = useTranslation('journal');
  const [editing, setEditing] = useState<string | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  /** The grid is in use: focus stays in it when the cell's input comes and goes. */
  const engaged = useRef(false);
  const rows = students.length;
  const cols = lessons.length;
  const finalCol = Boolean(finals);
  const moduleIds = modules.map((m) => m.id);
  const active = useActiveCell({ students, lessons, lesson, editing, onActive, finalCol });
  const { row, col, setPos } = active;
  const { virtual, headHeight, colSlots, rowSlots, renderedCols } = useGridVirtual({ rows, cols, row, col, tableRef, wrapRef });

  /**
   * What a cell shows (what was typed while it is being saved or failed), its stored mark (undefined:
   * none; never what is not saved yet), its state and, when its save failed, why.
   */
  const cellAt = useCallback(
    (r: number, c: number): GridCell & { error: CellEdit['error'] | null } => {
      const student = students[r].id_student;
      if (c >= cols) {
        // The final-result column: points and letter as stored; the points alone while typed or refused.
        const edit = finals?.edits[student];
        const stored = finals?.stored[student];
        return {
          key: `final|${student}`,
          value: edit ? (edit.written === null ? '' : String(edit.written)) : stored ? showFinal(stored) : '',
          mark: stored ? String(stored.points) : undefined,
          state: edit?.status as CellState,
          error: edit?.status === 'failed' ? edit.error : null,
          draft: edit ? (edit.written === null ? '' : String(edit.written)) : stored ? String(stored.points) : '',
        };
      }
      const key = cellKey(student, lessons[c].date, lessons[c].time);
      const edit = edits[key];
      const mark = key in marks ? marks[key] : undefined;
      return {
        key,
        value: edit ? (edit.written ?? '') : showMark(mark),
        mark,
        state: edit?.status as CellState,
        error: edit?.status === 'failed' ? edit.error : null,
      };
    },
    [students, lessons, marks, edits, cols, finals],
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
      qrs.push(Boolean(qrCells?.has(cell.key)));
    }
    // The totals count stored marks only: a value being saved, or refused, is not counted.
    const stored: LessonMark[] = [];
    const student = students[r].id_student;
    for (const l of lessons) {
      const key = cellKey(student, l.date, l.time);
      if (key in marks) stored.push({ visitDate: l.date, id_time: l.time, otsenka: marks[key] });
    }
    const subtotals = moduleIds.length ? moduleSubtotals(stored, topics, moduleIds).map((m) => `${m.ball_average.toFixed(2)} / ${showMean(m.ball_mean)}`) : [];
    let final = null;
    if (finals) {
      const cell = cellAt(r, cols);
      final = { value: cell.value, state: cell.state, reason: cell.state === 'failed' ? describeFailure(t, cell.error) || t('grid.failed') : '' };
    }
    return { values, states, reasons, qrs, totals: totalsOf(stored.map((m) => m.otsenka)), subtotals, final };
  };

  /** Focus follows the active cell (the input while editing); a virtual grid scrolls it into view. */
  useEffect(() => {
    const table = tableRef.current;
    if (!table || !engaged.current) return;
    if (virtual && wrapRef.current) reveal(wrapRef.current, row, col, headHeight());
    const cell = table.querySelector<HTMLElement>(`td[data-row="${row}"][data-col="${col}"]`);
    const target = editing !== null ? cell?.querySelector('input') : cell;
    if (target && document.activeElement !== target) target.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the header's height only matters with a move
  }, [row, col, editing, virtual]);

  // The hook takes the grid's own props and its active cell as they are.
  const { commit, onKeyDown, onPasteEvent } = useGridKeys({
    ...props,
    ...active,
    rows,
    cols: cols + (finalCol ? 1 : 0),
    editing,
    setEditing,
    cellAt,
    onFinal: finals?.onWrite,
    readOnly,
    scale,
  });

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
        style={
          virtual
            ? { width: NAME_WIDTH + cols * COL_WIDTH + modules.length * MODULE_WIDTH + (finalCol ? FINAL_WIDTH : 0) + TOTALS_WIDTH, tableLayout: 'fixed' }
            : undefined
        }
        role="grid"
        aria-readonly={readOnly || undefined}
        aria-rowcount={rows + 1}
        aria-colcount={cols + modules.length + (finalCol ? 1 : 0) + 5}
        onKeyDown={onKeyDown}
        onPaste={onPasteEvent}
        onFocus={() => (engaged.current = true)}
        onBlur={(e) => {
          if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) engaged.current = false;
        }}
      >
        <GridHead colSlots={colSlots} lessons={lessons} lesson={lesson} onLesson={onLesson} modules={modules.map((m) => m.name)} final={finalCol} />
        <tbody>
          {rowSlots.map((slot) => {
            if ('gap' in slot)
              return (
                <tr key={slot.key} className="jg-gap-row" aria-hidden="true" style={{ height: slot.gap * ROW_HEIGHT }}>
                  <td colSpan={colSlots.length + modules.length + (finalCol ? 1 : 0) + 5} />
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
                subtotals={d.subtotals}
                final={d.final}
                lessonCount={cols}
                activeCol={r === row ? col : -1}
                editing={r === row ? editing : null}
                onCellClick={onCellClick}
                onDraft={onDraft}
                t={t}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
});
