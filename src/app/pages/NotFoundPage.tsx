import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@components/Spinner';
import { useShownTitle } from '@shared/shell/pageTitle';
import { useAppSelector } from '@shared/hooks';
import { selectSessionStatus } from '@shared/session/session';
import type { ComponentType, ReactNode } from 'react';
import { FullPageMessage } from './FullPageMessage';

export function NotFoundScreen() {
  const { t } = useTranslation('cm');
  useShownTitle(t('notFound.title'));
  return <FullPageMessage className="not-found" code="404" title={t('notFound.title')} text={t('notFound.text')} home={t('notFound.home')} />;
}

/**
 * Unknown /lms/* paths: inside the shell for a signed-in user, on its own otherwise. `Shell` is the
 * shell as the routes load it, together with the areas' stores it reads (portalRoutes.tsx).
 */
export default function NotFoundPage({ Shell }: { Shell: ComponentType<{ children?: ReactNode }> }) {
  const status = useAppSelector(selectSessionStatus);
  if (status === 'idle' || status === 'checking') return <PageSpinner />;
  if (status === 'authenticated')
    return (
      <Shell>
        <NotFoundScreen />
      </Shell>
    );
  return (
    <main>
      <NotFoundScreen />
    </main>
  );
}
