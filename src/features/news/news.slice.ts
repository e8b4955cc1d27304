/**
 * News area (docs/areas/news.md#for-users): the feed in pages (page 1 replaces the list, later pages append; a short
 * page means there is no more), posting (then the feed reloads from page 1), deleting (the item
 * leaves the list at once) and the faculty list of the composer.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { IdName } from '@contract/common';
import type { Audience, NewsItem } from '@contract/news';
import type { Failure } from '@api/http';
import {
  idle,
  idlePages,
  idleRemoval,
  pageFailed,
  pageStarted,
  pageSucceeded,
  removalReducers,
  type Loadable,
  type Paged,
  type Removal,
  loadReducers,
} from '@shared/request/loadable';
import { PAGE_SIZE } from './news.api';
import { sessionEnded } from '@shared/session/session';

/** What the composer sends; `files` are File objects, passed through the action, never kept in state. */
export interface NewsDraft {
  message: string;
  audience: Audience;
  /** A faculty id, or -1 for every faculty. */
  faculty: number;
  pinned: boolean;
  /** ISO timestamp to publish later, or null for now. */
  publishAt: string | null;
  files: File[];
}

export interface NewsState {
  /** The feed shown, in pages. */
  list: Paged<NewsItem>;
  post: {
    fetching: boolean;
    error: Failure | null;
    /** Counts successful posts (the composer clears itself when it changes). */
    posted: number;
  };
  /** The delete on its way: `id` is the item being deleted (null when none). */
  remove: Removal;
  faculties: Loadable<IdName[]>;
}

export const initialNewsState: NewsState = {
  list: idlePages(),
  post: { fetching: false, error: null, posted: 0 },
  remove: idleRemoval(),
  faculties: idle([]),
};

const loads = loadReducers<NewsState>();

const slice = createSlice({
  name: 'news',
  initialState: initialNewsState,
  reducers: {
    /** The news screen is shown: the feed loads from page 1 (and the composer's faculties for posters). */
    opened() {},
    /** Page 1 clears the list (a request clears the old data); a later page keeps it. */
    loadRequested(state, action: PayloadAction<{ page: number }>) {
      state.list = pageStarted(state.list, action.payload.page);
    },
    loadSucceeded(state, action: PayloadAction<{ page: number; items: NewsItem[] }>) {
      state.list = pageSucceeded(state.list, action.payload.page, action.payload.items, PAGE_SIZE, (i) => i.id_eventMessage);
    },
    loadFailed(state, action: PayloadAction<Failure>) {
      state.list = pageFailed(state.list, action.payload);
    },
    postRequested(state, _action: PayloadAction<NewsDraft>) {
      state.post = { ...state.post, fetching: true, error: null };
    },
    postSucceeded(state, _action: PayloadAction<NewsItem>) {
      state.post = { fetching: false, error: null, posted: state.post.posted + 1 };
    },
    postFailed(state, action: PayloadAction<Failure>) {
      state.post = { ...state.post, fetching: false, error: action.payload };
    },
    postErrorCleared(state) {
      state.post.error = null;
    },
    ...removalReducers<NewsState>((state, id) => {
      state.list.data = state.list.data.filter((i) => i.id_eventMessage !== id);
    }),
    ...loads('faculties', []),
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialNewsState);
  },
});

export const newsActions = slice.actions;
export const newsReducer = slice.reducer;

type WithNews = { news: NewsState };
export const selectNews = (state: WithNews) => state.news;
