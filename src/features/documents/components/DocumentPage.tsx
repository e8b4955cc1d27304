/** One document: its texts, audience, and every version newest first with its date, uploader and file; for its managers a new version, an edit and the withdrawal. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@components/Spinner';
import { useFileSize } from '@components/FileTypeIcon';
import { formatDateTime } from '@lib/dates';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { documentFileUrl } from '../documents.api';
import { documentsActions as A, selectDocuments } from '../documents.slice';
import { DocumentActions } from './DocumentActions';
import { VersionForm } from './VersionForm';

export function DocumentPage({ id, onBack }: { id: number; onBack: () => void }) {
  const { t, i18n } = useTranslation('documents');
  const dispatch = useAppDispatch();
  const fileSize = useFileSize();
  const { detail, form, withdraw } = useAppSelector(selectDocuments);
  // Withdrawn from here: back to the list, where it is gone.
  useEffect(() => {
    if (withdraw.withdrawn === id) onBack();
  }, [withdraw.withdrawn, id, onBack]);
  const back = (
    <button type="button" className="btn btn-ghost doc-back" onClick={onBack} data-testid="doc-back">
      {t('back')}
    </button>
  );
  if (detail.error)
    return (
      <>
        {back}
        {detail.error.status === 404 ? (
          <p className="card muted" data-testid="doc-not-found">
            {t('notFound')}
          </p>
        ) : (
          <LoadFailed failure={detail.error} onRetry={() => dispatch(A.documentOpened({ id }))} />
        )}
      </>
    );
  const d = detail.data;
  if (!d || d.document.id !== id)
    return (
      <>
        {back}
        <Spinner label={t('loading')} />
      </>
    );
  const doc = d.document;
  return (
    <article className="doc-page" aria-labelledby="doc-page-title" data-testid="doc-page">
      {back}
      <h2 id="doc-page-title">{doc.title}</h2>
      {doc.description ? <p>{doc.description}</p> : null}
      <p className="doc-tags muted small">
        <span className="doc-tag">{t(`categories.${doc.category}`)}</span>
        <span className="doc-tag">{t(`audiences.${doc.audience}`)}</span>
        {doc.faculty ? <span className="doc-tag">{doc.faculty}</span> : null}
      </p>
      <DocumentActions detail={d} />
      {form === 'version' ? <VersionForm id={doc.id} /> : null}
      <h3>{t('versions')}</h3>
      <ol className="doc-versions" data-testid="doc-versions">
        {d.versions.map((v, i) => (
          <li key={v.id} className="card doc-version" data-testid="doc-version">
            <p>
              <strong>{t('versionNumber', { n: v.number })}</strong>
              {i === 0 ? <span className="doc-tag doc-newest">{t('newest')}</span> : null}
            </p>
            <p className="muted small">{t('uploaded', { date: formatDateTime(v.uploadedAt, i18n.resolvedLanguage), who: v.uploadedBy })}</p>
            {v.note ? <p className="small">{v.note}</p> : null}
            <a className="btn btn-secondary" href={documentFileUrl(doc.id, v.id)} download aria-label={t('downloadVersion', { n: v.number, name: v.fileName })}>
              {v.fileName} <span className="muted small">({fileSize(v.fileSize)})</span>
            </a>
          </li>
        ))}
      </ol>
    </article>
  );
}
