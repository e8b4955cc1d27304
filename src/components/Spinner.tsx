import { useTranslation } from 'react-i18next';

/** A small busy indicator; `label` is its accessible name. */
export function Spinner({ label, size = 'md' }: { label?: string; size?: 'sm' | 'md' | 'lg' }) {
  return <span className={`spinner spinner-${size}`} role={label ? 'status' : undefined} aria-label={label} aria-hidden={label ? undefined : true} />;
}

/** Centered spinner while a screen, its texts or the session load. */
export function PageSpinner() {
  const { t } = useTranslation('cm', { useSuspense: false });
  return (
    <div className="page-spinner">
      <Spinner size="lg" label={t('loading', 'Загрузка…')} />
    </div>
  );
}
