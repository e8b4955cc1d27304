/**
 * /lms/documents (docs/areas/documents.md#for-users): the university's documents the user may read,
 * by category and search; `?id=` opens one with its versions. The administrator and a dean's office
 * upload documents and new versions.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { pending } from '@shared/request/loadable';
import { DocumentFilters } from './components/DocumentFilters';
import { DocumentForm } from './components/DocumentForm';
import { DocumentList } from './components/DocumentList';
import { DocumentPage } from './components/DocumentPage';
import { documentsActions as A, selectDocuments } from './documents.slice';
import './documents.css';

export default function DocumentsScreen() {
  const { t } = useTranslation('documents');
  const dispatch = useAppDispatch();
  const { options, list, form } = useAppSelector(selectDocuments);
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;

  useEffect(() => {
    dispatch(A.opened());
  }, [dispatch]);
  useEffect(() => {
    if (openId !== null) dispatch(A.documentOpened({ id: openId }));
  }, [dispatch, openId]);

  const open = (id: number | null) => setParams(id === null ? {} : { id: String(id) });
  const mayUpload = options.data?.mayUpload ?? false;

  return (
    <div className="doc-screen" aria-busy={pending(list)} data-testid="documents">
      <div className="doc-head">
        <h1>{t('title')}</h1>
        {mayUpload && openId === null && form === null ? (
          <button type="button" className="btn btn-primary" onClick={() => dispatch(A.formShown('new'))} data-testid="doc-new">
            {t('upload.new')}
          </button>
        ) : null}
      </div>
      {options.error ? <LoadFailed what={t('failed.options')} failure={options.error} onRetry={() => dispatch(A.opened())} /> : null}
      {form === 'new' ? <DocumentForm /> : null}
      {openId !== null ? (
        <DocumentPage id={openId} onBack={() => open(null)} />
      ) : (
        <>
          <DocumentFilters />
          <DocumentList onOpen={open} />
        </>
      )}
    </div>
  );
}
