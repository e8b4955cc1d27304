/**
 * One shape for request state: `Loadable<T>` is the data with its `fetching` flag and last `error`.
 * A request clears the old data (`started(empty)`), a reply fills it (`succeeded(data)`) or keeps the
 * failure (`failed(error, empty)`). Slices assign these: `state.list = started([])`.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Failure } from '../../api/http';

export interface Loadable<T> {
  data: T;
  fetching: boolean;
  error: Failure | null;
}

/** Nothing asked yet (or the result was taken in). */
export const idle = <T>(data: T): Loadable<T> => ({ data, fetching: false, error: null });
/** A request is on its way; the old data is gone. */
export const started = <T>(data: T): Loadable<T> => ({ data, fetching: true, error: null });
/** The reply's data. */
export const succeeded = <T>(data: T): Loadable<T> => ({ data, fetching: false, error: null });
/** The request failed: its error, and the empty data. */
export const failed = <T>(error: Failure, data: T): Loadable<T> => ({ data, fetching: false, error });

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
  return { data, fetching: false, error: null, page, hasMore: items.length >= pageSize };
}

/** The page failed: what is shown and the last page loaded stay, with the error. */
export const pageFailed = <T>(list: Paged<T>, error: Failure): Paged<T> => ({ ...list, fetching: false, error });

/** Bytes sent of an upload under way. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * A save that uploads a file (shared/request/upload.saga.ts): its bytes sent while under way, and a
 * count of successful saves (a form closes when it changes).
 */
export interface Upload extends Loadable<null> {
  progress: UploadProgress | null;
  saved: number;
}

export const idleUpload = (): Upload => ({ ...idle(null), progress: null, saved: 0 });
export const uploadStarted = (u: Upload): Upload => ({ ...u, fetching: true, error: null, progress: { loaded: 0, total: 0 } });
/** Progress counts only while the upload is under way (a late event after a cancel is dropped). */
export const uploadProgressed = (u: Upload, progress: UploadProgress): Upload => (u.fetching ? { ...u, progress } : u);
export const uploadSucceeded = (u: Upload): Upload => ({ ...idle(null), progress: null, saved: u.saved + 1 });
export const uploadFailed = (u: Upload, error: Failure): Upload => ({ ...u, fetching: false, error, progress: null });
/** The user cancelled: nothing was stored, nothing to report. */
export const uploadCancelled = (u: Upload): Upload => ({ ...u, fetching: false, error: null, progress: null });

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
 * lists), failed or cancelled, and the failure dismissed.
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
    /** The user cancelled the upload: nothing was stored. */
    saveCancelled(state: S) {
      state.save = uploadCancelled(state.save);
    },
    saveErrorCleared(state: S) {
      state.save.error = null;
    },
  };
}
