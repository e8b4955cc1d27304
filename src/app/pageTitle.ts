/**
 * The page title (document.title) of the shell's routes, from the manifest (areas.ts: each area's
 * and route's `title`, a cm key), in the current language: one mechanism for every route of the
 * shell. Pages outside it (sign-in, the public card) set their own (lib/usePageTitle.ts).
 */
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/usePageTitle';
import { AREAS, type AreaEntry } from './areas';
import { ROUTES } from './routeRegistry';

/** Route → its title key. */
export const PAGE_TITLES: ReadonlyMap<string, string> = new Map([
  [ROUTES.home, 'titles.main'],
  [ROUTES.changePassword, 'titles.changePassword'],
  ...(AREAS as readonly AreaEntry[]).flatMap((area) => [
    ...(area.title ? [[area.path, area.title] as [string, string]] : []),
    ...(area.routes ?? []).flatMap((route) => (route.title ? [[route.path, route.title] as [string, string]] : [])),
  ]),
]);

/** Sets the title of `pathname` (nothing for a path without one, or when the shell shows other content: the not-found page). */
export function usePageTitleOf(pathname: string, replaced: boolean): void {
  const { t } = useTranslation('cm');
  const key = replaced ? undefined : PAGE_TITLES.get(pathname);
  usePageTitle(key ? t(key) : '');
}
