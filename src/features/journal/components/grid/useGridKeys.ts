/**
 * The grid's keyboard and clipboard: arrows move; typing replaces the mark; Enter saves and moves
 * down; Tab moves right (from the last column to the next row's first); Escape cancels (or drops a
 * refused save); Delete clears; a column copied from a spreadsheet pastes down from the active cell.
 */
import { useCallback, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { JournalStudent } from '../../../../../contract/journal';
import type { MarkScale } from '../../../../api/journal';
import type { CellWrite } from '../../journal.slice';
import { pastedColumn, readMark } from '../../pivot';
import type { CellState } from './layout';
import type { CellPlace } from './useActiveCell';

export interface GridCell {
  key: string;
  value: string;
  mark: string | null | undefined;
  state: CellState;
}

interface Args {
  students: readonly JournalStudent[];
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
  onPaste: (cells: CellWrite[]) => void;
  onInvalid: (invalid: boolean) => void;
  onDiscard?: (key: string) => void;
  readOnly: boolean;
  scale: MarkScale;
}

export function useGridKeys(a: Args) {
  const { students, rows, cols, row, col, current, editing, setEditing, setPos, move, cellAt, onWrite, onPaste, onInvalid, onDiscard, readOnly, scale } = a;

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
  }, [editing, current, cellAt, row, col, onWrite, onInvalid, scale, setEditing]);

  /** Tab moves right and wraps from the last column to the next row's first (Shift+Tab back); false at the grid's ends (focus leaves it). */
  const tab = (back: boolean): boolean => {
    if (back ? col > 0 : col < cols - 1) move(0, back ? -1 : 1);
    else if (back ? row > 0 : row < rows - 1) setPos(row + (back ? -1 : 1), back ? cols - 1 : 0);
    else return false;
    return true;
  };

  const onEditingKey = (e: KeyboardEvent<HTMLTableElement>) => {
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
  };

  /** The keys that move; true when the key was one of them. */
  const onMoveKey = (e: KeyboardEvent<HTMLTableElement>): boolean => {
    const moves: Record<string, () => void> = {
      ArrowUp: () => move(-1, 0),
      ArrowDown: () => move(1, 0),
      ArrowLeft: () => move(0, -1),
      ArrowRight: () => move(0, 1),
      Home: () => setPos(e.ctrlKey ? 0 : row, 0),
      End: () => setPos(e.ctrlKey ? rows - 1 : row, cols - 1),
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
    if (e.key === 'Escape') {
      // A failed save is dropped: the stored value shows again.
      const cell = cellAt(row, col);
      if (cell.state === 'failed' && onDiscard) {
        e.preventDefault();
        onDiscard(cell.key);
      }
      return;
    }
    if (e.key === 'Tab') {
      if (tab(e.shiftKey)) e.preventDefault();
      return;
    }
    // A closed half-year's journal is only read: the keys below edit.
    if (readOnly) return;
    if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      setEditing(cellAt(row, col).value);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      if (cellAt(row, col).value !== '') onWrite({ ...current, written: null });
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      setEditing(e.key);
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

  return { commit, onKeyDown, onPasteEvent };
}
