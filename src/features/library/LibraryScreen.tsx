/**
 * /lms/library (docs/product.md#library): the search across the library, base categories and
 * categories, the books of the chosen category with the local search by title or author, adding,
 * editing (with real upload progress and cancel) and deleting after the check and a confirmation.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Book } from '../../../contract/library';
import { SEARCH_MIN } from '../../api/library';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorLine } from '../../components/fields';
import { Select } from '../../components/Select';
import { Spinner } from '../../components/Spinner';
import { selectMaxSizeMb } from '../../shared/config/config';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { describeFailure } from '../../shared/request/errors';
import { LoadFailed } from '../../shared/request/LoadFailed';
import { usePageTitle } from '../../lib/usePageTitle';
import { BookForm } from './components/BookForm';
import { BookRow } from './components/BookRow';
import { BY_AUTHOR, BY_NAME, filterBooks, type SearchMode } from './library.filter';
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
  const [globalText, setGlobalText] = useState('');
  const [globalError, setGlobalError] = useState(false);
  /** The form: closed, a new book, or the book being edited. */
  const [form, setForm] = useState<{ book: Book | null } | null>(null);
  const filterId = useId();
  const globalId = useId();
  usePageTitle(t('title'));

  useEffect(() => {
    dispatch(libraryActions.opened());
  }, [dispatch]);

  // The form closes once its save succeeded.
  const [savedSeen, setSavedSeen] = useState(save.saved);
  if (save.saved !== savedSeen) {
    setSavedSeen(save.saved);
    setForm(null);
  }

  const submitGlobal = (e: FormEvent) => {
    e.preventDefault();
    const text = globalText.trim();
    if (text.length < SEARCH_MIN) {
      setGlobalError(true);
      return;
    }
    setGlobalError(false);
    dispatch(libraryActions.searchRequested({ text }));
  };

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
  const category = categories.data.find((c) => c.id_bookCategory === categoryId);
  const confirming = check.data === true && check.id !== null ? check.id : null;
  const confirmBook = shown.find((b) => b.id_eBook === confirming);

  return (
    <div className="library-screen">
      <div className="library-head">
        <h1 className="library-title">{t('title')}</h1>
        {!form && quota.data?.mayAdd ? (
          <button type="button" className="btn btn-primary" onClick={() => openForm(null)} data-testid="library-add">
            {t('actions.add')}
          </button>
        ) : null}
      </div>

      <form className="card library-global" role="search" onSubmit={submitGlobal} aria-label={t('global.label')}>
        <label htmlFor={globalId}>{t('global.label')}</label>
        <div className="library-global-row">
          <input
            id={globalId}
            className={`input${globalError ? ' invalid' : ''}`}
            type="search"
            value={globalText}
            maxLength={100}
            onChange={(e) => setGlobalText(e.target.value)}
            placeholder={t('global.placeholder')}
            aria-invalid={globalError}
            aria-describedby={globalError ? `${globalId}-error` : undefined}
          />
          <button type="submit" className="btn btn-secondary">
            {t('global.submit')}
          </button>
        </div>
        {globalError ? (
          <p id={`${globalId}-error`} className="field-error">
            {t('global.tooShort', { count: SEARCH_MIN })}
          </p>
        ) : null}
      </form>

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

      <div className="library-layout">
        <nav className="card library-nav" aria-label={t('categories.label')}>
          <Select
            id="library-base"
            label={t('fields.category')}
            options={bases.data.map((b) => ({ id: b.id_baseBookCategory, name: b.name }))}
            value={baseId ?? -1}
            blank={false}
            onChange={(id) => dispatch(libraryActions.baseSelected({ id }))}
          />
          <h2 className="library-nav-title">{t('fields.subcategory')}</h2>
          <ul className="library-categories" aria-busy={categories.fetching || bases.fetching}>
            {categories.data.map((c) => (
              <li key={c.id_bookCategory}>
                <button
                  type="button"
                  className={`library-category${c.id_bookCategory === categoryId && !searching ? ' active' : ''}`}
                  aria-current={c.id_bookCategory === categoryId && !searching ? 'true' : undefined}
                  onClick={() => dispatch(libraryActions.categorySelected({ id: c.id_bookCategory }))}
                >
                  <span>{c.name}</span>
                  <span className="library-count" aria-label={t('categories.count', { count: c.count })}>
                    {c.count}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {bases.error || categories.error ? (
            <LoadFailed
              failure={(bases.error ?? categories.error)!}
              onRetry={() => dispatch(bases.error || baseId === null ? libraryActions.opened() : libraryActions.baseSelected({ id: baseId }))}
            />
          ) : null}
        </nav>

        <section className="library-books" aria-labelledby="library-books-title" aria-busy={books.fetching || search.fetching}>
          {searching ? (
            <div className="library-books-head">
              <h2 id="library-books-title">{t('global.results', { text: search.text })}</h2>
              <button type="button" className="btn btn-ghost" onClick={() => dispatch(libraryActions.searchClosed())}>
                {t('global.close')}
              </button>
              {(!search.fetching && !search.error) || search.data.length > 0 ? (
                <p className="library-result" role="status">
                  {search.total > 0 ? t('search.found', { count: search.total }) : t('global.nothing', { text: search.text })}
                </p>
              ) : null}
            </div>
          ) : (
            <div className="library-books-head">
              <h2 id="library-books-title">{category?.name ?? t('title')}</h2>
              <div className="library-filter">
                <div className="field">
                  <label htmlFor={filterId}>{t('search.label')}</label>
                  <input
                    id={filterId}
                    className="input"
                    type="search"
                    value={filter}
                    onChange={(e) => setFilter(e.target.value)}
                    data-testid="library-filter"
                  />
                </div>
                <Select
                  id="library-filter-mode"
                  label={t('search.mode')}
                  options={[
                    { id: BY_NAME, name: t('search.byName') },
                    { id: BY_AUTHOR, name: t('search.byAuthor') },
                  ]}
                  value={mode}
                  blank={false}
                  onChange={(id) => setMode(id === BY_AUTHOR ? BY_AUTHOR : BY_NAME)}
                />
              </div>
              {local.kind !== 'all' && !books.fetching ? (
                <p className="library-result" role="status" data-testid="library-result">
                  {local.kind === 'found'
                    ? t('search.found', { count: local.books.length })
                    : t('search.none', { text: filter.trim(), count: local.books.length })}
                </p>
              ) : null}
            </div>
          )}

          {remove.error ? (
            <ErrorLine
              message={t('delete.failed')}
              detail={describeFailure(t, remove.error) || undefined}
              onClose={() => dispatch(libraryActions.deleteErrorCleared())}
            />
          ) : null}
          {check.data === false ? <ErrorLine message={t('delete.notAllowed')} onClose={() => dispatch(libraryActions.checkClosed())} /> : null}
          {check.error ? (
            <ErrorLine
              message={t('delete.failed')}
              detail={describeFailure(t, check.error) || undefined}
              onClose={() => dispatch(libraryActions.checkClosed())}
            />
          ) : null}

          {books.fetching || search.fetching ? (
            <div className="library-loading">
              <Spinner label={t('cm:loading')} />
            </div>
          ) : null}
          {searching && search.error ? (
            <LoadFailed what={t('loadError')} failure={search.error} onRetry={() => dispatch(libraryActions.searchRequested({ text: search.text ?? '' }))} />
          ) : null}
          {!searching && books.error ? (
            <LoadFailed
              what={t('loadError')}
              failure={books.error}
              onRetry={() => dispatch(categoryId === null ? libraryActions.opened() : libraryActions.categorySelected({ id: categoryId }))}
            />
          ) : null}
          {!books.fetching && !searching && !books.error && categoryId !== null && books.data.length === 0 ? (
            <p className="card muted library-empty">{t('empty')}</p>
          ) : null}

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
