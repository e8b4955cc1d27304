/**
 * The signed-in shell (SPEC §2 Layout). Desktop (≥ 900 px): side menu | content | [discipline column]
 * [contact column] | apps, under a header with the profile menu. Mobile: one panel chosen by the
 * active tab, with a bottom tab bar; a route screen shows full width.
 */
import { useEffect, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { authActions, selectAuth } from '../features/auth/auth.slice';
import { LogoutButton } from '../features/auth/components/LogoutButton';
import { DarkModeToggle } from '../features/general/components/DarkModeToggle';
import { LanguageSwitch } from '../features/general/components/LanguageSwitch';
import { MobileTabBar } from '../features/general/components/MobileTabBar';
import { selectActiveTab, selectIsMobile, TAB_APPS } from '../features/general/general.slice';
import { AppsPanel } from '../features/profile/components/AppsPanel';
import { ProfileMenu } from '../features/profile/components/ProfileMenu';
import { SideMenu } from '../features/profile/components/SideMenu';
import { selectProfile } from '../features/profile/profile.slice';
import { toLanguage } from '../i18n/languages';
import { useAppDispatch, useAppSelector } from './hooks';
import { MENU_ROUTES, ROUTES } from './routeRegistry';
import './layout.css';

const LOGO = `${import.meta.env.BASE_URL}logo.svg`;

export interface LayoutProps {
  /** Filled later by the chat area; no empty column is rendered. */
  disciplineColumn?: ReactNode;
  contactColumn?: ReactNode;
  /** Content instead of the route outlet (e.g. the not-found screen). */
  children?: ReactNode;
}

function Header({ mobile }: { mobile: boolean }) {
  const { t, i18n } = useTranslation('cm');
  const dispatch = useAppDispatch();
  const { settings } = useAppSelector(selectProfile);
  const { data: logo, language: logoLanguage } = useAppSelector(selectAuth).logo;
  // /logo.json answers in the user's language: load it unless it is here for this language already.
  const language = toLanguage(i18n.resolvedLanguage);
  useEffect(() => {
    if (logoLanguage !== language) dispatch(authActions.logoRequested(language));
  }, [dispatch, language, logoLanguage]);
  const name = logo?.name || settings.defaults?.universityName || t('universityName');
  return (
    <header className="app-header">
      <Link to={ROUTES.home} className="brand" aria-label={t('layout.home')}>
        <img src={logo?.logo || LOGO} alt="" width={36} height={36} />
        <span className="brand-name">{name}</span>
      </Link>
      {mobile ? null : (
        <nav className="top-nav" aria-label={t('layout.topNav')}>
          <NavLink to={ROUTES.home} end className="top-nav-link">
            {t('nav.profile')}
          </NavLink>
          {/* The news feed link appears here once the news area exists. */}
        </nav>
      )}
      <ProfileMenu mobile={mobile}>
        <DarkModeToggle />
        <LanguageSwitch />
        <LogoutButton />
      </ProfileMenu>
    </header>
  );
}

export default function Layout({ disciplineColumn, contactColumn, children }: LayoutProps) {
  const { t } = useTranslation('cm');
  const mobile = useAppSelector(selectIsMobile);
  const activeTab = useAppSelector(selectActiveTab);
  const location = useLocation();
  const navigate = useNavigate();
  const isHome = location.pathname === ROUTES.home && !children;
  const content = children ?? <Outlet />;

  const skip = (
    <a href="#main" className="skip-link">
      {t('layout.skip')}
    </a>
  );

  if (mobile) {
    const panel =
      isHome && activeTab === TAB_APPS ? (
        <div className="mobile-apps">
          <AppsPanel />
          <SideMenu routes={MENU_ROUTES} />
        </div>
      ) : (
        content
      );
    return (
      <div className="shell shell-mobile">
        {skip}
        <Header mobile />
        <main id="main" className="content" tabIndex={-1}>
          {panel}
        </main>
        <MobileTabBar
          current={isHome ? activeTab : null}
          onSelect={() => {
            if (!isHome) navigate(ROUTES.home);
          }}
        />
      </div>
    );
  }

  return (
    <div className="shell">
      {skip}
      <Header mobile={false} />
      <div className="shell-body">
        <aside className="shell-menu">
          <SideMenu routes={MENU_ROUTES} />
        </aside>
        <main id="main" className="content" tabIndex={-1}>
          {content}
        </main>
        {disciplineColumn ? <aside className="shell-column">{disciplineColumn}</aside> : null}
        {contactColumn ? <aside className="shell-column">{contactColumn}</aside> : null}
        <aside className="shell-apps">
          <AppsPanel />
        </aside>
      </div>
    </div>
  );
}
