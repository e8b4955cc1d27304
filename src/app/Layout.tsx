/**
 * The signed-in shell (docs/product.md#shell). Desktop (≥ 900 px): side menu | content | [discipline column]
 * [contact column] | apps (not beside a `wide` area's screen: the journal's grid), under a header with
 * the profile menu. Mobile: one panel chosen by the
 * active tab, with a bottom tab bar; a route screen shows full width.
 */
import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { authActions, selectAuth } from '../features/auth/auth.slice';
import { selectChatUnreadTotal } from '../features/chat/chat.slice';
import { selectCheckInOpen } from '../features/schedule/schedule.slice';
import { LogoutButton } from '../features/auth/components/LogoutButton';
import { Bell } from '../features/notifications/components/Bell';
import { DarkModeToggle } from './shell/DarkModeToggle';
import { LanguageSwitch } from './shell/LanguageSwitch';
import { MobileTabBar } from './shell/MobileTabBar';
import { tabsFor } from './shell/mobileTabs';
import { selectActiveTab, selectIsMobile, TAB_APPS, TAB_PROFILE } from '../shared/shell/shell.slice';
import { TAB_CHECK_IN } from '../shared/shell/tabs';
import { AppsPanel } from '../features/profile/components/AppsPanel';
import { ProfileMenu } from '../features/profile/components/ProfileMenu';
import { SideMenu } from '../features/profile/components/SideMenu';
import { selectUniversityName } from '../shared/settings/settings';
import { AreaCrashScreen, ErrorBoundary } from '../components/ErrorBoundary';
import { lazyScreen } from '../components/lazyScreen';
import { HomeIcon } from '../components/shellIcons';
import { PageSpinner } from '../components/Spinner';
import { toLanguage } from '../i18n/languages';
import { useAppDispatch, useAppSelector } from '../shared/hooks';
import { selectUser } from '../shared/session/session';
import { AREAS, menuFor, servesRole, type AreaEntry } from './areas';
import { ROUTES } from './routeRegistry';
import { usePageTitleOf } from './pageTitle';
import './layout.css';
import './layout-body.css';
import './layout-mobile.css';

const LOGO = `${import.meta.env.BASE_URL}logo.svg`;
/** Areas whose mobile tab shows their screen as a panel of the home page (the news: the same screen as /lms/news). */
const PANELS = new Map((AREAS as readonly AreaEntry[]).filter((area) => area.tab?.panel).map((area) => [area.tab!.id, lazyScreen(area.screen, area.key)]));
/** The count shown beside an area's link and tab. */
const useBadges = (): Partial<Record<string, number>> => ({ chat: useAppSelector(selectChatUnreadTotal) });

export interface LayoutProps {
  /** Filled later by the chat area; no empty column is rendered. */
  disciplineColumn?: ReactNode;
  contactColumn?: ReactNode;
  /** Content instead of the route outlet (e.g. the not-found screen). */
  children?: ReactNode;
}

/** The unread count beside a link ('3'), read out as '3 unread'. */
function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation('cm');
  if (count <= 0) return null;
  return (
    <span className="nav-badge" data-testid="chat-unread-total">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> {t('layout.unread', { count })}</span>
    </span>
  );
}

/** The way home of a failed screen. */
function HomeLink() {
  const { t } = useTranslation('cm');
  return (
    <Link to={ROUTES.home} className="btn btn-secondary">
      <HomeIcon size={18} />
      {t('notFound.home')}
    </Link>
  );
}

function Header({ mobile }: { mobile: boolean }) {
  const { t, i18n } = useTranslation('cm');
  const badges = useBadges();
  const dispatch = useAppDispatch();
  const universityName = useAppSelector(selectUniversityName);
  const { data: logo, language: logoLanguage } = useAppSelector(selectAuth).logo;
  // /logo.json answers in the user's language: load it unless it is here for this language already.
  const language = toLanguage(i18n.resolvedLanguage);
  useEffect(() => {
    if (logoLanguage !== language) dispatch(authActions.logoRequested(language));
  }, [dispatch, language, logoLanguage]);
  const name = logo?.name || universityName || t('universityName');
  const role = useAppSelector(selectUser)?.role;
  return (
    <header className="app-header">
      {/* Named by what it shows (the university's name), with where it leads after it. */}
      <Link to={ROUTES.home} className="brand">
        <img src={logo?.logo || LOGO} alt="" width={36} height={36} />
        <span className="brand-name">{name}</span>
        <span className="sr-only"> ({t('layout.home')})</span>
      </Link>
      {mobile ? null : (
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
      )}
      <Bell />
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
  const badges = useBadges();
  const isHome = location.pathname === ROUTES.home && !children;
  const role = useAppSelector(selectUser)?.role;
  // "Check in" (menu and tab) only while attendance is open for one of the student's lessons.
  const checkIn = useAppSelector(selectCheckInOpen);
  const roleMenu = menuFor(role);
  const menu = checkIn ? roleMenu : { routes: roleMenu.routes, hidden: new Set([...roleMenu.hidden, 'checkIn' as const]) };
  const tabs = tabsFor(role).filter((tab) => checkIn || tab.id !== TAB_CHECK_IN);
  usePageTitleOf(isHome && mobile && activeTab === TAB_APPS ? '/apps' : location.pathname, Boolean(children));
  // A screen that fails to render is said inside the shell, which stays usable; leaving the route
  // (a new key) starts the next screen afresh.
  const content = (
    <ErrorBoundary key={location.pathname} fallback={(retry) => <AreaCrashScreen retry={retry} home={<HomeLink />} />}>
      {children ?? <Outlet />}
    </ErrorBoundary>
  );
  const withColumns = Boolean(disciplineColumn || contactColumn);
  const wide = (AREAS as readonly AreaEntry[]).some((area) => area.wide && area.path === location.pathname);
  // Tabs that are routes (chat) are current on their route; at home the panels follow activeTab.
  const routeTab = tabs.find((tab) => tab.to && location.pathname === tab.to);
  const homeTab = tabs.some((tab) => tab.id === activeTab && !tab.to) ? activeTab : TAB_PROFILE;

  const skip = (
    <a href="#main" className="skip-link">
      {t('layout.skip')}
    </a>
  );

  const Panel = mobile ? PANELS.get(activeTab) : undefined;
  // On mobile the home page shows the panel of the active tab; any other route its screen.
  const mobilePanel =
    isHome && activeTab === TAB_APPS ? (
      <div className="mobile-apps">
        <h1 className="sr-only">{t('titles.apps')}</h1>
        <AppsPanel />
        <SideMenu routes={menu.routes} hidden={menu.hidden} />
      </div>
    ) : isHome && Panel ? (
      <Suspense fallback={<PageSpinner />}>
        <Panel />
      </Suspense>
    ) : (
      content
    );

  // One tree for both layouts, the pieces of the other one left empty in their places: the route's
  // screen keeps its place in it, so crossing the mobile breakpoint (a tablet turned, a window
  // resized) re-renders the screen instead of mounting it anew, which would lose what it holds (a
  // draft, a scroll position) and start it over (the projector would open attendance again).
  return (
    <div className={mobile ? 'shell shell-mobile' : 'shell'}>
      {skip}
      <Header mobile={mobile} />
      <div className={mobile ? 'shell-body-mobile' : `shell-body${withColumns ? ' with-columns' : ''}`}>
        {mobile ? null : (
          <div className="shell-menu">
            <SideMenu routes={menu.routes} hidden={menu.hidden} />
          </div>
        )}
        {/* The columns come before the content on screen and so in the tab order. */}
        {!mobile && disciplineColumn ? <div className="shell-column">{disciplineColumn}</div> : null}
        {!mobile && contactColumn ? <div className="shell-column">{contactColumn}</div> : null}
        <main id="main" className="content" tabIndex={-1}>
          {mobile ? mobilePanel : content}
        </main>
        {mobile || wide ? null : (
          <aside className="shell-apps" aria-label={t('layout.apps')}>
            <AppsPanel />
          </aside>
        )}
      </div>
      {mobile ? (
        <MobileTabBar
          tabs={tabs}
          current={routeTab ? routeTab.id : isHome ? homeTab : null}
          badges={Object.fromEntries(tabs.filter((tab) => tab.area).map((tab) => [tab.id, badges[tab.area!] ?? 0]))}
          onSelect={(id) => {
            const to = tabs.find((tab) => tab.id === id)?.to;
            if (to) navigate(to);
            else if (!isHome) navigate(ROUTES.home);
          }}
        />
      ) : null}
    </div>
  );
}
