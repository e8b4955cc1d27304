/**
 * The shell's header: the university's name and logo (the auth area's, through the manifest's
 * SHELL_PARTS), the top navigation (desktop), the areas' header items (the bell) and the profile menu,
 * with the session's logout.
 */
import { useEffect } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../i18n/languages';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LogoutButton } from '@shared/session/LogoutButton';
import { selectUser } from '@shared/session/session';
import { selectUniversityName } from '@shared/settings/settings';
import { AREAS, type AreaEntry } from '../areas';
import { servesRole } from '../areaAccess';
import { areaParts } from '../loadAreas';
import { ROUTES } from '../routeRegistry';
import { DarkModeToggle } from './DarkModeToggle';
import { LanguageSwitch } from './LanguageSwitch';
import { ProfileMenu } from './ProfileMenu';
import { useBadges } from './useAreaParts';

const LOGO = `${import.meta.env.BASE_URL}logo.svg`;

/** The unread count beside a link ('3'), read out as '3 unread'. */
function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation('cm');
  if (count <= 0) return null;
  return (
    <span className="count-badge nav-badge" data-testid="chat-unread-total">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> {t('layout.unread', { count })}</span>
    </span>
  );
}

/** The university's name and logo, leading home; the logo in the user's language (/logo.json). */
function Brand() {
  const { t, i18n } = useTranslation('cm');
  const dispatch = useAppDispatch();
  const universityName = useAppSelector(selectUniversityName);
  const { selectLogo, logoRequested } = areaParts().shell.brand;
  const { data: logo, language: logoLanguage } = useAppSelector(selectLogo);
  // /logo.json answers in the user's language: load it unless it is here for this language already.
  const language = toLanguage(i18n.resolvedLanguage);
  useEffect(() => {
    if (logoLanguage !== language) dispatch(logoRequested(language));
  }, [dispatch, language, logoLanguage, logoRequested]);
  const name = logo?.name || universityName || t('universityName');
  return (
    // Named by what it shows (the university's name), with where it leads after it.
    <Link to={ROUTES.home} className="brand">
      <img src={logo?.logo || LOGO} alt="" width={36} height={36} />
      <span className="brand-name">{name}</span>
      <span className="sr-only"> ({t('layout.home')})</span>
    </Link>
  );
}

/** The desktop's top navigation: the home page, each area's `nav` link the user's role is served by, dark mode and logout. */
function TopNav() {
  const { t } = useTranslation('cm');
  const badges = useBadges();
  const role = useAppSelector(selectUser)?.role;
  return (
    <nav className="top-nav" aria-label={t('layout.topNav')}>
      <NavLink to={ROUTES.home} end className="top-nav-link">
        {t('nav.profile')}
      </NavLink>
      {(AREAS as readonly AreaEntry[])
        .flatMap((area) => (area.nav && servesRole(area.roles, role) ? [{ ...area, nav: area.nav }] : []))
        .map((area) => (
          <NavLink key={area.key} to={area.path} className="top-nav-link">
            {t(area.nav)}
            {badges[area.key] !== undefined ? <UnreadBadge count={badges[area.key] ?? 0} /> : null}
          </NavLink>
        ))}
      <span className="top-nav-actions">
        <DarkModeToggle className="top-nav-action" testId="top-nav-dark-mode" />
        <LogoutButton className="top-nav-action" testId="top-nav-logout" />
      </span>
    </nav>
  );
}

export function Header({ mobile }: { mobile: boolean }) {
  return (
    <header className="app-header">
      <Brand />
      {mobile ? null : <TopNav />}
      {areaParts().headerItems.map(({ key, Item }) => (
        <Item key={key} />
      ))}
      <ProfileMenu mobile={mobile}>
        <DarkModeToggle />
        <LanguageSwitch />
        <LogoutButton />
      </ProfileMenu>
    </header>
  );
}
