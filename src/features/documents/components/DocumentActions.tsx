/**
 * What who manages the opened document does with it: a new version, its details edited, and its
 * withdrawal after a confirmation (then DocumentPage goes back to the list, where it is gone).
 */
import { useTranslation } from 'react-i18next';
import type { DocumentDetail } from '@contract/documents';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { documentsActions as A, selectDocuments } from '../documents.slice';
import { EditForm } from './EditForm';

export function DocumentActions({ detail }: { detail: DocumentDetail }) {
  const { t } = useTranslation('documents');
  const dispatch = useAppDispatch();
  const { form, withdraw } = useAppSelector(selectDocuments);
  const doc = detail.document;
  if (!doc.canManage) return null;
  return (
    <>
      <div className="doc-actions" role="group" aria-label={t('manage.label')}>
        {form !== 'version' ? (
          <button type="button" className="btn btn-primary" onClick={() => dispatch(A.formShown('version'))} data-testid="doc-new-version">
            {t('upload.newVersion')}
          </button>
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={() => dispatch(A.formShown('edit'))} data-testid="doc-edit">
          {t('manage.edit')}
        </button>
        <button type="button" className="btn btn-danger" onClick={() => dispatch(A.withdrawAsked(true))} data-testid="doc-withdraw">
          {t('manage.withdraw')}
        </button>
      </div>
      {withdraw.failure ? (
        <p className="field-error" role="alert" data-testid="doc-withdraw-error">
          {describeFailure(t, withdraw.failure)}
        </p>
      ) : null}
      {form === 'edit' ? <EditForm detail={detail} /> : null}
      {withdraw.asking ? (
        <ConfirmDialog
          title={t('manage.confirmTitle')}
          text={t('manage.confirmText', { name: doc.title })}
          confirm={t('manage.confirm')}
          cancel={t('upload.cancel')}
          busy={withdraw.busy}
          onConfirm={() => dispatch(A.withdrawRequested({ id: doc.id }))}
          onCancel={() => dispatch(A.withdrawAsked(false))}
        />
      ) : null}
    </>
  );
}
