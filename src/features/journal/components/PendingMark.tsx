import { useTranslation } from 'react-i18next';

/** A write waiting in the outbox: "…" and a short word, named in full for a screen reader. */
export function PendingMark() {
  const { t } = useTranslation('journal');
  return (
    <span className="lm-pending-mark" title={t('grid.pending')}>
      <span role="img" aria-label={t('grid.pending')}>
        …
      </span>{' '}
      <span aria-hidden="true">{t('phone.pending')}</span>
    </span>
  );
}
