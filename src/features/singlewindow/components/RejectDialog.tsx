/** The registrar's rejection of an order: a reason is required. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';

export function RejectDialog({ onReject, onClose }: { onReject: (reason: string) => void; onClose: () => void }) {
  const { t } = useTranslation('singlewindow');
  const id = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const empty = reason.trim() === '';
  return (
    <Dialog title={t('reject.title')} onClose={onClose} testId="reject-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (!empty) onReject(reason.trim());
        }}
      >
        <div className="field">
          <label htmlFor={id}>{t('reject.reason')}</label>
          <textarea
            id={id}
            className="input"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={tried && empty}
            aria-describedby={`${id}-error`}
          />
          <p id={`${id}-error`} className="field-error" role={tried && empty ? 'alert' : undefined}>
            {tried && empty ? t('reject.required') : ''}
          </p>
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('reject.back')}
          </button>
          <button type="submit" className="btn btn-danger">
            {t('reject.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
