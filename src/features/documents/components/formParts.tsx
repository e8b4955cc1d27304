/** What the forms share: the texts' and the file's rules, and the buttons with the upload's progress and refusal. */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@components/Spinner';
import type { YupModule } from '@lib/validation';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { MAX_MB } from '../documents.api';
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

export function SaveButtons() {
  const { t } = useTranslation('documents');
  const dispatch = useAppDispatch();
  const { save } = useAppSelector(selectDocuments);
  const percent = save.progress && save.progress.total > 0 ? Math.min(100, Math.floor((save.progress.loaded / save.progress.total) * 100)) : 0;
  return (
    <div className="doc-form-wide">
      {save.error ? (
        <p className="field-error" role="alert" data-testid="doc-form-error">
          {describeFailure(t, save.error)}
        </p>
      ) : null}
      <div className="doc-actions">
        <button type="submit" className="btn btn-primary" disabled={save.fetching} aria-busy={save.fetching} data-testid="doc-submit">
          {save.fetching ? <Spinner size="sm" /> : null}
          {save.fetching ? t('upload.sending', { percent }) : t('upload.submit')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => dispatch(A.formShown(null))} disabled={save.fetching}>
          {t('upload.cancel')}
        </button>
      </div>
    </div>
  );
}
