/**
 * The user manual's pages (docs/areas/manual.md#for-users): one task each, for the roles it serves,
 * with the screen it is about and, where the end-to-end tests keep one, the picture of that screen.
 * The texts (title, purpose, numbered steps, the picture's alt text) are in the area's namespace,
 * public/locales/<lng>/manual.json, under `pages.<id>`; a button's or a field's name is nested there
 * from the screen's own texts (`$t(news:composer.submit)`), so the manual says what the screen shows.
 *
 * A picture is the stem of a baseline of tests/screenshots.e2e.ts, `tests/screenshots/<stem>-1366.png`
 * and `-390.png`, served to the manual by the build (scripts/build/manual-pictures.ts).
 */
import type { User } from '@contract/auth';
import { ROLE_STUDENT } from '@shared/request/roles';

/** The manual's audiences: the administration is the administrators' and the deans' offices'. */
export const MANUAL_ROLES = ['student', 'teacher', 'staff'] as const;
export type ManualRole = (typeof MANUAL_ROLES)[number];

export interface ManualPage {
  /** Its address, /lms/manual/<id>, and its texts' key, `pages.<id>` of manual.json. */
  id: string;
  roles: readonly ManualRole[];
  /** The screen the task is done on (a route of the portal, inside /lms), and its name (namespace cm, its page title). */
  route: string;
  screen: string;
  /** The stem of its screen's pictures among the screenshot baselines, when they have one. */
  picture?: string;
}

export const MANUAL_PAGES: readonly ManualPage[] = [
  // Students.
  { id: 'read-news', roles: ['student', 'teacher', 'staff'], route: '/news', screen: 'titles.news', picture: 'news' },
  { id: 'schedule', roles: ['student', 'teacher'], route: '/schedule', screen: 'titles.schedule', picture: 'schedule' },
  { id: 'chat-teacher', roles: ['student'], route: '/chat', screen: 'titles.chat', picture: 'chat' },
  { id: 'my-marks', roles: ['student'], route: '/journal', screen: 'titles.journal' },
  { id: 'qr-check-in', roles: ['student'], route: '/qrscan', screen: 'titles.qrScan', picture: 'qr-scan' },
  { id: 'electives', roles: ['student'], route: '/registration', screen: 'titles.registration' },
  { id: 'pay', roles: ['student'], route: '/paymentcode', screen: 'titles.payment' },
  { id: 'order-reference', roles: ['student'], route: '/singlewindow', screen: 'titles.references' },
  { id: 'library-book', roles: ['student', 'teacher'], route: '/library', screen: 'titles.library', picture: 'library' },
  { id: 'umk-materials', roles: ['student'], route: '/umk', screen: 'titles.umk' },
  { id: 'answer-questionnaire', roles: ['student', 'teacher'], route: '/questionnaire', screen: 'titles.questionnaire' },
  { id: 'take-test', roles: ['student'], route: '/testing', screen: 'titles.testing' },
  { id: 'join-online-lesson', roles: ['student'], route: '/webinar', screen: 'titles.webinar' },
  { id: 'transcript', roles: ['student'], route: '/transcript', screen: 'titles.transcript' },
  { id: 'rating', roles: ['student', 'teacher'], route: '/rating', screen: 'titles.rating' },
  { id: 'personal-card', roles: ['student', 'teacher'], route: '/personalcard', screen: 'titles.personalcard' },
  { id: 'notifications', roles: ['student', 'teacher', 'staff'], route: '/notifications', screen: 'titles.notifications' },
  // Teachers.
  { id: 'mark-journal', roles: ['teacher'], route: '/journal', screen: 'titles.journal', picture: 'journal' },
  { id: 'qr-attendance', roles: ['teacher'], route: '/qrlesson', screen: 'titles.qrLesson' },
  { id: 'qr-reports', roles: ['teacher'], route: '/reportqr', screen: 'titles.reportQr', picture: 'qr-reports' },
  { id: 'grading-sheet', roles: ['teacher'], route: '/gradingsheet', screen: 'titles.gradingsheet', picture: 'gradingsheet' },
  { id: 'post-news', roles: ['teacher', 'staff'], route: '/news', screen: 'titles.news', picture: 'news' },
  { id: 'book-room', roles: ['teacher'], route: '/rooms', screen: 'titles.rooms' },
  { id: 'online-lesson', roles: ['teacher'], route: '/webinar', screen: 'titles.webinar' },
  { id: 'workload', roles: ['teacher'], route: '/workload', screen: 'titles.workload' },
  { id: 'create-test', roles: ['teacher'], route: '/testing', screen: 'titles.testing' },
  { id: 'add-material', roles: ['teacher'], route: '/umk', screen: 'titles.umk', picture: 'umk' },
  // The administration.
  { id: 'accounts', roles: ['staff'], route: '/admin', screen: 'titles.admin' },
  { id: 'imports', roles: ['staff'], route: '/admin/imports', screen: 'titles.adminImports' },
  { id: 'reference-lists', roles: ['staff'], route: '/admin/reference', screen: 'titles.adminReference' },
  { id: 'documents', roles: ['staff', 'teacher', 'student'], route: '/documents', screen: 'titles.documents' },
];

/** The manual's own route (the area's path) and a page's. */
export const MANUAL_PATH = '/manual';
export const manualPagePath = (id: string): string => `${MANUAL_PATH}/${id}`;

export const manualPage = (id: string | undefined): ManualPage | undefined => MANUAL_PAGES.find((page) => page.id === id);

/** The audiences a signed-in user belongs to: his role's, and the administration's for an administrator or a dean's office. */
export function rolesOf(user: Pick<User, 'role' | 'admin' | 'deanFacultyId'> | null): ManualRole[] {
  if (!user) return [];
  const own: ManualRole[] = [user.role === ROLE_STUDENT ? 'student' : 'teacher'];
  if (user.admin || (user.deanFacultyId ?? null) !== null) own.push('staff');
  return own;
}

/** Whether a route pattern of a page covers an address of the portal (inside /lms): itself or a path under it. */
const covers = (route: string, pathname: string): boolean => pathname === route || pathname.startsWith(`${route}/`);

/**
 * The page about the screen at `pathname` (inside /lms) for a user of `roles`: among the pages of the
 * longest route covering it, the first of one of his roles, else the first; none when no page covers it.
 */
export function pageForRoute(pathname: string, roles: readonly ManualRole[]): ManualPage | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const covering = MANUAL_PAGES.filter((page) => covers(page.route, path));
  if (covering.length === 0) return undefined;
  const longest = Math.max(...covering.map((page) => page.route.length));
  const candidates = covering.filter((page) => page.route.length === longest);
  return candidates.find((page) => page.roles.some((role) => roles.includes(role))) ?? candidates[0];
}

/** The pages in the order the manual lists them: those of the user's roles first, then the others, each group in MANUAL_PAGES order. */
export function ownFirst(pages: readonly ManualPage[], roles: readonly ManualRole[]): ManualPage[] {
  const own = (page: ManualPage) => page.roles.some((role) => roles.includes(role));
  return [...pages.filter(own), ...pages.filter((page) => !own(page))];
}

/** The pictures the pages name (their stems), each once: every one must be a screenshot baseline (manual.pages.test.ts). */
export const PICTURES: readonly string[] = [...new Set(MANUAL_PAGES.flatMap((page) => (page.picture ? [page.picture] : [])))];

/** The widths the baselines are taken at (tests/screenshots.e2e.ts): the phone's and the desktop's. */
export const PICTURE_WIDTHS = [390, 1366] as const;

/** Where the build serves the baselines (scripts/build/manual-pictures.ts), under the portal's base path. */
export const PICTURES_DIR = 'manual-pictures';
export const pictureUrl = (stem: string, width: (typeof PICTURE_WIDTHS)[number]): string => `${import.meta.env.BASE_URL}${PICTURES_DIR}/${stem}-${width}.png`;
