/** /lms/offline: shown when the app starts without a network or cannot reach the server. */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshIcon, WifiOffIcon } from '@components/icons';

const HOME = `${import.meta.env.BASE_URL}`;

export function retry(): void {
  window.location.assign(HOME);
}

/** `children`: what the areas keep for offline use (the stored timetable), shown under the notice. */
export default function OfflineScreen({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('cm');

  // Back to the app as soon as the network returns.
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);

  return (
    <main className="fullpage-message offline-screen">
      <WifiOffIcon size={48} className="fullpage-icon" />
      <h1>{t('offline.title')}</h1>
      <p>{t('offline.text')}</p>
      <button type="button" className="btn btn-primary" onClick={retry}>
        <RefreshIcon size={18} />
        {t('actions.retry')}
      </button>
      <p className="offline-needs-network">{t('offline.needsNetwork')}</p>
      {children}
    </main>
  );
}
