/**
 * /lms/library (docs/areas/library.md#for-users): the search across the library, base categories and
 * categories, the books of the chosen category with the local search by title or author, adding,
 * editing (with real upload progress and cancel) and deleting after the check and a confirmation.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Book } from '@contract/library';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { selectMaxSizeMb } from '@shared/config/config';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { UnconfirmedSave } from '@shared/upload/UnconfirmedSave';
import { pending } from '@shared/request/loadable';
import { BookForm } from './components/BookForm';
import { BookRow } from './components/BookRow';
import { BooksState } from './components/BooksState';
import { CategoryHead, SearchHead } from './components/BooksHead';
import { CategoryNav } from './components/CategoryNav';
import { GlobalSearch } from './components/GlobalSearch';
import { BY_NAME, filterBooks, type SearchMode } from './library.filter';
import { libraryActions, selectLibrary, type BookDraft } from './library.slice';
import './library.css';

export default function LibraryScreen() {
  const { t } = useTranslation(['library', 'cm']);
  const dispatch = useAppDispatch();
  const maxSizeMb = useAppSelector(selectMaxSizeMb);
  const state = useAppSelector(selectLibrary);
  const { bases, baseId, categories, categoryId, books, search, save, check, remove, quota, formCategories } = state;
  const [filter, setFilter] = useState('');
  const [mode, setMode] = useState<SearchMode>(BY_NAME);
  /** The form: closed, a new book, or the book being edited. */
  const [form, setForm] = useState<{ book: Book | null } | null>(null);

  useEffect(() => {
    dispatch(libraryActions.opened());
  }, [dispatch]);

  // The form closes once its save succeeded.
  const [savedSeen, setSavedSeen] = useState(save.saved);
  if (save.saved !== savedSeen) {
    setSavedSeen(save.saved);
    setForm(null);
  }

  /** Opens the form on a new book (in the list's base category) or on a book, in its own base category. */
  const openForm = (book: Book | null) => {
    setForm({ book });
    const base = book?.id_baseBookCategory ?? baseId;
    if (base !== null) dispatch(libraryActions.formBaseSelected({ id: base }));
  };
  const submitDraft = useCallback((draft: BookDraft) => dispatch(libraryActions.saveRequested(draft)), [dispatch]);
  const searching = search.text !== null;
  const local = filterBooks(books.data, filter, mode);
  const shown = searching ? search.data : local.books;
  const confirming = check.data === true && check.id !== null ? check.id : null;
  const confirmBook = shown.find((b) => b.id_eBook === confirming);
  // Until the base categories, the chosen one's categories and its books have answered, the list shows progress, never "empty".
  const categoriesWaiting = pending(bases) || (baseId !== null && pending(categories));
  const booksWaiting = searching ? search.fetching : books.fetching || categoriesWaiting;

  return (
    <div className="library-screen">
      <div className="screen-head">
        <h1 className="screen-title">{t('title')}</h1>
        {!form && quota.data?.mayAdd ? (
          <button type="button" className="btn btn-primary" onClick={() => openForm(null)} data-testid="library-add">
            {t('actions.add')}
          </button>
        ) : null}
      </div>

      <GlobalSearch />

      {form ? (
        <BookForm
          key={form.book?.id_eBook ?? 'new'}
          book={form.book}
          bases={bases.data}
          baseId={formCategories.baseId}
          categories={formCategories.data}
          categoryId={categoryId}
          onBaseChange={(id) => dispatch(libraryActions.formBaseSelected({ id }))}
          maxSizeMb={maxSizeMb}
          quota={quota.data}
          busy={save.fetching}
          progress={save.progress}
          error={save.error}
          onSubmit={submitDraft}
          onCancelUpload={() => dispatch(libraryActions.saveCancelled())}
          onClose={() => setForm(null)}
          onErrorClose={() => dispatch(libraryActions.saveErrorCleared())}
        />
      ) : null}

      {save.unconfirmed ? <UnconfirmedSave ns="library" onClose={() => dispatch(libraryActions.saveNoticeCleared())} /> : null}

      <div className="library-layout">
        <CategoryNav searching={searching} waiting={categoriesWaiting} />

        <section className="library-books" aria-labelledby="library-books-title" aria-busy={booksWaiting}>
          {searching ? <SearchHead /> : <CategoryHead filter={filter} onFilter={setFilter} mode={mode} onMode={setMode} local={local} />}

          <BooksState searching={searching} waiting={booksWaiting} />

          <div className="library-list">
            {shown.map((book) => (
              <BookRow
                key={book.id_eBook}
                book={book}
                showCategory={searching}
                busy={(remove.fetching && remove.id === book.id_eBook) || (check.fetching && check.id === book.id_eBook)}
                onEdit={() => openForm(book)}
                onDelete={() => dispatch(libraryActions.deleteChecked({ id: book.id_eBook }))}
              />
            ))}
          </div>
          {searching && !search.fetching && search.data.length > 0 && search.data.length < search.total ? (
            <button type="button" className="btn btn-ghost library-more" onClick={() => dispatch(libraryActions.searchMoreRequested())}>
              {t('global.more', { shown: search.data.length, total: search.total })}
            </button>
          ) : null}
        </section>
      </div>

      {confirming !== null ? (
        <ConfirmDialog
          title={t('delete.title')}
          text={t(confirmBook?.isFromUmk ? 'delete.textFromUmk' : 'delete.text', { name: confirmBook?.name ?? '' })}
          confirm={t('delete.confirm')}
          cancel={t('delete.cancel')}
          onCancel={() => dispatch(libraryActions.checkClosed())}
          onConfirm={() => dispatch(libraryActions.deleteRequested({ id: confirming }))}
        />
      ) : null}
    </div>
  );
}
