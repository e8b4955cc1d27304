/**
 * The grid's keyboard and clipboard: arrows move; typing replaces the mark; Enter saves and moves
 * down; Tab leaves the grid (saving what is being typed), as in the ARIA grid pattern: the grid is
 * one tab stop, its active cell; Escape cancels (or drops a refused save); Delete clears; a block copied from a spreadsheet pastes from the active cell. The
 * final-result column, after the lessons, takes whole points 0–100 typed, pasted (or cleared) the same way.
 */
import { useCallback, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { JournalStudent } from '@contract/journal';
import type { MarkScale } from '../../journal.api';
import type { CellWrite } from '../../journal.slice';
import { readPoints, type FinalWrite } from '../../finals.slice';
import { overflowOf, pastedBlock, readMark } from '../../pivot';
import type { GridLesson } from './GridHead';
import type { CellState } from './layout';
import type { CellPlace } from './useActiveCell';

export interface GridCell {
  key: string;
  value: string;
  mark: string | null | undefined;
  state: CellState;
  /** The editor's text when it opens on the cell (default: what it shows). */
  draft?: string;
}

interface Args {
  students: readonly JournalStudent[];
  lessons: readonly GridLesson[];
  rows: number;
  cols: number;
  row: number;
  col: number;
  current: CellPlace | null;
  editing: string | null;
  setEditing: (value: string | null) => void;
  setPos: (r: number, c: number) => void;
  move: (dr: number, dc: number) => void;
  cellAt: (r: number, c: number) => GridCell;
  onWrite: (write: CellWrite) => void;
  /** The final result written (null: cleared), from the final-result column. */
  onFinal?: (student: number, points: number | null) => void;
  /** A pasted block: its lesson cells and the final results it reaches, written together (all or none). */
  onPaste: (cells: CellWrite[], finals: FinalWrite[]) => void;
  /** A typed value that is not a mark (or, in the final-result column, not points); false: the message is gone. */
  onInvalid: (invalid: boolean, what?: 'mark' | 'points') => void;
  /** A pasted block refused for not fitting: how many of its cells fell outside the grid. */
  onOverflow?: (cells: number) => void;
  onDiscard?: (key: string) => void;
  /** Alt+H: the active cell's history. */
  onHistory?: (cell: CellPlace) => void;
  /** F6: focus goes to the toolbar. */
  onToolbar?: () => void;
  readOnly: boolean;
  scale: MarkScale;
}

export function useGridKeys(a: Args) {
  const {
    students,
    lessons,
    rows,
    cols,
    row,
    col,
    current,
    editing,
    setEditing,
    setPos,
    move,
    cellAt,
    onWrite,
    onFinal,
    onPaste,
    onInvalid,
    onOverflow,
    onDiscard,
    onHistory,
    onToolbar,
    readOnly,
    scale,
  } = a;
  const lessonCols = lessons.length;

  /** Saves what was typed in the active cell; false when it is not a mark (the text stays). */
  const commit = useCallback((): boolean => {
    if (editing === null || !current) return true;
    if (current.final) {
      const points = readPoints(editing);
      if (points === 'invalid') {
        onInvalid(true, 'points');
        return false;
      }
      onInvalid(false);
      const cell = cellAt(row, col);
      const stored = cell.mark ?? null;
      if (cell.state || (points === null ? stored !== null : String(points) !== stored)) onFinal?.(current.student, points);
      setEditing(null);
      return true;
    }
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
  }, [editing, current, cellAt, row, col, onWrite, onFinal, onInvalid, scale, setEditing]);

  const onEditingKey = (e: KeyboardEvent<HTMLTableElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setEditing(null);
      onInvalid(false);
    } else if (e.key === 'Enter' || e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (commit()) move(e.key === 'ArrowUp' ? -1 : 1, 0);
    } else if (e.key === 'Tab') {
      // What was typed is saved and focus leaves the grid (the browser moves it); a value that is not a mark keeps it here.
      if (!commit()) e.preventDefault();
    }
  };

  /** The keys that move; true when the key was one of them. */
  const onMoveKey = (e: KeyboardEvent<HTMLTableElement>): boolean => {
    const moves: Record<string, () => void> = {
      ArrowUp: () => move(-1, 0),
      ArrowDown: () => move(1, 0),
      ArrowLeft: () => move(0, -1),
      ArrowRight: () => move(0, 1),
      Home: () => setPos(e.ctrlKey ? 0 : row, 0),
      // End: the latest lesson (the final result, after it, is one arrow further).
      End: () => setPos(e.ctrlKey ? rows - 1 : row, (lessonCols || cols) - 1),
    };
    const go = moves[e.key];
    if (!go) return false;
    e.preventDefault();
    go();
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (!current) return;
    if ((e.target as HTMLElement).tagName === 'BUTTON') return;
    if (editing !== null) return onEditingKey(e);
    if (onMoveKey(e)) return;
    // F6 goes to the toolbar above the grid; Alt+H opens the active cell's history.
    if (e.key === 'F6' && onToolbar) {
      e.preventDefault();
      return onToolbar();
    }
    if (e.altKey && e.code === 'KeyH' && onHistory) {
      e.preventDefault();
      return onHistory(current);
    }
    if (e.key === 'Escape') {
      // A failed save (refused, or waiting to be sent again) is dropped: the stored value shows again.
      const cell = cellAt(row, col);
      if ((cell.state === 'failed' || cell.state === 'pending') && onDiscard) {
        e.preventDefault();
        onDiscard(cell.key);
      }
      return;
    }
    // A closed half-year's journal is only read: the keys below edit.
    if (readOnly) return;
    if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      const cell = cellAt(row, col);
      setEditing(cell.draft ?? cell.value);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      if (cellAt(row, col).value === '') return;
      if (current.final) onFinal?.(current.student, null);
      else onWrite({ ...current, written: null });
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      setEditing(e.key);
    }
  };

  /**
   * A block pasted at the active cell fills it and the cells to its right and below, the final-result
   * column too (whole points 0–100), all in one write (all or none); a block that does not fit is
   * refused whole, saying how many cells fell outside; a value that is not a mark (or, in the
   * final-result column, not points) refuses it too: nothing is written.
   */
  const onPasteEvent = (e: ClipboardEvent<HTMLTableElement>) => {
    if (!current || editing !== null || readOnly) return;
    const block = pastedBlock(e.clipboardData.getData('text/plain'));
    if (block.length === 0) return;
    e.preventDefault();
    const outside = overflowOf(block, row, col, rows, onFinal ? cols : lessonCols);
    if (outside > 0) {
      onInvalid(false);
      onOverflow?.(outside);
      return;
    }
    const cells: CellWrite[] = [];
    const finals: FinalWrite[] = [];
    for (let i = 0; i < block.length; i++)
      for (let j = 0; j < block[i].length; j++) {
        const student = students[row + i].id_student;
        if (col + j === lessonCols) {
          const points = readPoints(block[i][j]);
          if (points === 'invalid' || (points !== null && !(Number.isInteger(points) && points >= 0 && points <= 100))) {
            onInvalid(true, 'points');
            return;
          }
          const stored = cellAt(row + i, lessonCols).mark ?? null;
          if (points === null ? stored !== null : String(points) !== stored) finals.push({ student, points });
          continue;
        }
        const mark = readMark(block[i][j], scale);
        if (mark === 'invalid') {
          onInvalid(true);
          return;
        }
        const lesson = lessons[col + j];
        cells.push({ student, date: lesson.date, time: lesson.time, written: mark });
      }
    onInvalid(false);
    if (cells.length || finals.length) onPaste(cells, finals);
  };

  return { commit, onKeyDown, onPasteEvent };
}
