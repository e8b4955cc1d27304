import { describe, expect, it } from 'vitest';
import type { Failure } from '@api/http';
import { sessionEnded } from '@shared/session/session';
import { initialNewsState, newsActions, newsReducer, type NewsState } from './news.slice';
import { item } from './testData';

const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => item(from - i));
const failure: Failure = { ok: false, problem: 'SERVER_ERROR', status: 500, error: { code: 'INTERNAL', message: 'x' } };
const run = (state: NewsState, ...actions: Parameters<typeof newsReducer>[1][]) => actions.reduce(newsReducer, state);

describe('news slice', () => {
  it('page 1 clears the list; a full page of 10 leaves "load more" on, a short page switches it off', () => {
    let state = run(initialNewsState, newsActions.loadRequested({ page: 1 }), newsActions.loadSucceeded({ page: 1, items: page(100, 10) }));
    expect(state.list).toMatchObject({ fetching: false, page: 1, hasMore: true });
    expect(state.list.data).toHaveLength(10);

    state = run(state, newsActions.loadRequested({ page: 2 }));
    expect(state.list.data).toHaveLength(10); // load more keeps what is shown
    expect(state.list.fetching).toBe(true);
    state = run(state, newsActions.loadSucceeded({ page: 2, items: page(90, 3) }));
    expect(state.list.data.map((i) => i.id_eventMessage)).toEqual([...page(100, 10), ...page(90, 3)].map((i) => i.id_eventMessage));
    expect(state.list).toMatchObject({ page: 2, hasMore: false });

    state = run(state, newsActions.loadRequested({ page: 1 }));
    expect(state.list).toMatchObject({ data: [], page: 0, fetching: true, error: null });
  });

  it('an item repeated on the next page (newer posts arrived) is shown once', () => {
    const state = run(
      initialNewsState,
      newsActions.loadSucceeded({ page: 1, items: page(100, 10) }),
      newsActions.loadSucceeded({ page: 2, items: [item(91), item(90)] }),
    );
    expect(state.list.data.map((i) => i.id_eventMessage).slice(-3)).toEqual([92, 91, 90]);
  });

  it('a failed "load more" keeps the items and the last page; the error is kept', () => {
    const state = run(
      initialNewsState,
      newsActions.loadSucceeded({ page: 1, items: page(100, 10) }),
      newsActions.loadRequested({ page: 2 }),
      newsActions.loadFailed(failure),
    );
    expect(state.list).toMatchObject({ fetching: false, error: failure, page: 1 });
    expect(state.list.data).toHaveLength(10);
  });

  it('posting: fetching, then the success counter rises; a failure is kept until cleared', () => {
    const draft = { message: 'x', audience: 0 as const, faculty: -1, pinned: false, publishAt: null, files: [] };
    let state = run(initialNewsState, newsActions.postRequested(draft));
    expect(state.post).toEqual({ fetching: true, error: null, posted: 0 });
    state = run(state, newsActions.postSucceeded(item(1)));
    expect(state.post).toEqual({ fetching: false, error: null, posted: 1 });
    state = run(state, newsActions.postRequested(draft), newsActions.postFailed(failure));
    expect(state.post).toEqual({ fetching: false, error: failure, posted: 1 });
    expect(run(state, newsActions.postErrorCleared()).post.error).toBeNull();
  });

  it('a delete removes the item locally; a failure keeps it', () => {
    let state = run(initialNewsState, newsActions.loadSucceeded({ page: 1, items: [item(3), item(2), item(1)] }), newsActions.deleteRequested({ id: 2 }));
    expect(state.remove).toMatchObject({ fetching: true, id: 2 });
    state = run(state, newsActions.deleteSucceeded({ id: 2 }));
    expect(state.list.data.map((i) => i.id_eventMessage)).toEqual([3, 1]);
    state = run(state, newsActions.deleteRequested({ id: 1 }), newsActions.deleteFailed(failure));
    expect(state.list.data.map((i) => i.id_eventMessage)).toEqual([3, 1]);
    expect(state.remove).toEqual({ data: null, fetching: false, error: failure, id: null, loaded: false });
  });

  it('the session ending forgets the feed', () => {
    const state = run(initialNewsState, newsActions.loadSucceeded({ page: 1, items: page(10, 10) }), sessionEnded({ reason: 'logout' }));
    expect(state).toEqual(initialNewsState);
  });
});
