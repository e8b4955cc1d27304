/** Transcript loads: the transcript when the screen opens. */
import { rootSaga } from '@shared/request/watchers';
import { transcriptApi } from './transcript.api';
import { request } from '@shared/request/request.saga';
import { transcriptActions as A } from './transcript.slice';

export function* loadSaga() {
  yield* request(transcriptApi.load, [], { succeeded: A.loadSucceeded, failed: A.loadFailed });
}

export const transcriptSaga = rootSaga({ latest: [[A.opened, loadSaga]] });
