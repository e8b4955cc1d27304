/**
 * What every upload form of the portal shares (the library's books and the teaching materials): the
 * file rule, the file field, the failure line, and the foot with its buttons or, while the file goes
 * up, the bytes sent and a cancel button. The form lays them out in its `form-grid`
 * (app/forms.css). Texts come from the area's namespace `ns`, which has the same `form.*` keys in
 * every such area: file, replaceFile, fileHint, fileRequired, tooLarge, failed, close, add, save,
 * quotaUsed, overQuota.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Failure } from '@api/http';
import { ErrorLine } from '@components/fields';
import { FileField } from '@components/FileField';
import { UploadProgress } from '@components/UploadProgress';
import { currentLanguage, htmlLang, toLanguage, type Language } from '../../i18n/languages';
import type { YupModule } from '@lib/validation';
import { describeFailure } from '../request/errors';
import './uploadForm.css';

const MB = 1024 * 1024;

/** The lower-case extension of a file name ('' when none). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The caller's storage quota (GET /api/library/quota): what his uploads take and may take, in bytes. */
export interface Quota {
  usedBytes: number;
  quotaBytes: number;
}

/** Megabytes in the language's own figures (12,4 in Russian, 12.4 in English), one decimal at most. */
export function formatMb(bytes: number, language: Language = currentLanguage()): string {
  return new Intl.NumberFormat(htmlLang(language), { maximumFractionDigits: 1 }).format(bytes / MB);
}

/** The `accept` attribute of a file input for these extensions. */
export function acceptOf(extensions: readonly string[]): string {
  return extensions.map((e) => `.${e}`).join(',');
}

/**
 * The yup rule of the `file` field: required for a new record, never over the upload limit, and,
 * when the area lists its extensions, one of them (the key `form.wrongType` names them), and,
 * when the quota is known, within what is left of it.
 */
export function fileRule(yup: YupModule, t: TFunction, isNew: boolean, maxSizeMb: number, extensions?: readonly string[], quota?: Quota | null) {
  const left = quota ? Math.max(0, quota.quotaBytes - quota.usedBytes) : Infinity;
  return yup
    .mixed()
    .nullable()
    .test('required', t('form.fileRequired'), (v) => !isNew || v instanceof File)
    .test('size', t('form.tooLarge', { maxSizeMb }), (v) => !(v instanceof File) || v.size <= maxSizeMb * MB)
    .test('type', t('form.wrongType'), (v) => !(v instanceof File) || !extensions || extensions.includes(extensionOf(v.name)))
    .test('quota', t('form.overQuota', { left: formatMb(left) }), (v) => !(v instanceof File) || v.size <= left);
}

/** What an upload form takes from its screen besides its record: the limit, the save's state, the buttons' handlers. */
export interface UploadState {
  maxSizeMb: number;
  busy: boolean;
  progress: { loaded: number; total: number } | null;
  error: Failure | null;
  onCancelUpload: () => void;
  onClose: () => void;
  onErrorClose: () => void;
  /** The caller's quota, shown under the file field (absent: not shown). */
  quota?: Quota | null;
}

interface Props extends UploadState {
  /** The area's text namespace. */
  ns: 'library' | 'umk';
  /** A new record (the file is required, the button says "add") or a change to one. */
  isNew: boolean;
  /** The extensions the file picker offers (any when absent). */
  extensions?: readonly string[];
}

/** The file field, the failure of the last save, and the foot, each across the whole form. */
export function UploadFields({ ns, isNew, extensions, maxSizeMb, busy, progress, error, onCancelUpload, onClose, onErrorClose, quota }: Props) {
  const { t, i18n } = useTranslation([ns, 'cm']);
  const lang = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const failureText = (failure: Failure) =>
    failure.error?.code === 'TOO_LARGE' ? t('form.tooLarge', { maxSizeMb: failure.error.params?.maxSizeMb ?? maxSizeMb }) : describeFailure(t, failure);
  return (
    <>
      <div className="upload-form-wide">
        <FileField
          name="file"
          label={isNew ? t('form.file') : t('form.replaceFile')}
          hint={t('form.fileHint', { maxSizeMb })}
          required={isNew}
          accept={extensions ? acceptOf(extensions) : undefined}
        />
        {quota ? (
          <p className="upload-quota muted small" data-testid="upload-quota">
            {t('form.quotaUsed', { used: formatMb(quota.usedBytes, lang), quota: formatMb(quota.quotaBytes, lang) })}
          </p>
        ) : null}
      </div>
      {error ? (
        <div className="upload-form-wide">
          <ErrorLine message={t('form.failed')} detail={failureText(error) || undefined} onClose={onErrorClose} />
        </div>
      ) : null}
      <div className="upload-form-wide upload-form-foot">
        {busy && progress ? (
          <UploadProgress ns={ns} loaded={progress.loaded} total={progress.total} onCancel={onCancelUpload} />
        ) : (
          <>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t('form.close')}
            </button>
            <button type="submit" className="btn btn-primary">
              {isNew ? t('form.add') : t('form.save')}
            </button>
          </>
        )}
      </div>
    </>
  );
}
