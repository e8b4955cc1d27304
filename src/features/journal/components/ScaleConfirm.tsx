/**
 * Changing the scale of a journal that holds marks asks first and says what happens to them: the
 * numbers stay and are read on the new scale (a 2–5 mark "5" becomes 5 points of 100; points of
 * 2..5 become marks). Points outside 2–5 cannot become marks: the change to 2–5 is not offered then,
 * and the dialog says how many are in the way (the server refuses it too, SCALE_IN_USE).
 */
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarkScale } from '../journal.api';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { Dialog } from '@components/Dialog';

/** The journal's stored marks that are numbers, and those of them outside 2–5. */
export function numericMarks(marks: Readonly<Record<string, string | null>>): { count: number; outside: number } {
  let count = 0;
  let outside = 0;
  for (const m of Object.values(marks))
    if (m !== null && /^\d+$/.test(m)) {
      count++;
      if (Number(m) < 2 || Number(m) > 5) outside++;
    }
  return { count, outside };
}

interface Props {
  to: MarkScale;
  count: number;
  outside: number;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ScaleConfirm({ to, count, outside, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('journal');
  const textId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const scale = t(`setup.scales.${to}`);
  if (to === '2-5' && outside > 0)
    return (
      <Dialog title={t('scaleConfirm.blockedTitle', { scale })} role="alertdialog" describedBy={textId} onClose={onCancel} initialFocus={closeRef}>
        <p id={textId} className="muted">
          {t('scaleConfirm.blocked', { count: outside })}
        </p>
        <div className="dialog-actions">
          <button ref={closeRef} type="button" className="btn btn-primary" onClick={onCancel}>
            {t('close')}
          </button>
        </div>
      </Dialog>
    );
  return (
    <ConfirmDialog
      title={t('scaleConfirm.title', { scale })}
      text={t(to === '0-100' ? 'scaleConfirm.toPoints' : 'scaleConfirm.toMarks', { count })}
      confirm={t('scaleConfirm.confirm')}
      cancel={t('confirm.cancel')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
