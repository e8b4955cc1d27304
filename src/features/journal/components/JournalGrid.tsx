/**
 * The journal's grid: students against lessons, worked like a spreadsheet with the keyboard alone.
 * Arrows move; typing replaces the mark; Enter saves and moves down; Tab leaves the grid (one tab
 * stop, the active cell: a roving tabindex, as in the ARIA grid pattern); Escape
 * cancels; Delete clears; a block copied from Excel or LibreOffice pastes from the active cell
 * (right and down), or is refused whole, saying how many cells did not fit. The active cell is held by student and lesson (date and time), never by position: lessons
 * added or removed around it leave it, its open editor and its save on the same lesson; choosing a
 * lesson (the lesson bar, a date's header, a lesson just added) takes it to that lesson's column.
 * After the lessons: each module's subtotal (when the journal's topics carry modules) and the final
 * result, a cell like the others (typed whole points 0–100, saved on Enter or Tab, cleared by Delete;
 * shown as points and letter). Names stay on the left and dates on top while scrolling. Each cell shows its own state
 * (saving; kept to be sent again, "…"; refused, "!") until the server answers; rows re-render only when their own cells change.
 *
 * A large journal (more than VIRTUAL_FROM cells, e.g. 150 students × 60 lessons) renders only the
 * rows and columns in view (grid/useGridVirtual.ts), plus the active cell's row and column so that
 * focus always has its cell; empty spacer rows and cells keep the scroll size. The table keeps its
 * grid semantics: aria-rowcount/aria-colcount give the whole size and every row and cell its
 * aria-rowindex/aria-colindex. Printing renders the whole table (beforeprint, or print media).
 */
import './grid/grid.css';
import { memo, useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinalResult, JournalStudent } from '@contract/journal';
import type { TopicModule } from '@contract/pure/journal-totals';
import type { MarkScale } from '../journal.api';
import type { FinalEdit, FinalWrite } from '../finals.slice';
import type { CellEdit, CellWrite } from '../journal.slice';
import { GridHead, type GridLesson } from './grid/GridHead';
import { Row } from './grid/GridRow';
import { COL_WIDTH, FINAL_WIDTH, MODULE_WIDTH, NAME_WIDTH, ROW_HEIGHT, TOTALS_WIDTH } from './grid/layout';
import { useActiveCell, type CellPlace } from './grid/useActiveCell';
import { useGridCells } from './grid/useGridCells';
import { useGridFocus } from './grid/useGridFocus';
import { useGridKeys } from './grid/useGridKeys';
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
  /** The active cell, and whether the teacher moved it there himself. */
  onActive: (cell: CellPlace | null, moved: boolean) => void;
  /** A typed or pasted value that is not a mark (null: the message is gone). */
  onInvalid: (invalid: boolean, what?: 'mark' | 'points') => void;
  /** A pasted block refused for not fitting: how many of its cells fell outside the grid. */
  onOverflow?: (cells: number) => void;
  /** The journal's half-year is closed: the cells are read, never edited. */
  readOnly?: boolean;
  /** Escape on a cell whose save failed (refused, or waiting to be sent again): drop what was typed, the stored value shows again. */
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
  /** The chosen lesson's menu (LessonMenu.tsx), in its column's header. */
  lessonMenu?: ReactNode;
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
  const active = useActiveCell({ students, lessons, lesson, editing, onActive, finalCol });
  const { row, col, setPos } = active;
  const { virtual, headHeight, colSlots, rowSlots, renderedCols } = useGridVirtual({ rows, cols, row, col, tableRef, wrapRef });

  const { cellAt, rowData } = useGridCells({ students, lessons, marks, edits, qrCells, finals, modules, topics, renderedCols, t });

  useGridFocus({ wrapRef, tableRef, engaged, row, col, rows, cols, editing, virtual, headHeight });

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
        <GridHead
          colSlots={colSlots}
          lessons={lessons}
          lesson={lesson}
          onLesson={onLesson}
          modules={modules.map((m) => m.name)}
          final={finalCol}
          lessonMenu={props.lessonMenu}
        />
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
