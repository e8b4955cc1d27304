/**
 * The page title (document.title) of every route of the portal, from the manifest (areas.ts: each
 * area's and route's `title`, a cm key) and the shell's own routes, in the current language: the one
 * mechanism that names pages (PageTitle, around the portal's routes in portalRoutes.tsx; the login
 * page names itself with the same hook, shared/shell/pageTitle.ts, without loading the manifest).
 */
import { createElement, useState, type ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { ShownTitleContext, useTitleOf } from '@shared/shell/pageTitle';
import { AREAS, type AreaEntry } from './areas';
import { ROUTES } from './routeRegistry';

/** Route (a pattern: `/library/read/:id`) → its title key. */
export const PAGE_TITLES: ReadonlyMap<string, string> = new Map([
  [ROUTES.home, 'titles.main'],
  [ROUTES.changePassword, 'titles.changePassword'],
  [ROUTES.offline, 'titles.offline'],
  ...(AREAS as readonly AreaEntry[]).flatMap((area) => [
    ...(area.title ? [[area.path, area.title] as [string, string]] : []),
    ...(area.routes ?? []).flatMap((route) => (route.title ? [[route.path, route.title] as [string, string]] : [])),
  ]),
]);

/** The title key of `pathname`, if its route has one. */
export function titleKeyOf(pathname: string): string | undefined {
  for (const [pattern, key] of PAGE_TITLES) if (matchPath(pattern, pathname)) return key;
  return undefined;
}

/** Names the page after its route (or what a screen shows instead: useShownTitle). */
export function PageTitle({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [shown, setShown] = useState<string | null>(null);
  useTitleOf(titleKeyOf(pathname), shown);
  return createElement(ShownTitleContext.Provider, { value: setShown }, children);
}
