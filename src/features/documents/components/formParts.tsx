/**
 * What the forms share: the texts' and the file's rules, the fields of a document's texts, category
 * and audience, and the buttons with the refusal (for an upload, with its progress).
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Failure } from '@api/http';
import { SelectField, TextField } from '@components/fields';
import { FormEnd } from '@components/FormEnd';
import type { YupModule } from '@lib/validation';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { AUDIENCES, CATEGORIES, MAX_MB } from '../documents.api';
import { documentsActions as A, selectDocuments } from '../documents.slice';

const KINDS = /\.(pdf|docx|xlsx|odt)$/i;
export const LANGS = ['Ru', 'Kg', 'En'] as const;

/** The six texts' rules: a title in one language at least, each within its length (the contract's). */
export function textRules(yup: YupModule, t: TFunction) {
  const title = yup
    .string()
    .trim()
    .max(200, t('form.tooLong', { max: 200 }));
  const description = yup
    .string()
    .trim()
    .max(2000, t('form.tooLong', { max: 2000 }));
  return {
    titleRu: title.test('one-title', t('form.titleNeeded'), (_v, ctx) => LANGS.some((l) => String(ctx.parent[`title${l}`] ?? '').trim() !== '')),
    titleKg: title,
    titleEn: title,
    descriptionRu: description,
    descriptionKg: description,
    descriptionEn: description,
  };
}

/** A file is needed, of an allowed kind by its name (the server checks its content) and within the size limit. */
export function fileRule(yup: YupModule, t: TFunction) {
  return yup
    .mixed<File>()
    .required(t('form.fileNeeded'))
    .test('kind', t('form.fileKind'), (f) => !f || KINDS.test(f.name))
    .test('size', t('form.fileSize', { max: MAX_MB }), (f) => !f || f.size <= MAX_MB * 1024 * 1024);
}

/** The fields of a new document and of a corrected one: the titles and descriptions in the three languages, the category and the audience. */
export function DescribingFields() {
  const { t } = useTranslation('documents');
  return (
    <>
      {LANGS.map((l) => (
        <TextField key={l} name={`title${l}`} label={t(`form.title${l}`)} prose />
      ))}
      {LANGS.map((l) => (
        <TextField key={l} name={`description${l}`} label={t(`form.description${l}`)} hint={t('form.optional')} multiline prose />
      ))}
      <SelectField name="category" label={t('form.category')} options={CATEGORIES.map((c) => ({ id: c, name: t(`categories.${c}`) }))} />
      <SelectField name="audience" label={t('form.audience')} options={AUDIENCES.map((a) => ({ id: a, name: t(`audiences.${a}`) }))} />
    </>
  );
}

interface DocumentFormEndProps {
  /** The server's refusal of the last sending, said above the buttons. */
  failure: Failure | null;
  errorTestId: string;
  /** The form is being sent: the submit button says so, both buttons take no press. */
  busy: boolean;
  submit: string;
  submitTestId: string;
  onCancel: () => void;
}

/** The end of a document's form (FormEnd across the form's width): the refusal, then the submit and cancel buttons. */
export function DocumentFormEnd({ failure, errorTestId, busy, submit, submitTestId, onCancel }: DocumentFormEndProps) {
  const { t } = useTranslation('documents');
  return (
    <div className="doc-form-wide">
      <FormEnd
        refusal={failure ? describeFailure(t, failure) : null}
        refusalTestId={errorTestId}
        actionsClass="doc-actions"
        busy={busy}
        submit={submit}
        submitTestId={submitTestId}
      >
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          {t('upload.cancel')}
        </button>
      </FormEnd>
    </div>
  );
}

/** The end of an upload's form: the refusal, and the buttons with the upload's progress. */
export function SaveButtons() {
  const { t } = useTranslation('documents');
  const dispatch = useAppDispatch();
  const { save } = useAppSelector(selectDocuments);
  const percent = save.progress && save.progress.total > 0 ? Math.min(100, Math.floor((save.progress.loaded / save.progress.total) * 100)) : 0;
  return (
    <DocumentFormEnd
      failure={save.error}
      errorTestId="doc-form-error"
      busy={save.fetching}
      submit={save.fetching ? t('upload.sending', { percent }) : t('upload.submit')}
      submitTestId="doc-submit"
      onCancel={() => dispatch(A.formShown(null))}
    />
  );
}
