/** Loads the areas of the manifest (areas.ts) into the store, with the one live connection, and what the shell shows of them. */
import type { ComponentType } from 'react';
import type { Saga } from 'redux-saga';
import { AREAS, SHELL_PARTS, type AreaEntry, type ShellParts } from './areas';
import { registerAreas, type AreaStore, type RootState } from './store';

/** What the shell (Layout) shows of the areas, once loaded: their badges, header items, conditional entries and the always-loaded areas' parts. */
export interface AreaParts {
  /** The count beside an area's link and tab, by area key. */
  badges: readonly { key: string; select: (state: RootState) => number }[];
  /** The areas' items in the header, in manifest order. */
  headerItems: readonly { key: string; Item: ComponentType }[];
  /** The routes (path) whose menu entry and tab show only while their selector says so. */
  shownWhile: readonly { path: string; select: (state: RootState) => boolean }[];
  /** What the areas always in the store give the shell (SHELL_PARTS: the logo, the profile line, the apps). */
  shell: ShellParts;
}

let parts: AreaParts | null = null;

/** The areas' parts for the shell; the shell renders only once loadAreas() has resolved. */
export const areaParts = (): AreaParts => {
  if (!parts) throw new Error('areaParts() before loadAreas() has resolved');
  return parts;
};

const withKey = <T>(key: string, load: (() => Promise<T>) | undefined) => (load ? [load().then((value) => ({ key, value }))] : []);

function loadShellParts(): Promise<ShellParts> {
  const keys = Object.keys(SHELL_PARTS) as (keyof ShellParts)[];
  return Promise.all(keys.map((key) => SHELL_PARTS[key]())).then((values) => Object.fromEntries(keys.map((key, i) => [key, values[i]])) as ShellParts);
}

function loadParts(): Promise<AreaParts> {
  const areas = AREAS as readonly AreaEntry[];
  return Promise.all([
    Promise.all(areas.flatMap((area) => withKey(area.key, area.badge))),
    Promise.all(areas.flatMap((area) => withKey(area.key, area.headerItem))),
    Promise.all(areas.flatMap((area) => (area.routes ?? []).flatMap((route) => withKey(route.path, route.shownWhile)))),
    loadShellParts(),
  ]).then(([badges, headerItems, shownWhile, shell]) => ({
    badges: badges.map(({ key, value }) => ({ key, select: value as (state: RootState) => number })),
    headerItems: headerItems.map(({ key, value }) => ({ key, Item: value.default })),
    shownWhile: shownWhile.map(({ key, value }) => ({ path: key, select: value as (state: RootState) => boolean })),
    shell,
  }));
}

let loading: Promise<void> | null = null;

/**
 * Loads every area's slice and saga and adds them to the store (once), registers the areas' live
 * event handlers, then starts the one live connection (shared/live/), which serves them all; and
 * what the shell shows of them (areaParts()).
 */
export function loadAreas(): Promise<void> {
  // The live modules are loaded here too, so that nothing of them reaches the login page's download.
  loading ??= Promise.all([import('@shared/live/live'), import('@shared/live/live.saga'), Promise.all(AREAS.map((area) => area.store())), loadParts()]).then(
    ([{ registerLiveHandlers }, { liveLifecycleSaga }, stores, loaded]) => {
      stores.forEach(({ live }: AreaStore, i) => {
        if (live) registerLiveHandlers(AREAS[i].key, live);
      });
      // One new root reducer for them all, then the live connection's saga after the areas'.
      registerAreas([
        ...stores.map(({ reducer, saga }: AreaStore, i) => ({ key: AREAS[i].key, reducer, saga })),
        { key: 'live', reducer: null, saga: liveLifecycleSaga as Saga<[]> },
      ]);
      parts = loaded;
    },
  );
  return loading;
}
