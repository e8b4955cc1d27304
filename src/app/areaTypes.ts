/**
 * The shapes of the area manifest's entries (src/app/areas.ts, which exports them too): what an area
 * declares of its routes, side-menu entry, mobile tab, badge, panels and store.
 */
import type { ComponentType } from 'react';
import type { User } from '@contract/auth';
import type { Role } from '@shared/request/roles';
import type { MenuIconName, MenuKey } from './shell/menu';
import type { AreaStore } from './store';

/** Names of the shell icons a mobile tab may use (app/shell/mobileTabs.ts maps them). */
export type TabIcon = 'user' | 'news' | 'chat' | 'grid' | 'qr';

/** A side-menu entry an area declares. */
export interface MenuEntryOf {
  key: MenuKey;
  icon: MenuIconName;
  /**
   * Beyond the roles: whether this signed-in user is shown the entry (neither the route nor the
   * university's link for its key shows otherwise), e.g. the reference requests for a registrar only.
   */
  shownTo?: (user: User) => boolean;
}

/** A selector of the store's state, loaded with the areas (loadAreas.ts); `never`: any area's state. */
export type StateSelector<T> = (state: never) => T;

export interface AreaEntry {
  /** The area's one name: its state key, its folder under src/features/, its text namespace. */
  key: string;
  /** Route inside /lms. */
  path: string;
  /** The route's lazy screen. `layout: 'own'`: the screen renders the shell itself (with its own columns). */
  screen: () => Promise<{ default: ComponentType }>;
  layout?: 'shell' | 'own';
  /** The screen needs the page's width (a grid): the shell shows no apps panel beside it, nor beside the screens under its path. */
  wide?: boolean;
  /** Label key (namespace cm) of its link in the top navigation (none: reached from the side menu or the home page). */
  nav?: string;
  /** Key (namespace cm, `titles.*`) of its page title (app/pageTitle.ts sets document.title from it). */
  title?: string;
  /**
   * The roles the area serves (none: every role that signs in). Its top-navigation link and side-menu
   * entry are shown to them only, and its routes show the "not for your role" page to anyone else.
   */
  roles?: readonly Role[];
  /**
   * Beyond the roles: which signed-in users may open the area at all (the administration: the
   * administrators). Its routes show the "not for your role" page to the others, and its side-menu
   * entry is not shown to them.
   */
  allows?: (user: User) => boolean;
  /** Its side-menu entry, when it has one: its key (shell/menu.ts: the menu's order, its label `menu.<key>`) and icon. */
  menu?: MenuEntryOf;
  /** The count shown beside its top-navigation link and its tab (the chat's unread messages): a selector of the store. */
  badge?: () => Promise<StateSelector<number>>;
  /** What it shows in the header, before the profile menu (the notifications' bell). */
  headerItem?: () => Promise<{ default: ComponentType }>;
  /** Its mobile tab: `panel` tabs show the screen on the home page, the others open the route (`path`: another route of the area). */
  tab?: { id: number; label: string; icon: TabIcon; panel?: boolean; path?: string };
  /** Text namespaces the screen uses (public/locales/<lng>/<ns>.json). */
  namespaces: readonly string[];
  /** The slice and saga, loaded with the shell. */
  store: () => Promise<AreaStore>;
  /** More routes of the area inside /lms: in the shell, or `public` ones that need no session (outside the shell). */
  routes?: readonly AreaRoute[];
  /** A panel the area adds to the home page, under the profile. */
  homePanel?: () => Promise<{ default: ComponentType }>;
  /** What the area shows on the offline page from what it stored on this device. */
  offlinePanel?: () => Promise<{ default: ComponentType }>;
}

export interface AreaRoute {
  path: string;
  screen: () => Promise<{ default: ComponentType }>;
  /** Its side-menu entry, when it has one. */
  menu?: MenuEntryOf;
  /** Its menu entry, and the area's tab leading to it, show only while this selector of the store says so (the check-in). */
  shownWhile?: () => Promise<StateSelector<boolean>>;
  /** Opened without a session (the public QR card). */
  public?: boolean;
  /** Key (namespace cm, `titles.*`) of its page title (app/pageTitle.ts). */
  title?: string;
  /** The roles the route serves (none: the area's roles). */
  roles?: readonly Role[];
  /**
   * Opened signed out: what the page keeps through sign-in, as the query to return to (its default
   * export takes the page's query and resolves with the one to come back with), e.g. the scanner
   * keeps the scan of the projector's link, whose code expires before a phone has signed in.
   */
  keepThroughSignIn?: () => Promise<{ default: (search: string) => Promise<string> }>;
}
