/**
 * Routes that exist inside /lms (paths relative to the router basename). The side menu links an area
 * in-app only once it is listed in MENU_ROUTES; until then it uses the university's link, if any.
 */
import type { MenuKey } from '../lib/menu';

export const ROUTES = {
  home: '/',
  login: '/login',
  offline: '/offline',
  changePassword: '/change-password',
  news: '/news',
  chat: '/chat',
} as const;

/** Add e.g. `journal: '/journal'` here when the journal screen's route is added in routes.tsx. */
export const MENU_ROUTES: Partial<Record<MenuKey, string>> = {};
