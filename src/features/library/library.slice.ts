/**
 * E-library area (docs/areas/library.md#for-users): base categories → categories → the books of one, the
 * search across the library, saving a book with its upload progress, and the delete check then the
 * delete (which reloads the category).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BaseCategory, Book, BookCategory, BookSearchPage, LibraryQuota } from '@contract/library';
import type { Failure } from '@api/http';
import {
  failed,
  idle,
  idleRemoval,
  idleUpload,
  removalReducers,
  started,
  succeeded,
  uploadReducers,
  type Loadable,
  type Removal,
  type Upload,
  loadReducers,
} from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

/** What the book form sends; `file` is passed through the action, never kept in state. */
export interface BookDraft {
  /** -1 for a new book. */
  id: number;
  categoryId: number;
  name: string;
  author: string;
  description: string;
  totalPages: number;
  file: File | null;
}

export interface LibraryState {
  bases: Loadable<BaseCategory[]>;
  baseId: number | null;
  categories: Loadable<BookCategory[]>;
  categoryId: number | null;
  books: Loadable<Book[]>;
  /**
   * The search across the library: its text (null: not searching), the pages of results loaded so
   * far and the number of all the matches.
   */
  search: Loadable<Book[]> & { text: string | null; total: number };
  /** Adding or editing with the file upload. */
  save: Upload;
  /** The delete check of a book: null until answered. */
  check: Loadable<boolean | null> & { id: number | null };
  remove: Removal;
  /** Whether the caller may add books, and his storage quota (null until read). */
  quota: Loadable<LibraryQuota | null>;
  /** The book form's base category and its categories (a book found by the search may be in another base than the list's). */
  formCategories: Loadable<BookCategory[]> & { baseId: number | null };
}

export const initialLibraryState: LibraryState = {
  bases: idle([]),
  baseId: null,
  categories: idle([]),
  categoryId: null,
  books: idle([]),
  search: { ...idle([]), text: null, total: 0 },
  save: idleUpload(),
  check: { ...idle(null), id: null },
  remove: idleRemoval(),
  quota: idle(null),
  formCategories: { ...idle([]), baseId: null },
};

const loads = loadReducers<LibraryState>();

const slice = createSlice({
  name: 'library',
  initialState: initialLibraryState,
  reducers: {
    /** The screen is shown: base categories load, then the first one's categories and books. */
    opened() {},
    ...loads('bases', []),
    baseSelected(state, action: PayloadAction<{ id: number }>) {
      state.baseId = action.payload.id;
      state.categories = started([]);
      state.categoryId = null;
      state.books = idle([]);
    },
    /** The counts of the shown categories are read again (after a delete), the choice stays. */
    countsRequested() {},
    ...loads.settled('categories', []),
    /** A category is chosen (or reloaded): its books load; the search across the library closes. */
    categorySelected(state, action: PayloadAction<{ id: number }>) {
      state.categoryId = action.payload.id;
      state.books = started([]);
      state.search = { ...idle([]), text: null, total: 0 };
    },
    ...loads.settled('books', []),
    searchRequested(state, action: PayloadAction<{ text: string }>) {
      state.search = { ...started([]), text: action.payload.text, total: 0 };
    },
    /** The next page of the same search: the books loaded so far stay. */
    searchMoreRequested(state) {
      state.search = { ...started(state.search.data), text: state.search.text, total: state.search.total };
    },
    searchSucceeded(state, action: PayloadAction<BookSearchPage>) {
      const { books, total, offset } = action.payload;
      const kept = state.search.data.slice(0, offset);
      const seen = new Set(kept.map((b) => b.id_eBook));
      state.search = { ...succeeded([...kept, ...books.filter((b) => !seen.has(b.id_eBook))]), text: state.search.text, total };
    },
    searchFailed(state, action: PayloadAction<Failure>) {
      state.search = { ...failed(action.payload, state.search.data), text: state.search.text, total: state.search.total };
    },
    searchClosed(state) {
      state.search = { ...idle([]), text: null, total: 0 };
    },
    /** An edit replaces the book in the list at once; a new book shows in its category's reload. */
    ...uploadReducers<LibraryState, BookDraft, Book>((state, book) => {
      state.books.data = state.books.data.map((b) => (b.id_eBook === book.id_eBook ? book : b));
      state.search.data = state.search.data.map((b) => (b.id_eBook === book.id_eBook ? book : b));
    }),
    /** The form's base category is chosen (or the form opens on the edited book's): its categories load. */
    formBaseSelected(state, action: PayloadAction<{ id: number }>) {
      const same = action.payload.id === state.baseId && state.categories.data.length > 0;
      state.formCategories = { ...(same ? succeeded(state.categories.data) : started([])), baseId: action.payload.id };
    },
    formCategoriesSucceeded(state, action: PayloadAction<{ baseId: number; categories: BookCategory[] }>) {
      if (state.formCategories.baseId === action.payload.baseId)
        state.formCategories = { ...succeeded(action.payload.categories), baseId: action.payload.baseId };
    },
    formCategoriesFailed(state, action: PayloadAction<Failure>) {
      state.formCategories = { ...failed(action.payload, []), baseId: state.formCategories.baseId };
    },
    quotaRequested(state) {
      state.quota = started(state.quota.data);
    },
    quotaSucceeded(state, action: PayloadAction<LibraryQuota>) {
      state.quota = succeeded(action.payload);
    },
    quotaFailed(state, action: PayloadAction<Failure>) {
      state.quota = failed(action.payload, state.quota.data);
    },
    deleteChecked(state, action: PayloadAction<{ id: number }>) {
      state.check = { ...started(null), id: action.payload.id };
    },
    checkSucceeded(state, action: PayloadAction<{ id: number; canDeleteBook: boolean }>) {
      if (state.check.id === action.payload.id) state.check = { ...succeeded(action.payload.canDeleteBook), id: action.payload.id };
    },
    checkFailed(state, action: PayloadAction<Failure>) {
      state.check = { ...failed(action.payload, null), id: state.check.id };
    },
    checkClosed(state) {
      state.check = { ...idle(null), id: null };
    },
    ...removalReducers<LibraryState>(
      (state, id) => {
        if (state.search.data.some((b) => b.id_eBook === id)) state.search.total -= 1;
        state.search.data = state.search.data.filter((b) => b.id_eBook !== id);
      },
      (state) => {
        state.check = { ...idle(null), id: null };
      },
    ),
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialLibraryState);
  },
});

export const libraryActions = slice.actions;
export const libraryReducer = slice.reducer;

type WithLibrary = { library: LibraryState };
export const selectLibrary = (state: WithLibrary) => state.library;
