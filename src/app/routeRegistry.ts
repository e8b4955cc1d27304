/**
 * Routes of the shell inside /lms (paths relative to the router basename); the areas' routes are in
 * the manifest (areas.ts), which the page's first download does not hold (routes.tsx).
 */
export const ROUTES = {
  home: '/',
  login: '/login',
  offline: '/offline',
  changePassword: '/change-password',
} as const;
