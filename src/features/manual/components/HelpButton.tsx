/**
 * The header's help button (the manual's header item, app/areas.ts): the manual's page about the
 * screen on view, for the reader's roles (pageForRoute), or the manual's home for a screen it has
 * no page about (docs/areas/manual.md#for-users).
 */
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HelpIcon } from '@components/shellIcons';
import { useAppSelector } from '@shared/hooks';
import { selectUser } from '@shared/session/session';
import { MANUAL_PATH, manualPagePath, pageForRoute, rolesOf } from '../manual.pages';

export function HelpButton() {
  const { t } = useTranslation('cm');
  const { pathname } = useLocation();
  const user = useAppSelector(selectUser);
  // The manual's own screens lead to its home.
  const page = pathname === MANUAL_PATH || pathname.startsWith(`${MANUAL_PATH}/`) ? undefined : pageForRoute(pathname, rolesOf(user));
  const label = t('layout.help');
  return (
    <Link to={page ? manualPagePath(page.id) : MANUAL_PATH} className="help-button" data-testid="help-button" aria-label={label} title={label}>
      <HelpIcon size={22} />
    </Link>
  );
}
