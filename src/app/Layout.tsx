/**
 * The signed-in shell (docs/product.md#shell). Desktop (≥ 900 px): side menu | content | [discipline column]
 * [contact column] | apps (not beside a `wide` area's screen: the journal's grid), under a header with
 * the profile menu. Mobile: one panel chosen by the
 * active tab, with a bottom tab bar; a route screen shows full width.
 */
import { Suspense, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Header } from './shell/Header';
import { MobileTabBar } from './shell/MobileTabBar';
import { tabsFor } from './shell/mobileTabs';
import { selectActiveTab, selectIsMobile, TAB_APPS, TAB_PROFILE } from '@shared/shell/shell.slice';
import { AppsPanel } from './shell/AppsPanel';
import { SideMenu } from './shell/SideMenu';
import { useBadges, useHiddenRoutes } from './shell/useAreaParts';
import { AreaCrashScreen, ErrorBoundary } from '@components/ErrorBoundary';
import { lazyScreen } from '@components/lazyScreen';
import { HomeIcon, MenuIcon } from '@components/shellIcons';
import { PageSpinner } from '@components/Spinner';
import { readItem, writeItem } from '@lib/storage';
import { useAppSelector } from '@shared/hooks';
import { selectUser } from '@shared/session/session';
import { AREAS, type AreaEntry } from './areas';
import { MENU_ROUTES, menuFor } from './areaAccess';
import { ROUTES } from './routeRegistry';
import type { MenuKey } from './shell/menu';
import { useShownTitle } from '@shared/shell/pageTitle';
import './layout.css';
import './layout-body.css';
import './layout-mobile.css';

/** Local storage: whether the side menu beside a wide screen is folded ('no': shown). */
const MENU_FOLDED = 'menuFolded';
/** Areas whose mobile tab shows their screen as a panel of the home page (the news: the same screen as /lms/news). */
const PANELS = new Map((AREAS as readonly AreaEntry[]).filter((area) => area.tab?.panel).map((area) => [area.tab!.id, lazyScreen(area.screen, area.key)]));

export interface LayoutProps {
  /** Filled later by the chat area; no empty column is rendered. */
  disciplineColumn?: ReactNode;
  contactColumn?: ReactNode;
  /** Content instead of the route outlet (e.g. the not-found screen). */
  children?: ReactNode;
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

/** The apps page: its tab is the apps tab. */
const APPS_PATH = '/apps';

export default function Layout({ disciplineColumn, contactColumn, children }: LayoutProps) {
  const { t } = useTranslation('cm');
  const mobile = useAppSelector(selectIsMobile);
  const activeTab = useAppSelector(selectActiveTab);
  const location = useLocation();
  const navigate = useNavigate();
  const badges = useBadges();
  const isHome = location.pathname === ROUTES.home && !children;
  const user = useAppSelector(selectUser);
  const role = user?.role;
  // An entry whose route is shown only at times (the check-in, while attendance is open for one of the student's lessons).
  const hiddenRoutes = useHiddenRoutes();
  // The entries the user's role and the manifest's conditions (`shownTo`) serve.
  const roleMenu = menuFor(user);
  const menu = {
    routes: roleMenu.routes,
    hidden: new Set([
      ...roleMenu.hidden,
      ...(Object.entries(MENU_ROUTES) as [MenuKey, { to: string }][]).flatMap(([key, { to }]) => (hiddenRoutes.includes(to) ? [key] : [])),
    ]),
  };
  const tabs = tabsFor(role).filter((tab) => !tab.to || !hiddenRoutes.includes(tab.to));
  // On a phone the home page's apps tab is the apps page.
  useShownTitle(isHome && mobile && activeTab === TAB_APPS ? t('titles.apps') : '');
  // A screen that fails to render is said inside the shell, which stays usable; leaving the route
  // (a new key) starts the next screen afresh. Its boundary is new on each route, so the spinner
  // shows at once while the next screen's chunk and texts load, instead of the last screen under the new address.
  const content = (
    <ErrorBoundary key={location.pathname} fallback={(retry) => <AreaCrashScreen retry={retry} home={<HomeLink />} />}>
      <Suspense fallback={<PageSpinner />}>{children ?? <Outlet />}</Suspense>
    </ErrorBoundary>
  );
  const withColumns = Boolean(disciplineColumn || contactColumn);
  // A wide area's own screens too (the reference lists under /admin/reference/:list).
  const wide = (AREAS as readonly AreaEntry[]).some((area) => area.wide && (area.path === location.pathname || location.pathname.startsWith(`${area.path}/`)));
  const [menuFolded, setMenuFolded] = useState(() => readItem(MENU_FOLDED) !== 'no');
  const foldMenu = (folded: boolean) => {
    setMenuFolded(folded);
    writeItem(MENU_FOLDED, folded ? 'yes' : 'no');
  };
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
          <div className={`shell-menu${wide && menuFolded ? ' shell-menu-folded' : ''}`}>
            {/* Beside a wide screen (the journal's grid) the menu starts folded to one button; the choice is kept. */}
            {wide ? (
              <button
                type="button"
                className="btn btn-ghost btn-small shell-menu-toggle"
                aria-expanded={!menuFolded}
                aria-controls="side-menu"
                aria-label={t(menuFolded ? 'layout.menuShow' : 'layout.menuHide')}
                onClick={() => foldMenu(!menuFolded)}
              >
                <MenuIcon size={18} />
                {t('layout.sideMenu')}
              </button>
            ) : null}
            {wide && menuFolded ? null : (
              <div id="side-menu">
                <SideMenu routes={menu.routes} hidden={menu.hidden} />
              </div>
            )}
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
          current={routeTab ? routeTab.id : isHome ? homeTab : location.pathname === APPS_PATH ? TAB_APPS : null}
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
