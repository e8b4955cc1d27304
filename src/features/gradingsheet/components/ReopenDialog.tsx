/** The dean's office reopens a signed sheet: the reason is required and kept in the sheet's history. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@components/Dialog';
import { FormActions } from '@components/FormActions';

export function ReopenDialog({ busy, onReopen, onCancel }: { busy: boolean; onReopen: (reason: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('gradingsheet');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const empty = reason.trim() === '';
  return (
    <Dialog title={t('reopen.title')} onClose={onCancel} initialFocus={field}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (!empty) onReopen(reason.trim());
          else field.current?.focus();
        }}
      >
        <div className="field">
          <label htmlFor="gs-reason">{t('reopen.reason')}</label>
          <textarea
            id="gs-reason"
            ref={field}
            className="input"
            rows={3}
            maxLength={500}
            value={reason}
            aria-invalid={(tried && empty) || undefined}
            aria-describedby={tried && empty ? 'gs-reason-err' : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {tried && empty ? (
            <p id="gs-reason-err" className="gs-err" role="alert">
              {t('reopen.required')}
            </p>
          ) : null}
        </div>
        <FormActions cancel={t('cancel')} submit={t('reopen.confirm')} onCancel={onCancel} busy={busy} />
      </form>
    </Dialog>
  );
}
