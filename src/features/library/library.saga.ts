/**
 * Library loads and writes: base categories → categories → books (the first of each is chosen),
 * the search across the library, saving a book with real upload progress (cancellable), the delete
 * check and the delete, after which the category reloads.
 */
import { call, put, select } from 'redux-saga/effects';
import { rootSaga } from '@shared/request/watchers';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@contract/auth';
import type { Book } from '@contract/library';
import type { AppConfig } from '@contract/config';
import { BOOK_SAVE_URL, COVER_FIELD, libraryApi } from './library.api';
import { configActions, selectConfig } from '@shared/config/config';
import { request, requireUser } from '@shared/request/request.saga';
import { cancellable, uploadAsUser } from '@shared/request/upload.saga';
import { isPdfFile, pdfCover } from './pdfCover';
import { libraryActions, selectLibrary, type BookDraft, type LibraryState } from './library.slice';

export function* openedSaga() {
  // The upload limit of the book form.
  const config = (yield select(selectConfig)) as AppConfig | null;
  if (!config) yield put(configActions.loadRequested());
  // Whether "add a book" shows, and the quota the form shows.
  yield put(libraryActions.quotaRequested());
  const state = (yield select(selectLibrary)) as LibraryState;
  if (state.bases.data.length > 0 && state.baseId !== null) {
    // Back on the screen: the chosen category reloads.
    if (state.categoryId !== null) yield put(libraryActions.categorySelected({ id: state.categoryId }));
    return;
  }
  yield put(libraryActions.basesRequested());
}

export function* basesSaga() {
  const result = yield* request(libraryApi.baseCategories, [], { succeeded: libraryActions.basesSucceeded, failed: libraryActions.basesFailed });
  if (result.ok && result.data.length > 0) yield put(libraryActions.baseSelected({ id: result.data[0].id_baseBookCategory }));
}

export function* categoriesSaga(action: PayloadAction<{ id: number }>) {
  const result = yield* request(libraryApi.categories, [{ id_baseBookCategory: action.payload.id }], {
    succeeded: libraryActions.categoriesSucceeded,
    failed: libraryActions.categoriesFailed,
  });
  if (result.ok && result.data.length > 0) yield put(libraryActions.categorySelected({ id: result.data[0].id_bookCategory }));
}

export function* booksSaga(action: PayloadAction<{ id: number }>) {
  yield* request(libraryApi.books, [{ id_bookCategory: action.payload.id }], { succeeded: libraryActions.booksSucceeded, failed: libraryActions.booksFailed });
}

/** The categories of the form's base category, unless the list already shows them. */
export function* formCategoriesSaga(action: PayloadAction<{ id: number }>) {
  const { formCategories } = (yield select(selectLibrary)) as LibraryState;
  if (!formCategories.fetching) return;
  const baseId = action.payload.id;
  yield* request(libraryApi.categories, [{ id_baseBookCategory: baseId }], {
    succeeded: (categories) => libraryActions.formCategoriesSucceeded({ baseId, categories }),
    failed: libraryActions.formCategoriesFailed,
  });
}

export function* quotaSaga() {
  yield* request(libraryApi.quota, [], { succeeded: libraryActions.quotaSucceeded, failed: libraryActions.quotaFailed });
}

export function* searchSaga(action: PayloadAction<{ text: string }>) {
  yield* request(libraryApi.search, [{ text: action.payload.text }], { succeeded: libraryActions.searchSucceeded, failed: libraryActions.searchFailed });
}

/** The next page of the search: from the number of books already shown. */
export function* searchMoreSaga() {
  const { search } = (yield select(selectLibrary)) as LibraryState;
  if (search.text === null) return;
  yield* request(libraryApi.search, [{ text: search.text, offset: search.data.length }], {
    succeeded: libraryActions.searchSucceeded,
    failed: libraryActions.searchFailed,
  });
}

/** The book counts of the shown base category, read again; the chosen category stays. */
export function* countsSaga() {
  const { baseId } = (yield select(selectLibrary)) as LibraryState;
  if (baseId === null) return;
  yield* request(libraryApi.categories, [{ id_baseBookCategory: baseId }], {
    succeeded: libraryActions.categoriesSucceeded,
    failed: libraryActions.categoriesFailed,
  });
}

/** The multipart form of insertupdatebook (its fields: docs/areas/library.md#calls), with a PDF's cover when one was made. */
export function bookForm(draft: BookDraft, user: User, cover: Blob | null = null): FormData {
  const form = new FormData();
  form.append('id_eBook', String(draft.id));
  form.append('nameBook', draft.name);
  form.append('author', draft.author);
  form.append('description', draft.description);
  form.append('totalPages', String(draft.totalPages));
  form.append('id_bookCategory', String(draft.categoryId));
  form.append('id_human', String(user.uid));
  form.append('id_humanType', String(user.role));
  form.append('isFromUmk', 'false');
  if (draft.file) {
    form.append('fileName', draft.file.name);
    form.append('selectedBookFileName', draft.file.name);
    form.append('files', draft.file, draft.file.name);
    if (cover) form.append(COVER_FIELD, cover, 'cover.jpg');
  }
  return form;
}

/** Saves with progress (a PDF with the cover made from it); a new book reloads its category (and the counts), an edit is replaced in place. */
export function* saveSaga(action: PayloadAction<BookDraft>) {
  const { file } = action.payload;
  // A PDF's first page becomes its cover; without one the book is saved all the same.
  const cover = file && isPdfFile(file) ? ((yield call(pdfCover, file)) as Blob | null) : null;
  const result = yield* uploadAsUser<Book>(BOOK_SAVE_URL, (user) => bookForm(action.payload, user, cover), {
    progress: libraryActions.saveProgressed,
    succeeded: libraryActions.saveSucceeded,
    failed: libraryActions.saveFailed,
  });
  if (!result?.ok) return;
  if (action.payload.file) yield put(libraryActions.quotaRequested());
  const state = (yield select(selectLibrary)) as LibraryState;
  if (action.payload.id === -1 && state.baseId !== null) {
    yield* request(libraryApi.categories, [{ id_baseBookCategory: state.baseId }], {
      succeeded: libraryActions.categoriesSucceeded,
      failed: libraryActions.categoriesFailed,
    });
  }
  if (action.payload.id === -1 || state.categoryId === result.data.id_bookCategory)
    yield put(libraryActions.categorySelected({ id: result.data.id_bookCategory }));
}

/**
 * After a cancel: a book whose file had been sent in full may have been saved (the server completes
 * such a save), so the counts, the quota and the book's category reload, as after a save.
 */
export function* cancelledSaga(action: PayloadAction<BookDraft>) {
  const state = (yield select(selectLibrary)) as LibraryState;
  if (!state.save.unconfirmed) return;
  yield put(libraryActions.countsRequested());
  yield put(libraryActions.quotaRequested());
  // A new book's category, or the list shown (an edited book may have left it).
  const categoryId = action.payload.id === -1 ? action.payload.categoryId : state.categoryId;
  if (state.search.text === null && categoryId !== null) yield put(libraryActions.categorySelected({ id: categoryId }));
}

export function* checkSaga(action: PayloadAction<{ id: number }>) {
  const user = (yield* requireUser(libraryActions.checkFailed)) as User | null;
  if (!user) return;
  yield* request(libraryApi.deleteCheck, [{ id_human: user.uid, id_EBook: action.payload.id }], {
    succeeded: (data) => libraryActions.checkSucceeded({ id: data.id_EBook, canDeleteBook: data.canDeleteBook }),
    failed: libraryActions.checkFailed,
  });
}

/** docs/areas/library.md#for-users: a delete reloads the counts of the categories and the book list of the category. */
export function* deleteSaga(action: PayloadAction<{ id: number }>) {
  const user = (yield* requireUser(libraryActions.deleteFailed)) as User | null;
  if (!user) return;
  const state = (yield select(selectLibrary)) as LibraryState;
  const book = [...state.books.data, ...state.search.data].find((b) => b.id_eBook === action.payload.id);
  const result = yield* request(libraryApi.remove, [{ id_human: user.uid, id_EBook: action.payload.id, isFromUMK: book?.isFromUmk ?? false }], {
    succeeded: () => libraryActions.deleteSucceeded({ id: action.payload.id }),
    failed: libraryActions.deleteFailed,
  });
  if (!result.ok) return;
  yield put(libraryActions.countsRequested());
  yield put(libraryActions.quotaRequested());
  const after = (yield select(selectLibrary)) as LibraryState;
  if (after.search.text === null) yield put(libraryActions.categorySelected({ id: result.data.id_bookCategory }));
}

export const librarySaga = rootSaga({
  latest: [
    [libraryActions.opened, openedSaga],
    [libraryActions.basesRequested, basesSaga],
    [libraryActions.baseSelected, categoriesSaga],
    [libraryActions.categorySelected, booksSaga],
    [
      [libraryActions.searchRequested, libraryActions.searchMoreRequested],
      function* (action: PayloadAction<{ text: string } | undefined>) {
        if (action.type === libraryActions.searchMoreRequested.type) yield* searchMoreSaga();
        else yield* searchSaga(action as PayloadAction<{ text: string }>);
      },
    ],
    [libraryActions.countsRequested, countsSaga],
    [libraryActions.quotaRequested, quotaSaga],
    [libraryActions.formBaseSelected, formCategoriesSaga],
    [libraryActions.saveRequested, cancellable(saveSaga, libraryActions.saveCancelled.type, cancelledSaga)],
    [libraryActions.deleteChecked, checkSaga],
  ],
  every: [[libraryActions.deleteRequested, deleteSaga]],
});
