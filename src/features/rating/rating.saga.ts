/** Rating loads: the student's own rating or the caller's groups when the screen opens, a group's rating when chosen. */
import type { PayloadAction } from '@reduxjs/toolkit';
import { rootSaga } from '@shared/request/watchers';
import { request } from '@shared/request/request.saga';
import { ratingApi } from './rating.api';
import { ratingActions as A } from './rating.slice';

export function* openedSaga(action: PayloadAction<{ as: 'student' | 'staff' }>) {
  if (action.payload.as === 'student') yield* request(ratingApi.mine, [], { succeeded: A.mineSucceeded, failed: A.mineFailed });
  else yield* request(ratingApi.groups, [], { succeeded: A.groupsSucceeded, failed: A.groupsFailed });
}

export function* groupSaga(action: PayloadAction<number | null>) {
  if (action.payload === null) return;
  yield* request(ratingApi.group, [action.payload], { succeeded: A.groupSucceeded, failed: A.groupFailed });
}

export const ratingSaga = rootSaga({
  latest: [
    [A.opened, openedSaga],
    [A.groupChosen, groupSaga],
  ],
});
