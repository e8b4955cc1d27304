/**
 * The actions of an uploaded document in a list (a library book, a teaching material): its file as a
 * download link with its size, "read" in the browser for a PDF, and edit and delete for those who
 * may. Texts come from the area's namespace `ns`, under `prefix` (the same keys in every such area:
 * download, read, readNamed, edit, editNamed, delete, deleteNamed).
 */
import { useTranslation } from 'react-i18next';
import { useFileSize } from '../../components/FileTypeIcon';
import { truncateName } from '../../lib/files';
import './uploadForm.css';

interface Props {
  ns: 'library' | 'umk';
  prefix: 'book' | 'item';
  /** The record's title, named by the buttons' accessible names. */
  title: string;
  fileName: string;
  fileSize: number;
  mime: string;
  downloadUrl: string;
  readUrl: string;
  canEdit: boolean;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function FileActions({ ns, prefix, title, fileName, fileSize, mime, downloadUrl, readUrl, canEdit, busy, onEdit, onDelete }: Props) {
  const { t } = useTranslation(ns);
  const size = useFileSize();
  return (
    <>
      <a className="upload-file" href={downloadUrl} download={fileName} title={fileName}>
        <span>{truncateName(fileName)}</span>
        {' '}
        <span className="muted small">{size(fileSize)}</span>
        <span className="sr-only">, {t(`${prefix}.download`, { name: fileName })}</span>
      </a>
      {mime === 'application/pdf' ? (
        <a className="btn btn-secondary" href={readUrl} target="_blank" rel="noopener" aria-label={t(`${prefix}.readNamed`, { name: title })}>
          {t(`${prefix}.read`)}
        </a>
      ) : null}
      {canEdit ? (
        <>
          <button type="button" className="btn btn-ghost" onClick={onEdit} aria-label={t(`${prefix}.editNamed`, { name: title })}>
            {t(`${prefix}.edit`)}
          </button>
          <button type="button" className="btn btn-ghost upload-file-delete" onClick={onDelete} disabled={busy} aria-busy={busy} aria-label={t(`${prefix}.deleteNamed`, { name: title })}>
            {t(`${prefix}.delete`)}
          </button>
        </>
      ) : null}
    </>
  );
}
