import { describe, expect, it } from 'vitest';
import { createAction, type PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { rootSaga, watchers } from './watchers';

const opened = createAction('area/opened');
const saved = createAction<{ id: number }>('area/saved');
function* openedSaga() {}
function* savedSaga(action: PayloadAction<{ id: number }>) {
  yield call(() => action.payload.id);
}
function* timer() {}

describe('watchers', () => {
  it('turns each row into its effect on the creators’ types: latest, then every, then leading', () => {
    expect(watchers({ leading: [[saved, savedSaga]], every: [[[opened, saved], openedSaga]], latest: [[opened, openedSaga]] })).toEqual([
      takeLatest('area/opened', openedSaga),
      takeEvery(['area/opened', 'area/saved'], openedSaga),
      takeLeading('area/saved', savedSaga),
    ]);
  });

  it('keeps the parts in their order, effects written out among them', () => {
    expect(watchers([fork(timer)], { latest: [[opened, openedSaga]] }, { every: [[saved, savedSaga]] })).toEqual([
      fork(timer),
      takeLatest('area/opened', openedSaga),
      takeEvery('area/saved', savedSaga),
    ]);
  });

  it('gives a root saga that starts them all at once', () => {
    const root = rootSaga({ latest: [[opened, openedSaga]] }, [fork(timer)])();
    expect(root.next().value).toEqual(all([takeLatest('area/opened', openedSaga), fork(timer)]));
    expect(root.next().done).toBe(true);
  });
});
