/**
 * Side-menu entries (docs/product.md#shell), in display order. An entry is shown when the app has a route for it
 * (see MENU_ROUTES in app/areas.ts) or when the university configured a link for its key in settings, unless
 * it does not serve the user's role (the manifest's `roles`, menuFor in app/areas.ts).
 */
export const MENU_KEYS = [
  // Shown to a student only while attendance is open for one of his lessons (app/Layout.tsx).
  'checkIn',
  'schedule',
  'gradingSheet',
  'documents',
  'personalCard',
  'journal',
  'umk',
  'library',
  'testing',
  'workload',
  'rating',
  'questionnaire',
  'registration',
  'paymentCode',
  'references',
  'rooms',
  'webinar',
  'manual',
  'transcript',
  'reportQr',
  'studentQr',
] as const;

export type MenuKey = (typeof MENU_KEYS)[number];

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
