import { useTranslation } from 'react-i18next';
import { ErrorLine } from '@components/fields';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { LoadFailed } from '@shared/request/LoadFailed';
import { libraryActions, selectLibrary } from '../library.slice';

/** What the list of books says above its rows: a refused or failed delete, its progress, a failed load with its retry, an empty category. */
export function BooksState({ searching, waiting }: { searching: boolean; waiting: boolean }) {
  const { t } = useTranslation(['library', 'cm']);
  const dispatch = useAppDispatch();
  const { categoryId, books, search, check, remove } = useAppSelector(selectLibrary);
  return (
    <>
      {remove.error ? (
        <ErrorLine
          message={t('delete.failed')}
          detail={describeFailure(t, remove.error) || undefined}
          onClose={() => dispatch(libraryActions.deleteErrorCleared())}
        />
      ) : null}
      {check.data === false ? <ErrorLine message={t('delete.notAllowed')} onClose={() => dispatch(libraryActions.checkClosed())} /> : null}
      {check.error ? (
        <ErrorLine message={t('delete.failed')} detail={describeFailure(t, check.error) || undefined} onClose={() => dispatch(libraryActions.checkClosed())} />
      ) : null}

      {waiting ? (
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
      {!searching && books.loaded && categoryId !== null && books.data.length === 0 ? <p className="card muted library-empty">{t('empty')}</p> : null}
    </>
  );
}
