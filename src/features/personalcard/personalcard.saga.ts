/** Personal card calls: the card when the screen opens, the owner's save, an administrator's event and search. */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { CardField, EventBody } from '@contract/personalcard';
import { rootSaga } from '@shared/request/watchers';
import { request } from '@shared/request/request.saga';
import { personalcardApi } from './personalcard.api';
import { personalcardActions as A } from './personalcard.slice';

export function* openedSaga(action: PayloadAction<number | null>) {
  yield* request(personalcardApi.card, [action.payload], { succeeded: A.loadSucceeded, failed: A.loadFailed });
}

export function* saveSaga(action: PayloadAction<{ field: CardField; value: string }>) {
  yield* request(personalcardApi.update, [action.payload.field, action.payload.value], { succeeded: A.saveSucceeded, failed: A.saveFailed });
}

export function* eventSaga(action: PayloadAction<EventBody>) {
  yield* request(personalcardApi.addEvent, [action.payload], { succeeded: A.eventSucceeded, failed: A.eventFailed });
}

export function* searchSaga(action: PayloadAction<string>) {
  yield* request(personalcardApi.search, [action.payload], { succeeded: A.searchSucceeded, failed: A.searchFailed });
}

export const personalcardSaga = rootSaga({
  latest: [
    [A.opened, openedSaga],
    [A.searchRequested, searchSaga],
  ],
  leading: [
    [A.saveRequested, saveSaga],
    [A.eventRequested, eventSaga],
  ],
});
