/**
 * Who may open what, from the area manifest (areas.ts): the roles a route serves, and the side menu's
 * in-app entries of a user (the shell's side menu, header, mobile tabs and RequireRole read them).
 */
import type { User } from '@contract/auth';
import type { Role } from '@shared/request/roles';
import type { MenuKey } from './shell/menu';
import { AREAS, type AreaEntry } from './areas';

/** May a user of `role` open a route that serves `roles` (none: every role)? */
export const servesRole = (roles: readonly Role[] | undefined, role: number | null | undefined): boolean =>
  !roles || (role !== null && role !== undefined && (roles as readonly number[]).includes(role));

/** Both conditions on the user (either may be absent). */
const both =
  (a?: (user: User) => boolean, b?: (user: User) => boolean) =>
  (user: User): boolean =>
    (!a || a(user)) && (!b || b(user));

/**
 * The side-menu entries that are in-app routes: every manifest entry with a `menu`, with the roles
 * it serves (a route's own, else its area's). The side menu links an area in-app once its entry names
 * its `menu`; until then it uses the university's link, if any (shell/menu.ts, OTHER_MENU_ENTRIES).
 */
export const MENU_ROUTES: Partial<Record<MenuKey, MenuRoute>> = Object.fromEntries(
  (AREAS as readonly AreaEntry[]).flatMap((area) => [
    ...(area.menu ? [[area.menu.key, { to: area.path, roles: area.roles, shownTo: both(area.allows, area.menu.shownTo) }]] : []),
    ...(area.routes ?? []).flatMap((route) =>
      route.menu ? [[route.menu.key, { to: route.path, roles: route.roles ?? area.roles, shownTo: both(area.allows, route.menu.shownTo) }]] : [],
    ),
  ]),
);

/** An in-app side-menu entry: its route, the roles it serves and the manifest's further condition. */
interface MenuRoute {
  to: string;
  roles?: readonly Role[];
  shownTo?: (user: User) => boolean;
}

/**
 * The side menu of a user: the in-app routes he may open, and the keys he is not served by (his role
 * is not among the entry's `roles`, or its `shownTo` says no: neither the route nor the university's
 * link for them is shown).
 */
export function menuFor(user: User | null | undefined): { routes: Partial<Record<MenuKey, string>>; hidden: ReadonlySet<MenuKey> } {
  const routes: Partial<Record<MenuKey, string>> = {};
  const hidden = new Set<MenuKey>();
  for (const [key, entry] of Object.entries(MENU_ROUTES) as [MenuKey, MenuRoute][]) {
    if (servesRole(entry.roles, user?.role) && (!user || !entry.shownTo || entry.shownTo(user))) routes[key] = entry.to;
    else hidden.add(key);
  }
  return { routes, hidden };
}
