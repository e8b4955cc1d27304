/**
 * One shape for request state: `Loadable<T>` is the data with its `fetching` flag, last `error` and
 * whether it is a reply's (`loaded`). A request clears the old data (`started(empty)`), a reply fills
 * it (`succeeded(data)`) or keeps the failure (`failed(error, empty)`). Slices assign these:
 * `state.list = started([])`. Until `loaded`, the empty data is not an answer: screens show progress
 * (or the failure), never "nothing here" (`<Loaded>`, shared/request/Loaded.tsx).
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Failure } from '@api/http';

export interface Loadable<T> {
  data: T;
  fetching: boolean;
  error: Failure | null;
  /** `data` is a successful reply's (false before the first one, while a new request is on its way, after a failure). */
  loaded: boolean;
}

/** Nothing asked yet (or the result was taken in): not loaded. */
export const idle = <T>(data: T): Loadable<T> => ({ data, fetching: false, error: null, loaded: false });
/** A request is on its way; the old data is gone. */
export const started = <T>(data: T): Loadable<T> => ({ data, fetching: true, error: null, loaded: false });
/** The reply's data. */
export const succeeded = <T>(data: T): Loadable<T> => ({ data, fetching: false, error: null, loaded: true });
/** The request failed: its error, and the empty data. */
export const failed = <T>(error: Failure, data: T): Loadable<T> => ({ data, fetching: false, error, loaded: false });
/** The same data read again: what is shown stays until the reply (or beside its failure: `failed(error, l.data)`). */
export const refreshing = <T>(l: Loadable<T>): Loadable<T> => ({ ...l, fetching: true, error: null });
/** Whether a screen still waits for `l`'s first answer: neither a reply nor a failure yet. */
export const pending = (l: Loadable<unknown>): boolean => !l.loaded && !l.error;

/**
 * A list loaded in pages (`data` is every item shown): page 1 replaces it, a later page appends to
 * it, and what is shown stays while a later page loads or when it fails.
 */
export interface Paged<T> extends Loadable<T[]> {
  /** The last page loaded (0: none yet). */
  page: number;
  hasMore: boolean;
}

export const idlePages = <T>(): Paged<T> => ({ ...idle<T[]>([]), page: 0, hasMore: false });

/** Page `page` is on its way: page 1 starts the list anew, a later one keeps it. */
export const pageStarted = <T>(list: Paged<T>, page: number): Paged<T> =>
  page <= 1 ? { ...idlePages<T>(), fetching: true } : { ...list, fetching: true, error: null };

/**
 * Page `page` arrived: a short page (under `pageSize`) is the last one. A later page may repeat an
 * item when newer ones arrived meanwhile: the first copy (by `key`) stays.
 */
export function pageSucceeded<T>(list: Paged<T>, page: number, items: T[], pageSize: number, key: (item: T) => unknown): Paged<T> {
  const known = new Set(page <= 1 ? [] : list.data.map(key));
  const data = page <= 1 ? items : [...list.data, ...items.filter((i) => !known.has(key(i)))];
  return { data, fetching: false, error: null, loaded: true, page, hasMore: items.length >= pageSize };
}

/** The page failed: what is shown and the last page loaded stay, with the error. */
export const pageFailed = <T>(list: Paged<T>, error: Failure): Paged<T> => ({ ...list, fetching: false, error });

/** Bytes sent of an upload under way. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * A save that uploads a file (shared/request/upload.saga.ts): its bytes sent while under way, a
 * count of saves that close the form (a form closes when it changes), and whether the last one was
 * cancelled once its whole form had been sent (`unconfirmed`): the server finishes a save whose
 * body it received (docs/areas/library.md#for-users), so it may be stored though no reply came; the screen
 * says so and reloads its list.
 */
export interface Upload extends Loadable<null> {
  progress: UploadProgress | null;
  saved: number;
  unconfirmed: boolean;
}

export const idleUpload = (): Upload => ({ ...idle(null), progress: null, saved: 0, unconfirmed: false });
export const uploadStarted = (u: Upload): Upload => ({ ...u, fetching: true, error: null, progress: { loaded: 0, total: 0 }, unconfirmed: false });
/** Progress counts only while the upload is under way (a late event after a cancel is dropped). */
export const uploadProgressed = (u: Upload, progress: UploadProgress): Upload => (u.fetching ? { ...u, progress } : u);
export const uploadSucceeded = (u: Upload): Upload => ({ ...idle(null), progress: null, saved: u.saved + 1, unconfirmed: false });
export const uploadFailed = (u: Upload, error: Failure): Upload => ({ ...u, fetching: false, error, progress: null });
/** Whether every byte of the form was sent (the upload is "saving"). */
export const uploadSent = (u: Upload): boolean => u.progress !== null && u.progress.total > 0 && u.progress.loaded >= u.progress.total;
/**
 * The user cancelled. While the form was still being sent nothing is stored and nothing is reported;
 * once it was sent in full the server completes the save, so the form closes as after a save and the
 * save is `unconfirmed`.
 */
export const uploadCancelled = (u: Upload): Upload =>
  uploadSent(u) ? { ...idle(null), progress: null, saved: u.saved + 1, unconfirmed: true } : { ...u, fetching: false, error: null, progress: null };

/** Deleting one item by id: which one is under way (null: none) and the last failure. */
export interface Removal extends Loadable<null> {
  id: number | null;
}

export const idleRemoval = (): Removal => ({ ...idle(null), id: null });

/**
 * The case reducers of "delete one item by id" on `state.remove`: requested → succeeded (the item
 * leaves the lists `drop` edits) or failed, and the failure dismissed. `requested` runs extra work
 * of the area when the delete starts (closing a confirmation).
 */
export function removalReducers<S extends { remove: Removal }>(drop: (state: S, id: number) => void, requested?: (state: S) => void) {
  return {
    deleteRequested(state: S, action: PayloadAction<{ id: number }>) {
      requested?.(state);
      state.remove = { ...started(null), id: action.payload.id };
    },
    deleteSucceeded(state: S, action: PayloadAction<{ id: number }>) {
      state.remove = idleRemoval();
      drop(state, action.payload.id);
    },
    deleteFailed(state: S, action: PayloadAction<Failure>) {
      state.remove = { ...failed(action.payload, null), id: null };
    },
    deleteErrorCleared(state: S) {
      state.remove.error = null;
    },
  };
}

/**
 * The case reducers of a form that saves with an upload on `state.save` (its draft `D` and saved
 * item `T` travel in the actions): requested → progressed… → succeeded (then `saved` updates the
 * lists), failed or cancelled, and the failure or the notice of an unconfirmed save dismissed.
 */
export function uploadReducers<S extends { save: Upload }, D, T>(saved?: (state: S, item: T) => void) {
  return {
    saveRequested(state: S, _action: PayloadAction<D>) {
      state.save = uploadStarted(state.save);
    },
    saveProgressed(state: S, action: PayloadAction<UploadProgress>) {
      state.save = uploadProgressed(state.save, action.payload);
    },
    saveSucceeded(state: S, action: PayloadAction<T>) {
      state.save = uploadSucceeded(state.save);
      saved?.(state, action.payload);
    },
    saveFailed(state: S, action: PayloadAction<Failure>) {
      state.save = uploadFailed(state.save, action.payload);
    },
    /** The user cancelled the upload: nothing was stored, or (once it was sent in full) the save may be. */
    saveCancelled(state: S) {
      state.save = uploadCancelled(state.save);
    },
    saveErrorCleared(state: S) {
      state.save.error = null;
    },
    /** The notice of an unconfirmed save was read. */
    saveNoticeCleared(state: S) {
      state.save.unconfirmed = false;
    },
  };
}

/** The keys of `S` that hold a `Loadable`. */
type LoadableKey<S> = { [K in keyof S]: S[K] extends Loadable<unknown> ? K : never }[keyof S] & string;
type DataOf<S, K extends keyof S> = S[K] extends Loadable<infer T> ? T : never;

/** The case reducers of a request's outcome that `loadReducers` writes for `state[K]`. */
export type SettleReducers<S, K extends string, T> = Record<`${K}Succeeded`, (state: S, action: PayloadAction<T>) => void> &
  Record<`${K}Failed`, (state: S, action: PayloadAction<Failure>) => void>;
export type LoadReducers<S, K extends string, T> = Record<`${K}Requested`, (state: S) => void> & SettleReducers<S, K, T>;

interface LoadOptions {
  /** A failure (and, with `loads`, a new request) keeps the data loaded before on screen instead of `empty`. */
  keep?: boolean;
  /** With `loads`: a new request keeps the data loaded before on screen while it is on its way; a failure still leaves `empty`. */
  refresh?: boolean;
}

/**
 * The case reducers of one request whose state is `state[key]`, so a slice does not write the same
 * three again for each list: with `const loads = loadReducers<AreaState>()`, a slice spreads
 * `...loads('items', [])` for `itemsRequested` (starts it), `itemsSucceeded` (takes the reply) and
 * `itemsFailed` (keeps the failure), or `...loads.settled('items', [])` for the last two alone when
 * its request starts in a reducer of its own (one that clears more than the list).
 */
export function loadReducers<S>() {
  type Slot<K extends LoadableKey<S>> = Record<K, Loadable<DataOf<S, K>>>;
  const settled = <K extends LoadableKey<S>>(key: K, empty: DataOf<S, K>, { keep = false }: LoadOptions = {}): SettleReducers<S, K, DataOf<S, K>> =>
    ({
      [`${key}Succeeded`]: (state: S, action: PayloadAction<DataOf<S, K>>) => {
        (state as unknown as Slot<K>)[key] = succeeded(action.payload);
      },
      [`${key}Failed`]: (state: S, action: PayloadAction<Failure>) => {
        const slot = state as unknown as Slot<K>;
        slot[key] = failed(action.payload, keep ? slot[key].data : empty);
      },
    }) as SettleReducers<S, K, DataOf<S, K>>;
  const loads = <K extends LoadableKey<S>>(key: K, empty: DataOf<S, K>, options: LoadOptions = {}): LoadReducers<S, K, DataOf<S, K>> =>
    ({
      [`${key}Requested`]: (state: S) => {
        const slot = state as unknown as Slot<K>;
        slot[key] = started(options.keep || options.refresh ? slot[key].data : empty);
      },
      ...settled(key, empty, options),
    }) as LoadReducers<S, K, DataOf<S, K>>;
  return Object.assign(loads, { settled });
}
