/** A new version of the opened document: its file and an optional note; the old versions are kept. */
import { useMemo } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { FileField } from '@components/FileField';
import { TextField } from '@components/fields';
import { usePreloadYup, yupValidator } from '@lib/validation';
import { useAppDispatch } from '@shared/hooks';
import { ACCEPT, MAX_MB } from '../documents.api';
import { documentsActions as A, type VersionDraft } from '../documents.slice';
import { fileRule, SaveButtons } from './formParts';

export function VersionForm({ id }: { id: number }) {
  const { t } = useTranslation('documents');
  const dispatch = useAppDispatch();
  usePreloadYup();
  const validate = useMemo(
    () =>
      yupValidator<VersionDraft>((yup) =>
        yup.object({
          note: yup
            .string()
            .trim()
            .max(500, t('form.tooLong', { max: 500 })),
          file: fileRule(yup, t),
        }),
      ),
    [t],
  );
  return (
    <section className="card doc-form" aria-labelledby="doc-version-title" data-testid="doc-version-form">
      <h3 id="doc-version-title">{t('upload.newVersion')}</h3>
      <Formik<VersionDraft> initialValues={{ id, note: '', file: null }} validate={validate} onSubmit={(values) => void dispatch(A.versionRequested(values))}>
        <Form noValidate aria-labelledby="doc-version-title" className="doc-form-grid">
          <FileField name="file" label={t('form.file')} hint={t('form.fileHint', { max: MAX_MB })} required accept={ACCEPT} />
          <TextField name="note" label={t('form.note')} hint={t('form.optional')} prose />
          <SaveButtons />
        </Form>
      </Formik>
    </section>
  );
}
