/**
 * The area manifest: one entry per area of the signed-in portal, read by the routes (portalRoutes.tsx),
 * the shell (Layout and shell/: navigation, side menu and icons, badges, header items, mobile tabs), the
 * page titles (pageTitle.ts) and the store (store.ts: lazy slice and saga, `LazyAreas`); the shell
 * imports no area but through it. Adding an area: docs/adding-an-area.md, "Adding an area: client".
 *
 * Every loader is a dynamic import and the manifest is loaded with the portal's routes (a lazy chunk),
 * so nothing of it reaches the login page's download: code the entry imports must not import it. The
 * shell waits for `loadAreas()` (loadAreas.ts) before it renders. Data only (no store code), so the
 * tests' text setup reads the namespaces from it. The entry's shape (`AreaEntry`…) is in areaTypes.ts.
 */
import type { Reducer } from '@reduxjs/toolkit';
import { ROLE_STUDENT, ROLE_TEACHER } from '@shared/request/roles';
import { TAB_CHAT, TAB_CHECK_IN, TAB_NEWS } from '@shared/shell/tabs';
import type { AreaEntry } from './areaTypes';

export type { AreaEntry, AreaRoute, MenuEntryOf, StateSelector, TabIcon } from './areaTypes';

export const AREAS = [
  {
    key: 'news',
    path: '/news',
    screen: () => import('../features/news/NewsScreen'),
    nav: 'nav.news',
    title: 'titles.news',
    tab: { id: TAB_NEWS, label: 'tabs.news', icon: 'news', panel: true },
    namespaces: ['news'],
    store: () => import('../features/news/news.area'),
  },
  {
    key: 'chat',
    path: '/chat',
    // The conversation with the chat's discipline and contact columns, inside the shell (ChatLayout.tsx).
    screen: () =>
      Promise.all([import('./ChatLayout'), import('../features/chat/ChatScreen')]).then(([{ withColumns }, chat]) => ({
        default: withColumns({ Screen: chat.default, disciplineColumn: chat.ChatDisciplineColumn, contactColumn: chat.ChatContactColumn }),
      })),
    layout: 'own',
    nav: 'nav.chat',
    title: 'titles.chat',
    tab: { id: TAB_CHAT, label: 'tabs.messages', icon: 'chat' },
    namespaces: ['chat'],
    store: () => import('../features/chat/chat.area'),
    badge: () => import('../features/chat/chat.slice').then((m) => m.selectChatUnreadTotal),
  },
  {
    key: 'journal',
    path: '/journal',
    screen: () => import('../features/journal/JournalScreen'),
    wide: true,
    nav: 'nav.journal',
    title: 'titles.journal',
    menu: { key: 'journal', icon: 'bookOpen' },
    namespaces: ['journal'],
    store: () => import('../features/journal/journal.area'),
  },
  {
    key: 'schedule',
    path: '/schedule',
    screen: () => import('../features/schedule/ScheduleScreen'),
    menu: { key: 'schedule', icon: 'calendar' },
    title: 'titles.schedule',
    namespaces: ['schedule'],
    store: () => import('../features/schedule/schedule.area'),
    homePanel: () => import('../features/schedule/SchedulePanel'),
    offlinePanel: () => import('../features/schedule/StoredSchedule'),
  },
  {
    key: 'qr',
    // The student's own QR code and scanner; the teacher's projector screen; the reports both (a student's own row).
    path: '/qrstud',
    screen: () => import('../features/qr/StudentQrScreen'),
    menu: { key: 'studentQr', icon: 'qr' },
    title: 'titles.studentQr',
    roles: [ROLE_STUDENT],
    // The check-in: its menu entry and tab show while attendance is open for one of the student's lessons (`shownWhile`).
    tab: { id: TAB_CHECK_IN, label: 'tabs.checkIn', icon: 'qr', path: '/qrscan' },
    namespaces: ['qr'],
    store: () => import('../features/qr/qr.area'),
    routes: [
      {
        path: '/qrscan',
        screen: () => import('../features/qr/ScanScreen'),
        menu: { key: 'checkIn', icon: 'qr' },
        roles: [ROLE_STUDENT],
        shownWhile: () => import('../features/schedule/schedule.slice').then((m) => m.selectCheckInOpen),
        title: 'titles.qrScan',
        keepThroughSignIn: () => import('../features/qr/scanHold'),
      },
      { path: '/qrlesson', screen: () => import('../features/qr/ProjectorScreen'), roles: [ROLE_TEACHER], title: 'titles.qrLesson' },
      { path: '/qrreview', screen: () => import('../features/qr/ReviewScreen'), roles: [ROLE_TEACHER], title: 'titles.qrReview' },
      {
        path: '/reportqr',
        screen: () => import('../features/qr/ReportScreen'),
        menu: { key: 'reportQr', icon: 'qr' },
        roles: [ROLE_TEACHER, ROLE_STUDENT],
        title: 'titles.reportQr',
      },
      { path: '/studentqr', screen: () => import('../features/qr/StudentCardScreen'), public: true, title: 'titles.studentCard' },
    ],
  },
  {
    key: 'umk',
    path: '/umk',
    screen: () => import('../features/umk/UmkScreen'),
    menu: { key: 'umk', icon: 'layers' },
    title: 'titles.umk',
    namespaces: ['umk'],
    store: () => import('../features/umk/umk.area'),
  },
  {
    key: 'library',
    path: '/library',
    screen: () => import('../features/library/LibraryScreen'),
    menu: { key: 'library', icon: 'book' },
    title: 'titles.library',
    namespaces: ['library'],
    store: () => import('../features/library/library.area'),
    routes: [{ path: '/library/read/:id', screen: () => import('../features/library/reader/ReaderScreen'), title: 'titles.library' }],
  },
  {
    key: 'singlewindow',
    path: '/singlewindow',
    screen: () => import('../features/singlewindow/SingleWindowScreen'),
    // Tables of eight columns: they take the width the apps panel would.
    wide: true,
    // A teacher handles reference requests only as his faculty's registrar: the other teachers are not shown the entry.
    menu: { key: 'references', icon: 'file', shownTo: (user) => user.role !== ROLE_TEACHER || user.registrar },
    title: 'titles.references',
    roles: [ROLE_STUDENT, ROLE_TEACHER],
    namespaces: ['singlewindow'],
    store: () => import('../features/singlewindow/singlewindow.area'),
    routes: [{ path: '/verify', screen: () => import('../features/singlewindow/VerifyScreen'), public: true, title: 'titles.verify' }],
  },
  {
    key: 'notifications',
    path: '/notifications',
    screen: () => import('../features/notifications/NotificationsScreen'),
    title: 'titles.notifications',
    namespaces: ['notifications'],
    store: () => import('../features/notifications/notifications.area'),
    headerItem: () => import('../features/notifications/components/Bell').then((m) => ({ default: m.Bell })),
  },
  {
    // The apps page; its tiles are the profile's (dinurls, loaded after sign-in).
    key: 'apps',
    path: '/apps',
    screen: () => import('./shell/AppsScreen'),
    // The page is the apps: no apps panel beside it showing the same tiles again.
    wide: true,
    title: 'titles.apps',
    namespaces: [],
    store: () => import('../features/profile/apps.area'),
  },
  {
    key: 'registration',
    path: '/registration',
    screen: () => import('../features/registration/RegistrationScreen'),
    menu: { key: 'registration', icon: 'edit' },
    title: 'titles.registration',
    roles: [ROLE_STUDENT, ROLE_TEACHER],
    namespaces: ['registration'],
    store: () => import('../features/registration/registration.area'),
  },
  {
    key: 'payment',
    path: '/paymentcode',
    screen: () => import('../features/payment/PaymentScreen'),
    menu: { key: 'paymentCode', icon: 'card' },
    title: 'titles.payment',
    roles: [ROLE_STUDENT],
    namespaces: ['payment'],
    store: () => import('../features/payment/payment.area'),
  },
  {
    key: 'transcript',
    path: '/transcript',
    screen: () => import('../features/transcript/TranscriptScreen'),
    // A document of seven columns: it takes the width the apps panel would.
    wide: true,
    menu: { key: 'transcript', icon: 'award' },
    title: 'titles.transcript',
    roles: [ROLE_STUDENT],
    namespaces: ['transcript'],
    store: () => import('../features/transcript/transcript.area'),
  },
  {
    // A teacher's grading sheets; a student's own lines of the signed ones.
    key: 'gradingsheet',
    path: '/gradingsheet',
    screen: () => import('../features/gradingsheet/GradingSheetScreen'),
    wide: true,
    menu: { key: 'gradingSheet', icon: 'clipboard' },
    title: 'titles.gradingsheet',
    namespaces: ['gradingsheet'],
    store: () => import('../features/gradingsheet/gradingsheet.area'),
  },
  {
    // A student's tests and their attempts; a teacher's question bank, tests and results.
    key: 'testing',
    path: '/testing',
    screen: () => import('../features/testing/TestingScreen'),
    roles: [ROLE_STUDENT, ROLE_TEACHER],
    menu: { key: 'testing', icon: 'checkSquare' },
    title: 'titles.testing',
    namespaces: ['testing'],
    store: () => import('../features/testing/testing.area'),
  },
  {
    // Everyone's own card; an administrator opens another account's at /personalcard/<account id>.
    key: 'personalcard',
    path: '/personalcard',
    screen: () => import('../features/personalcard/PersonalCardScreen'),
    menu: { key: 'personalCard', icon: 'idCard' },
    title: 'titles.personalcard',
    namespaces: ['personalcard'],
    store: () => import('../features/personalcard/personalcard.area'),
    routes: [{ path: '/personalcard/:userId', screen: () => import('../features/personalcard/PersonalCardScreen'), title: 'titles.personalcard' }],
  },
  {
    // The teacher's hours planned and given in a half-year: a table as wide as the page allows.
    key: 'workload',
    path: '/workload',
    screen: () => import('../features/workload/WorkloadScreen'),
    wide: true,
    menu: { key: 'workload', icon: 'briefcase' },
    title: 'titles.workload',
    roles: [ROLE_TEACHER],
    namespaces: ['workload'],
    store: () => import('../features/workload/workload.area'),
  },
  {
    // The university's documents, for everyone by audience; the administrator and a dean's office upload.
    key: 'documents',
    path: '/documents',
    screen: () => import('../features/documents/DocumentsScreen'),
    menu: { key: 'documents', icon: 'file' },
    title: 'titles.documents',
    namespaces: ['documents'],
    store: () => import('../features/documents/documents.area'),
  },
  {
    // Every role: a student answers the questionnaires of his audience, a teacher too and reads his evaluations, an administrator or a dean's office manages them.
    key: 'questionnaire',
    path: '/questionnaire',
    screen: () => import('../features/questionnaire/QuestionnaireScreen'),
    menu: { key: 'questionnaire', icon: 'listChecks' },
    title: 'titles.questionnaire',
    namespaces: ['questionnaire'],
    store: () => import('../features/questionnaire/questionnaire.area'),
  },
  {
    // Every role: the free rooms and a room's week; a teacher also books a free room for his lessons.
    key: 'rooms',
    path: '/rooms',
    screen: () => import('../features/rooms/RoomsScreen'),
    wide: true,
    menu: { key: 'rooms', icon: 'pin' },
    title: 'titles.rooms',
    namespaces: ['rooms'],
    store: () => import('../features/rooms/rooms.area'),
  },
  {
    // Every role: a teacher attaches online meetings to his lessons and sees who joined; a student joins his lessons' meetings.
    key: 'webinar',
    path: '/webinar',
    screen: () => import('../features/webinar/WebinarScreen'),
    wide: true,
    menu: { key: 'webinar', icon: 'video' },
    title: 'titles.webinar',
    namespaces: ['webinar'],
    store: () => import('../features/webinar/webinar.area'),
  },
  {
    // Every role: a student his own rating, a teacher the groups he teaches, a dean's office his faculty's, an administrator any group.
    key: 'rating',
    path: '/rating',
    screen: () => import('../features/rating/RatingScreen'),
    wide: true,
    menu: { key: 'rating', icon: 'chart' },
    title: 'titles.rating',
    namespaces: ['rating'],
    store: () => import('../features/rating/rating.area'),
  },
  {
    // The administrators (the admin right, whatever the role) and a faculty's dean's office (its accounts only; the server decides).
    key: 'admin',
    path: '/admin',
    screen: () => import('../features/admin/AccountsScreen'),
    menu: { key: 'admin', icon: 'shield' },
    title: 'titles.admin',
    // (A user kept from before deanFacultyId existed has none: undefined is no faculty.)
    allows: (user) => user.admin || (user.deanFacultyId ?? null) !== null,
    // The audit log names the reference lists' changes with their texts.
    namespaces: ['admin', 'reference'],
    store: () => import('../features/admin/admin.area'),
    routes: [{ path: '/admin/audit', screen: () => import('../features/admin/AuditScreen'), title: 'titles.adminAudit' }],
  },
  {
    // The administrators' import of the university's lists (reached from the administration's screen).
    key: 'imports',
    path: '/admin/imports',
    screen: () => import('../features/imports/ImportsScreen'),
    title: 'titles.adminImports',
    allows: (user) => user.admin,
    namespaces: ['imports'],
    store: () => import('../features/imports/imports.area'),
    // A preview table of a spreadsheet's columns.
    wide: true,
  },
  {
    // The administrators' reference lists (reached from the administration's screen).
    key: 'reference',
    path: '/admin/reference',
    screen: () => import('../features/reference/ReferenceScreen'),
    title: 'titles.adminReference',
    allows: (user) => user.admin,
    namespaces: ['reference'],
    store: () => import('../features/reference/reference.area'),
    routes: [{ path: '/admin/reference/:list', screen: () => import('../features/reference/ReferenceScreen'), title: 'titles.adminReference' }],
    // Lists of up to nine columns (the registration offerings): the width the apps panel would take.
    wide: true,
  },
  {
    // Every role: the user manual, a page per task; its help button in the header opens the page about the screen on view.
    key: 'manual',
    path: '/manual',
    screen: () => import('../features/manual/ManualScreen'),
    menu: { key: 'manual', icon: 'help' },
    title: 'titles.manual',
    // Its pages name the screens' buttons and fields by the screens' own texts (manual.json nests them).
    namespaces: [
      'manual',
      'news',
      'chat',
      'schedule',
      'journal',
      'qr',
      'registration',
      'payment',
      'singlewindow',
      'library',
      'umk',
      'questionnaire',
      'testing',
      'gradingsheet',
      'rooms',
      'admin',
      'imports',
      'reference',
      'documents',
      'webinar',
      'transcript',
      'rating',
      'workload',
      'personalcard',
      'notifications',
    ],
    store: () => import('../features/manual/manual.area'),
    headerItem: () => import('../features/manual/components/HelpButton').then((m) => ({ default: m.HelpButton })),
    routes: [{ path: '/manual/:page', screen: () => import('../features/manual/ManualPageScreen'), title: 'titles.manual' }],
  },
] as const satisfies readonly AreaEntry[];

/**
 * The screens of the portal that are no area of the list above: the home page (the profile), the
 * password change and the offline page, whose slices and sagas are in the store from the start
 * (store.ts). The routes (portalRoutes.tsx) place them.
 */
export const PORTAL_SCREENS = {
  home: () => import('../features/profile/ProfileScreen'),
  changePassword: () => import('../features/password/ChangePasswordScreen'),
  offline: () => import('../features/offline/OfflineScreen'),
};

/**
 * What the areas always in the store (store.ts: auth, profile) give the shell, declared here as the
 * areas above declare their header items and badges, and loaded with them (loadAreas.ts,
 * `areaParts().shell`): selectors and actions of those slices, which the page has from the start.
 */
export const SHELL_PARTS = {
  /** The header's logo and university name in a language (auth: /logo.json), and the action that asks for them. */
  brand: () => import('../features/auth/auth.slice').then((m) => ({ selectLogo: m.selectLogo, logoRequested: m.authActions.logoRequested })),
  /** The profile menu's photo and the line under the name (a teacher's position, a student's group). */
  profileLine: () =>
    import('../features/profile/profile.slice').then((m) => ({ selectAvatarSrc: m.selectAvatarSrc, selectPositionLine: m.selectPositionLine })),
  /** The university's other services (dinurls), the tiles of the apps panel and the apps page. */
  apps: () => import('../features/profile/profile.slice').then((m) => m.selectApps),
};

/** What the shell has of SHELL_PARTS once they are loaded. */
export type ShellParts = { [K in keyof typeof SHELL_PARTS]: Awaited<ReturnType<(typeof SHELL_PARTS)[K]>> };

export type AreaKey = (typeof AREAS)[number]['key'];

/** The state of each area, as its slice defines it. */
export type AreaStates = {
  [A in (typeof AREAS)[number] as A['key']]: Awaited<ReturnType<A['store']>>['reducer'] extends Reducer<infer S> ? S : never;
};
