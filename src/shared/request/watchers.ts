import type { Effect } from 'redux-saga/effects';
import { all, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';

/** An action creator (its `type`) or several of them. */
type Trigger = { readonly type: string } | readonly { readonly type: string }[];

/** A saga run with the action that started it (any action's payload: the row says which). */
type Worker = {
  // A method's parameter is checked both ways, so a saga of a narrower action fits a row.
  run(action: { type: string }): unknown;
}['run'];

type Row = readonly [Trigger, Worker];

/**
 * An area's watchers as data: `latest` runs only the newest start (takeLatest), `every` runs each
 * one (takeEvery), `leading` ignores starts while one runs (takeLeading). The watchers start in
 * that order, each list in its own order; when two must start in another order, give two tables.
 */
export interface Watchers {
  latest?: readonly Row[];
  every?: readonly Row[];
  leading?: readonly Row[];
}

/** A table of watchers, or effects written out (forks, calls) that start in their place. */
export type WatcherPart = Watchers | readonly Effect[];

const typeOf = (on: Trigger): string | string[] => (Array.isArray(on) ? on.map((a) => a.type) : (on as { type: string }).type);

/** The effects of the parts, in their order, for `yield all(...)`. */
export function watchers(...parts: WatcherPart[]): Effect[] {
  return parts.flatMap((part): Effect[] => {
    if (Array.isArray(part)) return [...(part as readonly Effect[])];
    const { latest = [], every = [], leading = [] } = part as Watchers;
    return [
      ...latest.map(([on, saga]) => takeLatest(typeOf(on), saga)),
      ...every.map(([on, saga]) => takeEvery(typeOf(on), saga)),
      ...leading.map(([on, saga]) => takeLeading(typeOf(on), saga)),
    ];
  });
}

/** An area's root saga: every part started at once (`yield all`), as `watchers` orders them. */
export function rootSaga(...parts: WatcherPart[]) {
  return function* root() {
    yield all(watchers(...parts));
  };
}
