import { runSaga, stdChannel, type Saga, type Task } from 'redux-saga';
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

type Channel = ReturnType<typeof stdChannel>;

/**
 * Runs a saga on its own channel, as the store would: every action it puts is recorded, given to
 * `onPut` (a reducer, a reply the test stages) and, with `echo`, put back into the channel for
 * its own takers. The test may put actions into `channel` itself.
 */
export function runOnChannel<Args extends unknown[]>(
  options: { getState: () => unknown; echo?: boolean; onPut?: (action: UnknownAction, channel: Channel) => void },
  saga: Saga<Args>,
  ...args: Args
): { put: UnknownAction[]; task: Task; channel: Channel } {
  const put: UnknownAction[] = [];
  const channel = stdChannel();
  const task = runSaga(
    {
      channel,
      dispatch: (action: UnknownAction) => {
        put.push(action);
        options.onPut?.(action, channel);
        if (options.echo) channel.put(action);
      },
      getState: options.getState,
    },
    saga,
    ...args,
  );
  return { put, task, channel };
}
