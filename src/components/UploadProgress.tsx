/**
 * The progress of an upload: a bar of the bytes sent so far, then "saving" until the server has
 * stored the file, with a cancel button (docs/areas/library.md#for-users).
 */
import { useTranslation } from 'react-i18next';
import './uploadProgress.css';

interface Props {
  loaded: number;
  total: number;
  onCancel: () => void;
  /** The text namespace holding `upload.sending`, `upload.saving` and `upload.cancel`. */
  ns: string;
}

export function UploadProgress({ loaded, total, onCancel, ns }: Props) {
  const { t } = useTranslation(ns);
  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  const sent = total > 0 && loaded >= total;
  const label = sent ? t('upload.saving') : t('upload.sending', { percent });
  return (
    <div className="upload-progress" data-testid="upload-progress">
      <div className="upload-progress-head">
        <span id="upload-progress-label" aria-live="polite">
          {label}
        </span>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('upload.cancel')}
        </button>
      </div>
      <progress className="upload-progress-bar" max={100} value={percent} aria-labelledby="upload-progress-label" data-percent={percent} />
    </div>
  );
}
