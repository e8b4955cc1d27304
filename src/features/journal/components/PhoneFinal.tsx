/**
 * The final result on a phone: under a student's lesson buttons, "Final" with his points (a number
 * field, 0–100, the letter beside it), saved on Enter or when the field is left, as the grid's Final
 * cell saves it (the same write, rules and history); empty clears it. It shows saving and a refusal
 * with the server's reason until the server answers.
 */
import './phoneFinal.css';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinalResult } from '@contract/journal';
import { describeFailure } from '@shared/request/errors';
import { readPoints, type FinalEdit } from '../finals.slice';
import { canRetry } from '../journal.slice';
import { PendingMark } from './PendingMark';

interface Props {
  student: number;
  name: string;
  stored: FinalResult | undefined;
  edit: FinalEdit | undefined;
  onWrite: (student: number, points: number | null) => void;
}

export const PhoneFinal = memo(function PhoneFinal({ student, name, stored, edit, onWrite }: Props) {
  const { t } = useTranslation(['journal', 'cm']);
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const shown = edit ? (edit.written === null ? '' : String(edit.written)) : stored ? String(stored.points) : '';
  const id = `lm-final-${student}`;
  const commit = () => {
    if (draft === null) return;
    const points = readPoints(draft);
    if (points === 'invalid' || (points !== null && !(Number.isInteger(points) && points >= 0 && points <= 100))) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setDraft(null);
    if (points === null ? shown !== '' : String(points) !== shown) onWrite(student, points);
  };
  const state = edit?.status === 'failed' && canRetry(edit.error) ? 'pending' : edit?.status;
  const note =
    state === 'saving' ? (
      t('grid.saving')
    ) : state === 'pending' ? (
      <PendingMark />
    ) : state === 'failed' ? (
      describeFailure(t, edit?.error) || t('grid.failed')
    ) : invalid ? (
      t('cm:errors.INVALID_POINTS', { min: 0, max: 100 })
    ) : null;
  return (
    <div className={`lm-final${state ? ` lm-${state}` : ''}`} aria-busy={state === 'saving' || undefined}>
      <label htmlFor={id} className="lm-final-label">
        {t('grid.final')}
      </label>
      <input
        id={id}
        className="input lm-final-input"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        aria-label={t('grid.finalInput', { name })}
        aria-invalid={invalid || state === 'failed' || undefined}
        value={draft ?? shown}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      {stored?.ekv_bukv && !edit && draft === null ? <span className="lm-final-letter">{stored.ekv_bukv}</span> : null}
      {note ? (
        <span className="lm-state" role={state === 'failed' || invalid ? 'alert' : undefined}>
          {note}
        </span>
      ) : null}
    </div>
  );
});
