import { useTranslation } from 'react-i18next';
import { Spinner } from '@components/Spinner';
import { useAppDispatch } from '@shared/hooks';
import { questionnaireActions as A } from '../questionnaire.slice';

/** The answer and creation forms' buttons: send (busy while it is sent) and back to the lists. */
export function FormButtons({ busy, label, testId }: { busy: boolean; label: string; testId?: string }) {
  const { t } = useTranslation('questionnaire');
  const dispatch = useAppDispatch();
  return (
    <div className="qn-actions">
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy} data-testid={testId}>
        {busy ? <Spinner size="sm" /> : null}
        {label}
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => dispatch(A.closed())}>
        {t('back')}
      </button>
    </div>
  );
}
