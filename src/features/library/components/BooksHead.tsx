import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@components/Select';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { BY_AUTHOR, BY_NAME, type filterBooks, type SearchMode } from '../library.filter';
import { libraryActions, selectLibrary } from '../library.slice';

/** The head of the search's results: what was searched, how many found, and the way back to the category. */
export function SearchHead() {
  const { t } = useTranslation(['library', 'cm']);
  const dispatch = useAppDispatch();
  const { search } = useAppSelector(selectLibrary);
  return (
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
  );
}

interface CategoryHeadProps {
  filter: string;
  onFilter: (text: string) => void;
  mode: SearchMode;
  onMode: (mode: SearchMode) => void;
  /** The category's books as the local search leaves them. */
  local: ReturnType<typeof filterBooks>;
}

/** The head of a category's books: its name and the local search by title or author, with what it found. */
export function CategoryHead({ filter, onFilter, mode, onMode, local }: CategoryHeadProps) {
  const { t } = useTranslation(['library', 'cm']);
  const { categories, categoryId, books } = useAppSelector(selectLibrary);
  const filterId = useId();
  const category = categories.data.find((c) => c.id_bookCategory === categoryId);
  return (
    <div className="library-books-head">
      <h2 id="library-books-title">{category?.name ?? t('title')}</h2>
      <div className="library-filter">
        <div className="field">
          <label htmlFor={filterId}>{t('search.label')}</label>
          <input id={filterId} className="input" type="search" value={filter} onChange={(e) => onFilter(e.target.value)} data-testid="library-filter" />
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
          onChange={(id) => onMode(id === BY_AUTHOR ? BY_AUTHOR : BY_NAME)}
        />
      </div>
      {local.kind !== 'all' && books.loaded ? (
        <p className="library-result" role="status" data-testid="library-result">
          {local.kind === 'found' ? t('search.found', { count: local.books.length }) : t('search.none', { text: filter.trim(), count: local.books.length })}
        </p>
      ) : null}
    </div>
  );
}
