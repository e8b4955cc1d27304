/**
 * What a first view arrives with inside its page: the server (plugins/spa.ts) embeds it in
 * index.html as `<script type="application/json" id="lms-page">` for the routes that have data, so the
 * screen shows it without waiting for its calls (docs/api.md#page). Replies are exactly those of the
 * calls named per member, in the page's language. The sign-in page's data is public; the others'
 * belong to the signed-in caller.
 */
import type { User } from './auth';
import type { Language } from './common';
import type { AppConfig, Logo, OidcSignIn } from './config';
import type { UnreadCount } from './notifications';
import type { Photo, PositionRow } from './profile';
import type { AppLink } from './settings';
import type { NewsItem } from './news';
import type { JournalStart } from './journal';
import type { SheetListStart } from './gradingsheet';
import type { Settings } from './settings';

export const PAGE_DATA_ELEMENT_ID = 'lms-page';

/**
 * The cookie that keeps the theme a person chose on this device (`dark` or `light`; none: the
 * system's). A page the server builds with its data says it on its body (`data-theme-choice`, and the
 * class `dark` or `light`), so that the page's first script need not read the cookie (public/theme.js).
 */
export const THEME_COOKIE = 'theme';

export interface PageData {
  /** The language the data is in (the page's: `?lang=`, else the `lang` cookie, else ru). */
  lang: Language;
  /** POST /api/auth/enticate.json (signed-in pages). */
  user?: User;
  /** What the sign-in card waits for (on /login, anyone's). */
  login?: LoginPageData;
  /** POST /api/misc/settings.json for that user (the current period, the menu links). */
  settings?: Settings;
  /** POST /api/news/data.json, page 1 (on /news). */
  news?: NewsItem[];
  /** GET /api/visitlog/start.json (on /journal, a teacher's). */
  journal?: JournalStart;
  /** POST /api/gradingsheet/list.json for the current half-year (on /gradingsheet, a teacher's). */
  gradingsheet?: SheetListStart;
  /**
   * What the shell shows around every signed-in screen (pages with data): GET /config.json, GET
   * /logo.json, GET /api/notifications/count.json, POST /api/misc/photo.json and position.json (a
   * teacher's) for the caller, POST /api/misc/dinurls.json. Each is left out when it fails: the client
   * then makes that call.
   */
  config?: AppConfig;
  logo?: Logo;
  unread?: UnreadCount;
  photo?: Photo;
  position?: PositionRow[];
  apps?: AppLink[];
}

/** The sign-in card's data: GET /logo.json, GET /api/google/check.json's answer and /config.json's `oidc`. */
export interface LoginPageData {
  logo: Logo;
  /** `OAu` of check.json: Google sign-in is on. */
  googleSignIn: boolean;
  /** `oidc` of /config.json: sign-in through the university's provider, null when off. */
  oidcSignIn: OidcSignIn | null;
}
