/**
 * An area's screen behind its texts (portalRoutes.tsx, docs/product.md#shell): while the screen's
 * namespaces load in the current language it suspends, so the route's spinner shows, and when one of
 * them could not be loaded (no network, server away) it shows that the page did not load, in the
 * bundled words (i18n/fallback.ts), with Retry: never the screen with raw keys in place of its texts.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshIcon, WifiOffIcon } from '@components/icons';
import { PageSpinner } from '@components/Spinner';
import { shellText } from '../i18n/fallback';

/** The page whose texts did not load: why, and Retry (loads them again). */
export function TextsFailedScreen({ onRetry }: { onRetry: () => void }) {
  // Renders again on a language switch.
  useTranslation('cm', { useSuspense: false });
  return (
    <div className="fullpage-message" role="alert" data-testid="texts-failed">
      <WifiOffIcon size={40} className="fullpage-icon" />
      <h1>{shellText('errors.chunkTitle')}</h1>
      <p>{shellText('errors.network')}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        <RefreshIcon size={18} />
        {shellText('actions.retry')}
      </button>
    </div>
  );
}

export function AreaTexts({ namespaces, preload, children }: { namespaces: readonly string[]; preload?: () => unknown; children: ReactNode }) {
  // The screen's chunk loads beside its texts, not after them.
  preload?.();
  // Suspends until every namespace has loaded or failed (i18next retries a failed read first).
  const { i18n } = useTranslation(namespaces.length ? [...namespaces] : 'cm');
  const [retrying, setRetrying] = useState(false);
  const missing = namespaces.filter((ns) => !i18n.languages.some((lng) => i18n.hasResourceBundle(lng, ns)));
  if (retrying) return <PageSpinner />;
  if (missing.length === 0) return <>{children}</>;
  const retry = () => {
    setRetrying(true);
    void i18n.reloadResources([...i18n.languages], missing).finally(() => setRetrying(false));
  };
  return <TextsFailedScreen onRetry={retry} />;
}
