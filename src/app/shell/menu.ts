/**
 * The side menu (docs/product.md#shell): its entries in display order, each labelled `menu.<key>`
 * (namespace cm). An area's entry is declared by the area's manifest entry (app/areas.ts: `menu`, its
 * key and icon, from which its route comes: MENU_ROUTES in app/areaAccess.ts); the entries that are no area (yet) are
 * declared here, OTHER_MENU_ENTRIES, with their icons. An entry is shown when the app has a route for it
 * or when the university configured a link for its key in settings, unless it does not serve the
 * user's role (the manifest's `roles`, menuFor in app/areaAccess.ts).
 */
import { MENU_KEYS } from '@contract/pure/menu';

export { MENU_KEYS };

/** Names of the icons a side-menu entry may use (menuIcons.ts maps them). */
export type MenuIconName =
  | 'qr'
  | 'calendar'
  | 'clipboard'
  | 'file'
  | 'idCard'
  | 'bookOpen'
  | 'layers'
  | 'book'
  | 'checkSquare'
  | 'briefcase'
  | 'chart'
  | 'listChecks'
  | 'edit'
  | 'card'
  | 'pin'
  | 'video'
  | 'help'
  | 'award'
  | 'shield';

export type MenuKey = (typeof MENU_KEYS)[number];

/**
 * The side-menu entries that are no area of the manifest (yet): a university's link for them, with
 * their icons. None today: every entry of the specification's menu is an area of the portal.
 */
export const OTHER_MENU_ENTRIES = {} as const satisfies Partial<Record<MenuKey, MenuIconName>>;

export function isMenuKey(key: string): key is MenuKey {
  return (MENU_KEYS as readonly string[]).includes(key);
}

/** The resolved entry the side menu renders. */
export type MenuEntry = { key: MenuKey; kind: 'route'; to: string } | { key: MenuKey; kind: 'link'; href: string };

/** In-app routes win over external links; entries with neither, and the `hidden` ones (not for the user's role), are dropped. */
export function resolveMenu(
  routes: Partial<Record<MenuKey, string>>,
  links: ReadonlyArray<{ key: string; url: string }>,
  hidden: ReadonlySet<MenuKey> = new Set(),
): MenuEntry[] {
  const byKey = new Map<string, string>();
  for (const link of links) {
    if (isMenuKey(link.key) && /^https?:\/\//i.test(link.url) && !byKey.has(link.key)) byKey.set(link.key, link.url);
  }
  const entries: MenuEntry[] = [];
  for (const key of MENU_KEYS) {
    if (hidden.has(key)) continue;
    const to = routes[key];
    const href = byKey.get(key);
    if (to) entries.push({ key, kind: 'route', to });
    else if (href) entries.push({ key, kind: 'link', href });
  }
  return entries;
}
