import type { ReactNode } from 'react';
import type { User } from '@contract/auth';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@shared/hooks';
import type { Role } from '@shared/request/roles';
import { useShownTitle } from '@shared/shell/pageTitle';
import { selectUser } from '@shared/session/session';
import { servesRole } from './areaAccess';
import { FullPageMessage } from './pages/FullPageMessage';

/** What a route of another role shows (inside the shell): why, and the way home. */
export function NotForRoleScreen() {
  const { t } = useTranslation('cm');
  useShownTitle(t('notForRole.title'));
  return (
    <FullPageMessage className="not-for-role" testId="not-for-role" title={t('notForRole.title')} text={t('notForRole.text')} home={t('notForRole.home')} />
  );
}

/**
 * A route of the manifest that serves some roles only (areas.ts, `roles`), or some users (`allows`): the screen for them, the
 * "not for your role" page for anyone else. Used for every area's routes alike (portalRoutes.tsx).
 */
export function RequireRole({ roles, allows, children }: { roles: readonly Role[] | undefined; allows?: (user: User) => boolean; children: ReactNode }) {
  const user = useAppSelector(selectUser);
  if (!servesRole(roles, user?.role) || (allows && !(user && allows(user)))) return <NotForRoleScreen />;
  return <>{children}</>;
}
