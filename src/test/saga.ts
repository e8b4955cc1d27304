import { runSaga, type Saga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';

/** Runs one saga to its end and returns every action it put. */
export async function recordSaga<Args extends unknown[]>(saga: Saga<Args>, state: unknown = {}, ...args: Args): Promise<UnknownAction[]> {
  const dispatched: UnknownAction[] = [];
  await runSaga(
    {
      dispatch: (action: UnknownAction) => {
        dispatched.push(action);
      },
      getState: () => state,
    },
    saga,
    ...args,
  ).toPromise();
  return dispatched;
}

export const types = (actions: UnknownAction[]) => actions.map((a) => a.type);
