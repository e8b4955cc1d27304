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
import { SelectField, TextField } from '@components/fields';
import { Spinner } from '@components/Spinner';
import { usePreloadYup, yupValidator } from '@lib/validation';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { AUDIENCES, CATEGORIES } from '../documents.api';
import { documentsActions as A, selectDocuments } from '../documents.slice';
import { LANGS, textRules } from './formParts';

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
          {LANGS.map((l) => (
            <TextField key={l} name={`title${l}`} label={t(`form.title${l}`)} prose />
          ))}
          {LANGS.map((l) => (
            <TextField key={l} name={`description${l}`} label={t(`form.description${l}`)} hint={t('form.optional')} multiline prose />
          ))}
          <SelectField name="category" label={t('form.category')} options={CATEGORIES.map((c) => ({ id: c, name: t(`categories.${c}`) }))} />
          <SelectField name="audience" label={t('form.audience')} options={AUDIENCES.map((a) => ({ id: a, name: t(`audiences.${a}`) }))} />
          <div className="doc-form-wide">
            {edit.failure ? (
              <p className="field-error" role="alert" data-testid="doc-edit-error">
                {describeFailure(t, edit.failure)}
              </p>
            ) : null}
            <div className="doc-actions">
              <button type="submit" className="btn btn-primary" disabled={edit.busy} aria-busy={edit.busy} data-testid="doc-edit-submit">
                {edit.busy ? <Spinner size="sm" /> : null}
                {edit.busy ? t('manage.saving') : t('manage.save')}
              </button>
              <button type="button" className="btn btn-ghost" onClick={close} disabled={edit.busy}>
                {t('upload.cancel')}
              </button>
            </div>
          </div>
        </Form>
      </Formik>
    </Dialog>
  );
}
