/**
 * One shape for request state: `Loadable<T>` is the data with its `fetching` flag and last `error`.
 * A request clears the old data (`started(empty)`), a reply fills it (`succeeded(data)`) or keeps the
 * failure (`failed(error, empty)`). Slices assign these: `state.list = started([])`.
 */
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
