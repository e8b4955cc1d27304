/** The documents found: each with its category, audience, faculty, version, date and the newest file. */
import { useTranslation } from 'react-i18next';
import { Spinner } from '@components/Spinner';
import { useFileSize } from '@components/FileTypeIcon';
import { formatDate } from '@lib/dates';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { documentFileUrl } from '../documents.api';
import { documentsActions as A, selectDocuments } from '../documents.slice';

export function DocumentList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation('documents');
  const dispatch = useAppDispatch();
  const fileSize = useFileSize();
  const { list, category, text } = useAppSelector(selectDocuments);

  if (list.error) return <LoadFailed failure={list.error} onRetry={() => dispatch(A.filtered({ category, text }))} />;
  if (!list.loaded)
    return (
      <div className="doc-loading" data-testid="doc-loading">
        <Spinner label={t('loading')} />
      </div>
    );
  if (list.data.length === 0)
    return (
      <p className="card muted" data-testid="doc-empty">
        {text ? t('emptySearch', { text }) : t('empty')}
      </p>
    );
  return (
    <ul className="doc-list" aria-label={t('listLabel', { count: list.data.length })} aria-busy={list.fetching || undefined} data-testid="doc-list">
      {list.data.map((d) => (
        <li key={d.id} className="card doc-item" data-testid="doc-item">
          <h2 className="doc-item-title">
            <a
              href={`?id=${d.id}`}
              onClick={(e) => {
                e.preventDefault();
                onOpen(d.id);
              }}
            >
              {d.title}
            </a>
          </h2>
          {d.description ? <p className="doc-item-desc">{d.description}</p> : null}
          <p className="doc-tags muted small">
            <span className="doc-tag">{t(`categories.${d.category}`)}</span>
            <span className="doc-tag">{t(`audiences.${d.audience}`)}</span>
            {d.faculty ? <span className="doc-tag">{d.faculty}</span> : null}
            <span>{t('versionOf', { n: d.version, date: formatDate(d.updatedAt, i18n.resolvedLanguage) })}</span>
          </p>
          <a className="btn btn-secondary doc-download" href={documentFileUrl(d.id)} download aria-label={t('downloadNamed', { name: d.title })}>
            {t('download')} <span className="muted small">({fileSize(d.fileSize)})</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
