/** Loads the areas of the manifest (areas.ts) into the store, with the one live connection. */
import type { Saga } from 'redux-saga';
import { AREAS } from './areas';
import { registerArea, type AreaStore } from './store';

let loading: Promise<void> | null = null;

/**
 * Loads every area's slice and saga and adds them to the store (once), registers the areas' live
 * event handlers, then starts the one live connection (shared/live/), which serves them all.
 */
export function loadAreas(): Promise<void> {
  // The live modules are loaded here too, so that nothing of them reaches the login page's download.
  loading ??= Promise.all([import('../shared/live/live'), import('../shared/live/live.saga'), Promise.all(AREAS.map((area) => area.store()))]).then(
    ([{ registerLiveHandlers }, { liveLifecycleSaga }, stores]) => {
      stores.forEach(({ reducer, saga, live }: AreaStore, i) => {
        if (live) registerLiveHandlers(AREAS[i].key, live);
        registerArea(AREAS[i].key, reducer, saga);
      });
      registerArea('live', null, liveLifecycleSaga as Saga<[]>);
    },
  );
  return loading;
}
