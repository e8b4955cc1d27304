/**
 * The routes of the signed-in portal, the offline page and the not-found page (docs/product.md#shell),
 * loaded as one lazy chunk by routes.tsx for every path but the login page. Every screen is its own
 * lazy chunk; the areas' routes come from the manifest (areas.ts).
 */
import { Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { lazyScreen, type LazyScreen } from '@components/lazyScreen';
import { PageSpinner } from '@components/Spinner';
import i18n from '../i18n';
import { AREAS, PORTAL_SCREENS, type AreaEntry } from './areas';
import { AreaTexts } from './AreaTexts';
import { loadAreas } from './loadAreas';
import { PageTitle } from './pageTitle';
import { RequireRole } from './RequireRole';
import { RequireSession } from './RequireSession';
import { ROUTES } from './routeRegistry';

/** A chunk of the signed-in portal: its module together with the areas' slices and sagas. */
const withAreas =
  <M,>(load: () => Promise<M>) =>
  () =>
    Promise.all([load(), loadAreas()]).then(([module]) => module);

const OfflineScreen = lazyScreen(PORTAL_SCREENS.offline, 'offline');
const Layout = lazyScreen(
  withAreas(() => import('./Layout')),
  'layout',
);
const ProfileScreen = lazyScreen(PORTAL_SCREENS.home, 'profile');
const ChangePasswordScreen = lazyScreen(PORTAL_SCREENS.changePassword, 'change-password');
const NotFoundPage = lazyScreen(() => import('./pages/NotFoundPage'), 'not-found');

/** Each area's route screen, loaded with the areas. */
const screens = new Map<string, LazyScreen<ComponentType>>(
  (AREAS as readonly AreaEntry[]).map((area) => [area.key, lazyScreen(withAreas(area.screen), area.key)]),
);
/** The areas' further routes (public ones need no session), each its own lazy chunk, loaded with the areas' slices and sagas. */
const extraRoutes = (AREAS as readonly AreaEntry[]).flatMap((area) =>
  (area.routes ?? []).map((route) => ({
    ...route,
    namespaces: area.namespaces,
    roles: route.roles ?? area.roles,
    allows: area.allows,
    key: `${area.key}${route.path}`,
    Screen: lazyScreen(withAreas(route.screen), area.key),
  })),
);
/** Panels the areas add to the home page. */
const homePanels = (AREAS as readonly AreaEntry[]).flatMap((area) =>
  area.homePanel ? [{ key: area.key, Panel: lazyScreen(withAreas(area.homePanel), area.key) }] : [],
);
/** What the areas show on the offline page (no store: it reads what they stored on this device). */
const offlinePanels = (AREAS as readonly AreaEntry[]).flatMap((area) =>
  area.offlinePanel ? [{ key: area.key, Panel: lazyScreen(area.offlinePanel, area.key) }] : [],
);
const inShell = (AREAS as readonly AreaEntry[]).filter((area) => area.layout !== 'own');
const ownLayout = (AREAS as readonly AreaEntry[]).filter((area) => area.layout === 'own');

/**
 * Loads what the first view of a signed-in area page needs before it renders (main.tsx): the shell,
 * the areas' slices, the area's screen, and its texts once `texts` (the texts' set-up) has resolved.
 * Nothing for other paths.
 */
export function preloadRoute(pathname: string, texts: Promise<unknown> = Promise.resolve()): Promise<unknown> {
  const area = (AREAS as readonly AreaEntry[]).find((a) => a.path === pathname);
  if (!area) return Promise.resolve();
  return Promise.all([
    ...(area.layout === 'own' ? [] : [Layout.preload()]),
    screens.get(area.key)!.preload(),
    texts.then(() => i18n.loadNamespaces(area.namespaces)),
  ]);
}

/**
 * An area's screen, for the roles it serves (the "not for your role" page for the others), once its
 * texts are in (the page-failed state with Retry when they cannot be loaded, AreaTexts.tsx).
 */
function areaElement(area: AreaEntry) {
  const Screen = screens.get(area.key)!;
  return (
    <RequireRole roles={area.roles} allows={area.allows}>
      <AreaTexts namespaces={area.namespaces} preload={Screen.preload}>
        <Screen />
      </AreaTexts>
    </RequireRole>
  );
}

export default function PortalRoutes() {
  return (
    <PageTitle>
      <Routes>
        <Route
          path={ROUTES.offline}
          element={
            <OfflineScreen>
              {offlinePanels.map(({ key, Panel }) => (
                <Panel key={key} />
              ))}
            </OfflineScreen>
          }
        />
        <Route
          element={
            <RequireSession>
              <Layout />
            </RequireSession>
          }
        >
          <Route
            index
            element={
              <>
                <ProfileScreen />
                {homePanels.map(({ key, Panel }) => (
                  <Panel key={key} />
                ))}
              </>
            }
          />
          <Route path={ROUTES.changePassword} element={<ChangePasswordScreen />} />
          {inShell.map((area) => (
            <Route key={area.key} path={area.path} element={areaElement(area)} />
          ))}
          {extraRoutes
            .filter((route) => !route.public)
            .map(({ key, path, roles, allows, namespaces, Screen }) => (
              <Route
                key={key}
                path={path}
                element={
                  <RequireRole roles={roles} allows={allows}>
                    <AreaTexts namespaces={namespaces} preload={Screen.preload}>
                      <Screen />
                    </AreaTexts>
                  </RequireRole>
                }
              />
            ))}
        </Route>
        {extraRoutes
          .filter((route) => route.public)
          .map(({ key, path, namespaces, Screen }) => (
            <Route
              key={key}
              path={path}
              element={
                <AreaTexts namespaces={namespaces} preload={Screen.preload}>
                  <Screen />
                </AreaTexts>
              }
            />
          ))}
        {/* Areas with their own columns (the chat) render the shell themselves; the spinner shows at once while they load. */}
        {ownLayout.map((area) => (
          <Route
            key={area.key}
            path={area.path}
            element={
              <RequireSession>
                <Suspense fallback={<PageSpinner />}>{areaElement(area)}</Suspense>
              </RequireSession>
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage Shell={Layout} />} />
      </Routes>
    </PageTitle>
  );
}
