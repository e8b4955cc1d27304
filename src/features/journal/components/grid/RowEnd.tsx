/** The end of a student's row: his subtotal per module, his final result (a cell the keyboard reaches) and the totals. */
import './rowEnd.css';
import type { TFunction } from 'i18next';
import { showMean, type Totals } from '../../pivot';
import { CellShown } from './CellShown';
import type { CellState } from './layout';

/** The final-result cell as shown: what was typed while it is saved or refused, else the stored points and letter. */
export interface FinalView {
  value: string;
  state: CellState;
  /** Why its save failed, in the user's language. */
  reason: string;
}

interface Props {
  index: number;
  name: string;
  /** Each module's subtotal, as shown ("3.50 / 4.00"). */
  subtotals: readonly string[];
  final: FinalView | null;
  totals: Totals;
  lessonCount: number;
  /** The final cell is the active one (and its editor's text, when open). */
  finalActive: boolean;
  editing: string | null;
  onCellClick: (row: number, col: number) => void;
  onDraft: (value: string) => void;
  t: TFunction;
}

export function RowEnd({ index, name, subtotals, final, totals, lessonCount, finalActive, editing, onCellClick, onDraft, t }: Props) {
  let at = lessonCount + 2;
  const state = final?.state;
  return (
    <>
      {subtotals.map((s, i) => (
        <td key={`m${i}`} className="jg-module" aria-colindex={at++}>
          {s}
        </td>
      ))}
      {final ? (
        <td
          role="gridcell"
          tabIndex={finalActive ? 0 : -1}
          data-row={index}
          data-col={lessonCount}
          aria-colindex={at++}
          aria-selected={finalActive}
          aria-busy={state === 'saving' || undefined}
          aria-invalid={state === 'failed' || state === 'pending' || undefined}
          className={`jg-final${finalActive ? ' jg-active' : ''}${state ? ` jg-${state}` : ''}`}
          title={state === 'saving' ? t('grid.saving') : state ? final.reason : undefined}
          onClick={() => onCellClick(index, lessonCount)}
        >
          {finalActive && editing !== null ? (
            <input
              className="jg-input"
              aria-label={t('grid.finalInput', { name })}
              inputMode="numeric"
              value={editing}
              onChange={(e) => onDraft(e.target.value)}
              maxLength={6}
            />
          ) : (
            <CellShown value={final.value} state={state} />
          )}
        </td>
      ) : null}
      <td className="jg-total" aria-colindex={at++}>
        {totals.nb_Count}
      </td>
      <td className="jg-total" aria-colindex={at++}>
        {totals.ball_Count}
      </td>
      <td className="jg-total" aria-colindex={at++}>
        {totals.ball_average.toFixed(2)}
      </td>
      <td className="jg-total" aria-colindex={at++}>
        {showMean(totals.ball_mean)}
      </td>
    </>
  );
}
