/** One student's row of the journal grid (lessons, then RowEnd's module subtotals, final result and totals); it re-renders only when its own cells change. */
import { memo } from 'react';
import type { TFunction } from 'i18next';
import type { JournalStudent } from '@contract/journal';
import type { Totals } from '../../pivot';
import { COL_WIDTH, type CellState, type Slot } from './layout';
import { CellShown } from './CellShown';
import { RowEnd, type FinalView } from './RowEnd';

export interface RowProps {
  index: number;
  student: JournalStudent;
  /** The first student of another group (a new printed page). */
  groupStart: boolean;
  cols: readonly Slot[];
  values: readonly string[];
  states: readonly CellState[];
  /** Why a failed cell's save failed, or that it waits to be sent again, in the user's language. */
  reasons: readonly string[];
  qrs: readonly boolean[];
  totals: Totals;
  /** Each module's subtotal, as shown. */
  subtotals: readonly string[];
  /** The final-result cell (null: the grid has none). */
  final: FinalView | null;
  lessonCount: number;
  activeCol: number;
  editing: string | null;
  onCellClick: (row: number, col: number) => void;
  onDraft: (value: string) => void;
  /** The journal's texts (passed down: a hook per row would cost every row a subscription). */
  t: TFunction;
}

const sameArray = <T,>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export const Row = memo(
  function Row({
    index,
    student,
    groupStart,
    cols,
    values,
    states,
    reasons,
    qrs,
    totals,
    subtotals,
    final,
    lessonCount,
    activeCol,
    editing,
    onCellClick,
    onDraft,
    t,
  }: RowProps) {
    let k = 0;
    return (
      <tr className={groupStart ? 'jg-group-start' : undefined} aria-rowindex={index + 2}>
        <th scope="row" className="jg-name" aria-colindex={1}>
          <span className="jg-no">{index + 1}.</span> {student.s_fio}
        </th>
        {cols.map((slot) => {
          if ('gap' in slot)
            return <td key={slot.key} className="jg-gap" aria-hidden="true" style={{ width: slot.gap * COL_WIDTH, minWidth: slot.gap * COL_WIDTH }} />;
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
              aria-invalid={state === 'failed' || state === 'pending' || undefined}
              className={`jg-cell${active ? ' jg-active' : ''}${state ? ` jg-${state}` : ''}${v === 'н/б' ? ' jg-absent' : ''}`}
              title={state === 'saving' ? t('grid.saving') : state ? reason : undefined}
              onClick={() => onCellClick(index, c)}
            >
              {active && editing !== null ? (
                <input
                  className="jg-input"
                  aria-label={t('grid.cellInput', { name: student.s_fio })}
                  value={editing}
                  onChange={(e) => onDraft(e.target.value)}
                  maxLength={8}
                />
              ) : (
                <CellShown value={v} state={state}>
                  {qr && !state ? (
                    <span className="jg-qr" title={t('grid.qr')}>
                      <span className="sr-only">{t('grid.qr')}</span>
                    </span>
                  ) : null}
                </CellShown>
              )}
            </td>
          );
        })}
        <RowEnd
          index={index}
          name={student.s_fio}
          subtotals={subtotals}
          final={final}
          totals={totals}
          lessonCount={lessonCount}
          finalActive={activeCol === lessonCount}
          editing={editing}
          onCellClick={onCellClick}
          onDraft={onDraft}
          t={t}
        />
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
    a.t === b.t &&
    sameArray(a.values, b.values) &&
    sameArray(a.states, b.states) &&
    sameArray(a.reasons, b.reasons) &&
    sameArray(a.qrs, b.qrs) &&
    sameArray(a.subtotals, b.subtotals) &&
    a.final?.value === b.final?.value &&
    a.final?.state === b.final?.state &&
    a.final?.reason === b.final?.reason,
);
