/**
 * The upload of a new document (the administrator's, a dean's office's): its title in one language at
 * least, descriptions, category, audience, faculty (a dean's office: its own) and file (PDF, DOCX, XLSX
 * or ODT up to MAX_MB), in a dialog. The server checks everything again; its refusal is said above the buttons.
 */
import { useMemo } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@components/Dialog';
import { FileField } from '@components/FileField';
import { SelectField } from '@components/fields';
import { usePreloadYup, yupValidator } from '@lib/validation';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { ACCEPT, MAX_MB } from '../documents.api';
import { documentsActions as A, selectDocuments, type DocumentDraft } from '../documents.slice';
import { DescribingFields, fileRule, SaveButtons, textRules } from './formParts';

export function DocumentForm() {
  const { t } = useTranslation('documents');
  const dispatch = useAppDispatch();
  const { options, save } = useAppSelector(selectDocuments);
  // Escape or a click beside it closes it, unless the file is on its way.
  const close = () => {
    if (!save.fetching) dispatch(A.formShown(null));
  };
  usePreloadYup();
  const faculties = options.data?.faculties ?? [];
  const required = options.data?.facultyRequired ?? false;
  const initial: DocumentDraft = {
    titleRu: '',
    titleKg: '',
    titleEn: '',
    descriptionRu: '',
    descriptionKg: '',
    descriptionEn: '',
    category: '',
    audience: '',
    facultyId: required && faculties.length === 1 ? String(faculties[0].id) : '',
    file: null,
  };
  const validate = useMemo(
    () =>
      yupValidator<DocumentDraft>((yup) => {
        return yup.object({
          ...textRules(yup, t),
          category: yup.string().required(t('form.required')),
          audience: yup.string().required(t('form.required')),
          facultyId: required ? yup.string().required(t('form.required')) : yup.string(),
          file: fileRule(yup, t),
        });
      }),
    [t, required],
  );
  return (
    <Dialog title={t('upload.new')} onClose={close} className="dialog card doc-dialog" testId="doc-form">
      <Formik<DocumentDraft> initialValues={initial} validate={validate} onSubmit={(values) => void dispatch(A.createRequested(values))}>
        <Form noValidate aria-label={t('upload.new')} className="doc-form-grid">
          <DescribingFields />
          <SelectField name="facultyId" label={t('form.faculty')} hint={required ? undefined : t('form.facultyHint')} options={faculties} />
          <FileField name="file" label={t('form.file')} hint={t('form.fileHint', { max: MAX_MB })} required accept={ACCEPT} />
          <SaveButtons />
        </Form>
      </Formik>
    </Dialog>
  );
}
