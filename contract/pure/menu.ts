/**
 * The side menu's entries and the apps panel's icons, named once for both sides: the client draws
 * them (src/app/shell/menu.ts, menuIcons.ts) and the server takes them as the choices of the
 * university's side-menu links and app tiles (the reference lists, docs/areas/reference.md).
 */

/** The side menu's entries in display order (docs/product.md#shell), each labelled `menu.<key>` (namespace cm). */
export const MENU_KEYS = [
  // Shown to a student only while attendance is open for one of his lessons (the manifest's `shownWhile`).
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
  // The university's administrators only (the manifest's `allows`).
  'admin',
] as const;

/** The icons a tile of the apps panel may have. */
export const APP_ICON_NAMES = ['mail', 'moodle', 'library', 'video', 'calendar', 'phone', 'docs', 'web'] as const;
