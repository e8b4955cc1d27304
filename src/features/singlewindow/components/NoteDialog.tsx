/**
 * The registrar's words at a step of an order: a rejection's reason (required), a comment when he
 * starts preparing or marks it ready (optional), where to collect a paper document (required).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@components/Dialog';
import { FormActions } from '@components/FormActions';

interface Props {
  title: string;
  label: string;
  /** Said when the text is required and empty; none: the text may be empty. */
  requiredText?: string;
  confirm: string;
  danger?: boolean;
  testId: string;
  onDone: (text: string) => void;
  onClose: () => void;
}

export function NoteDialog({ title, label, requiredText, confirm, danger, testId, onDone, onClose }: Props) {
  const { t } = useTranslation('singlewindow');
  const id = useId();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const missing = requiredText !== undefined && text.trim() === '';
  return (
    <Dialog title={title} onClose={onClose} testId={testId}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (!missing) onDone(text.trim());
        }}
      >
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <textarea
            id={id}
            className="input"
            rows={3}
            maxLength={500}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={tried && missing}
            aria-describedby={`${id}-error`}
          />
          <p id={`${id}-error`} className="field-error" role={tried && missing ? 'alert' : undefined}>
            {tried && missing ? requiredText : ''}
          </p>
        </div>
        <FormActions cancel={t('reject.back')} submit={confirm} onCancel={onClose} danger={danger} />
      </form>
    </Dialog>
  );
}
