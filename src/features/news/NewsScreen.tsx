/**
 * /lms/news and the news tab on phones (docs/areas/news.md#for-users): the composer for users with newsPerms,
 * then the feed with "load more"; the author of an item may delete it after a confirmation.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { selectMaxSizeMb } from '@shared/config/config';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { selectUser } from '@shared/session/session';
import { ErrorLine } from '@components/fields';
import { RefreshIcon } from '@components/icons';
import { Spinner } from '@components/Spinner';
import { describeFailure } from '@shared/request/errors';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { NewsCard } from './components/NewsCard';
import { NewsComposer } from './components/NewsComposer';
import { newsActions, selectNews, type NewsDraft } from './news.slice';
import './news.css';

export default function NewsScreen() {
  const { t } = useTranslation(['news', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const maxSizeMb = useAppSelector(selectMaxSizeMb);
  const { list, post, remove, faculties } = useAppSelector(selectNews);
  const [confirming, setConfirming] = useState<number | null>(null);
  // The item a notification opens (?item=<id>).
  const [params] = useSearchParams();
  const focus = Number(params.get('item') ?? NaN);

  const canPost = Boolean(user?.newsPerms);
  useEffect(() => {
    dispatch(newsActions.opened());
  }, [dispatch]);

  const submit = useCallback((draft: NewsDraft) => dispatch(newsActions.postRequested(draft)), [dispatch]);
  const edited = useCallback(() => dispatch(newsActions.postErrorCleared()), [dispatch]);
  const cancelDelete = useCallback(() => setConfirming(null), []);

  if (!user) return null;
  const { data: items, fetching, error, hasMore, page } = list;

  return (
    <div className="news-screen">
      <h1 className="news-title">{t('title')}</h1>
      {canPost ? (
        <NewsComposer
          maxSizeMb={maxSizeMb}
          faculties={faculties.data}
          busy={post.fetching}
          error={post.error}
          posted={post.posted}
          onSubmit={submit}
          onEdit={edited}
        />
      ) : null}

      {remove.error ? (
        <ErrorLine
          message={t('delete.failed')}
          detail={describeFailure(t, remove.error) || undefined}
          onClose={() => dispatch(newsActions.deleteErrorCleared())}
        />
      ) : null}

      <section className="news-feed" aria-label={t('feed')} aria-busy={fetching}>
        {items.map((item) => (
          <NewsCard
            key={item.id_eventMessage}
            item={item}
            canDelete={canPost && item.editable}
            deleting={remove.fetching && remove.id === item.id_eventMessage}
            onDelete={() => setConfirming(item.id_eventMessage)}
            focused={item.id_eventMessage === focus}
          />
        ))}

        {fetching ? (
          <div className="news-loading">
            <Spinner label={t('cm:loading')} />
          </div>
        ) : null}

        {!fetching && error ? (
          <div className="card news-error" role="alert">
            <p>
              {t('loadError')}: {describeFailure(t, error)}
            </p>
            <button type="button" className="btn btn-secondary" onClick={() => dispatch(newsActions.loadRequested({ page: page + 1 }))}>
              <RefreshIcon size={18} />
              {t('cm:actions.retry')}
            </button>
          </div>
        ) : null}

        {!fetching && !error && items.length === 0 ? <p className="card news-empty muted">{t('empty')}</p> : null}

        {!fetching && !error && hasMore ? (
          <button type="button" className="btn btn-secondary news-more" onClick={() => dispatch(newsActions.loadRequested({ page: page + 1 }))}>
            {t('loadMore')}
          </button>
        ) : null}
      </section>

      {confirming !== null ? (
        <ConfirmDialog
          title={t('delete.title')}
          text={t('delete.text')}
          confirm={t('delete.confirm')}
          cancel={t('delete.cancel')}
          busy={remove.fetching && remove.id === confirming}
          onCancel={cancelDelete}
          onConfirm={() => {
            dispatch(newsActions.deleteRequested({ id: confirming }));
            setConfirming(null);
          }}
        />
      ) : null}
    </div>
  );
}
