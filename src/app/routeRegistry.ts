/**
 * Routes of the shell inside /lms (paths relative to the router basename); the areas' routes are in
 * the manifest (areas.ts). The side menu links an area in-app once its manifest entry names its
 * `menuKey`; until then it uses the university's link, if any.
 */
import type { MenuKey } from '../lib/menu';
import { AREAS, type AreaEntry } from './areas';

export const ROUTES = {
  home: '/',
  login: '/login',
  offline: '/offline',
  changePassword: '/change-password',
} as const;

/** The side-menu entries that are in-app routes: every manifest entry with a `menuKey`. */
export const MENU_ROUTES: Partial<Record<MenuKey, string>> = Object.fromEntries(
  (AREAS as readonly AreaEntry[]).flatMap((area) => [
    ...(area.menuKey ? [[area.menuKey, area.path]] : []),
    ...(area.routes ?? []).flatMap((route) => (route.menuKey ? [[route.menuKey, route.path]] : [])),
  ]),
);
