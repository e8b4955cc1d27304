import { useTranslation } from 'react-i18next';
import { Select } from '@components/Select';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { pending } from '@shared/request/loadable';
import { libraryActions, selectLibrary } from '../library.slice';

/** The base categories (a select) and the chosen one's categories, each with its count of books. */
export function CategoryNav({ searching, waiting }: { searching: boolean; waiting: boolean }) {
  const { t } = useTranslation(['library', 'cm']);
  const dispatch = useAppDispatch();
  const { bases, baseId, categories, categoryId } = useAppSelector(selectLibrary);
  return (
    <nav className="card library-nav" aria-label={t('categories.label')}>
      <Select
        id="library-base"
        label={t('fields.category')}
        options={bases.data.map((b) => ({ id: b.id_baseBookCategory, name: b.name }))}
        value={baseId ?? -1}
        blank={false}
        loading={pending(bases)}
        onChange={(id) => dispatch(libraryActions.baseSelected({ id }))}
      />
      <h2 className="library-nav-title">{t('fields.subcategory')}</h2>
      {waiting ? (
        <div className="library-loading">
          <Spinner label={t('cm:loading')} />
        </div>
      ) : null}
      <ul className="library-categories" aria-busy={waiting}>
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
  );
}
