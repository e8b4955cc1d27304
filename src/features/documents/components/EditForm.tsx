/**
 * The opened document's details corrected by who manages it: its titles and descriptions in the three
 * languages, category and audience (its faculty and files stay), in a dialog. The server checks
 * everything again; its refusal is said above the buttons.
 */
import { useMemo } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { DocumentDetail, DocumentUpdateBody } from '@contract/documents';
import { Dialog } from '@components/Dialog';
import { usePreloadYup, yupValidator } from '@lib/validation';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { documentsActions as A, selectDocuments } from '../documents.slice';
import { DescribingFields, DocumentFormEnd, textRules } from './formParts';

type EditValues = Omit<DocumentUpdateBody, 'id'>;

export function EditForm({ detail }: { detail: DocumentDetail }) {
  const { t } = useTranslation('documents');
  const dispatch = useAppDispatch();
  const { edit } = useAppSelector(selectDocuments);
  usePreloadYup();
  const close = () => {
    if (!edit.busy) dispatch(A.formShown(null));
  };
  const initial: EditValues = { ...detail.texts, category: detail.document.category, audience: detail.document.audience };
  const validate = useMemo(
    () =>
      yupValidator<EditValues>((yup) =>
        yup.object({ ...textRules(yup, t), category: yup.string().required(t('form.required')), audience: yup.string().required(t('form.required')) }),
      ),
    [t],
  );
  const submit = (v: EditValues) => {
    const trimmed = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x).trim()])) as EditValues;
    dispatch(A.updateRequested({ ...trimmed, id: detail.document.id }));
  };
  return (
    <Dialog title={t('manage.editTitle')} onClose={close} className="dialog card doc-dialog" testId="doc-edit-form">
      <Formik<EditValues> initialValues={initial} validate={validate} onSubmit={submit}>
        <Form noValidate aria-label={t('manage.editTitle')} className="doc-form-grid">
          <DescribingFields />
          <DocumentFormEnd
            failure={edit.failure}
            errorTestId="doc-edit-error"
            busy={edit.busy}
            submit={edit.busy ? t('manage.saving') : t('manage.save')}
            submitTestId="doc-edit-submit"
            onCancel={close}
          />
        </Form>
      </Formik>
    </Dialog>
  );
}
