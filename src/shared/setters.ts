/**
 * Case reducers that only store their action's payload in one field of a slice's state, so a slice
 * does not write the same reducer again for each field: with `const set = setters<AreaState>()`, a
 * slice writes `queryTyped: set('query')` for `queryTyped(state, action) { state.query = action.payload; }`.
 */
import type { PayloadAction } from '@reduxjs/toolkit';

export function setters<S>() {
  return <K extends keyof S>(key: K) =>
    (state: S, action: PayloadAction<S[K]>) => {
      state[key] = action.payload;
    };
}
