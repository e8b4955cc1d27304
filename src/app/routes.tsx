/**
 * The route table the page starts with (docs/product.md#shell): the login page, and every other path
 * through the portal's routes (portalRoutes.tsx), one lazy chunk that holds the area manifest
 * (areas.ts). So the login page downloads neither the manifest nor any area's loader, however many
 * areas the portal has.
 */
import { Route, Routes } from 'react-router-dom';
import { lazyScreen } from '@components/lazyScreen';
import { ROUTES } from './routeRegistry';

const LoginPage = lazyScreen(() => import('./pages/LoginPage'), 'login');
const PortalRoutes = lazyScreen(() => import('./portalRoutes'), 'portal');

/**
 * Loads the portal's routes and what the signed-in page at `pathname` (under the base) first shows
 * (portalRoutes.tsx), its texts once `texts` (the texts' set-up) has resolved.
 */
export function preloadPortalPage(pathname: string, texts: Promise<unknown>): Promise<unknown> {
  return PortalRoutes.preload().then(() => import('./portalRoutes').then((m) => m.preloadRoute(pathname, texts)));
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.login} element={<LoginPage />} />
      <Route path="*" element={<PortalRoutes />} />
    </Routes>
  );
}
