/**
 * What the journal grid's cells and rows show, from the stored marks and the writes under way: a
 * cell's value, stored mark, state and why its save failed; a row's rendered cells, its totals (of
 * stored marks only), its module subtotals and its final result.
 */
import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import type { FinalResult, JournalStudent } from '@contract/journal';
import { moduleSubtotals, type LessonMark, type TopicModule } from '@contract/pure/journal-totals';
import { describeFailure } from '@shared/request/errors';
import type { FinalEdit } from '../../finals.slice';
import { canRetry, type CellEdit } from '../../journal.slice';
import { cellKey, showFinal, showMark, showMean, totalsOf } from '../../pivot';
import type { GridLesson } from './GridHead';
import type { CellState } from './layout';
import type { GridCell } from './useGridKeys';

interface Args {
  students: readonly JournalStudent[];
  lessons: readonly GridLesson[];
  marks: Readonly<Record<string, string | null>>;
  edits: Readonly<Record<string, CellEdit>>;
  qrCells?: ReadonlySet<string>;
  finals?: { stored: Readonly<Record<number, FinalResult>>; edits: Readonly<Record<number, FinalEdit>> };
  modules: readonly { id: number; name: string }[];
  topics: readonly TopicModule[];
  /** The lesson columns rendered (all, or a large journal's window). */
  renderedCols: readonly number[];
  t: TFunction;
}

/** A write's state in its cell: a failure that can succeed (no answer, a 5xx) waits in the outbox to be sent again. */
function stateOf(edit: CellEdit | FinalEdit | undefined): CellState {
  if (!edit) return undefined;
  return edit.status === 'failed' && canRetry(edit.error) ? 'pending' : edit.status;
}

/** Why a cell's write is not saved, in the user's language (its title). */
function reasonOf(t: TFunction, cell: { state: CellState; error: CellEdit['error'] | null }): string {
  if (cell.state === 'pending') return t('grid.pending');
  return cell.state === 'failed' ? describeFailure(t, cell.error) || t('grid.failed') : '';
}

export function useGridCells({ students, lessons, marks, edits, qrCells, finals, modules, topics, renderedCols, t }: Args) {
  const cols = lessons.length;
  const moduleIds = modules.map((m) => m.id);
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
          state: stateOf(edit),
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
        state: stateOf(edit),
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
      reasons.push(reasonOf(t, cell));
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
      final = { value: cell.value, state: cell.state, reason: reasonOf(t, cell) };
    }
    return { values, states, reasons, qrs, totals: totalsOf(stored.map((m) => m.otsenka)), subtotals, final };
  };

  return { cellAt, rowData };
}
