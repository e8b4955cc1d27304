/**
 * The notice of a save cancelled once its form had been sent in full (Upload.unconfirmed in
 * shared/request/loadable.ts): the server completes such a save, so the record may have been
 * stored; the list beside it has been reloaded. Texts: `upload.unconfirmed` and
 * `upload.unconfirmedOk` of the area's namespace.
 */
import { useTranslation } from 'react-i18next';
import './uploadForm.css';

export function UnconfirmedSave({ ns, onClose }: { ns: 'library' | 'umk'; onClose: () => void }) {
  const { t } = useTranslation(ns);
  return (
    <div className="card upload-notice" role="status" data-testid="upload-unconfirmed">
      <p>{t('upload.unconfirmed')}</p>
      <button type="button" className="btn btn-ghost" onClick={onClose}>
        {t('upload.unconfirmedOk')}
      </button>
    </div>
  );
}
