/**
 * The actions of an uploaded document in a list (a library book, a teaching material): its file as a
 * download link with its size, "read" in the browser for a PDF (and for an EPUB where the area has
 * a reader), and edit and delete for those who
 * may. Texts come from the area's namespace, under its record's key (the same keys in every such
 * area: download, read, readNamed, edit, editNamed, delete, deleteNamed).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFileSize } from '@components/FileTypeIcon';
import { truncateName } from '@lib/files';
import './uploadForm.css';

/** What a list shows of a document's file, as the library and the teaching materials send it. */
export interface DocumentFile {
  fileName: string;
  fileSize: number;
  mime: string;
  /** The caller may edit and delete it. */
  canEdit: boolean;
}

/** The sniffed type of an EPUB book (server/src/plugins/sniff.ts). */
export const EPUB_MIME = 'application/epub+zip';

/** Each area's texts (its namespace and its record's key), its card's test id and the start of its title's id. */
const AREAS = {
  library: { prefix: 'book', card: 'library-book', titleId: 'book' },
  umk: { prefix: 'item', card: 'umk-item', titleId: 'umk' },
} as const;

interface Props {
  area: keyof typeof AREAS;
  /** The record's title, named by the buttons' accessible names. */
  title: string;
  doc: DocumentFile;
  /** `epub`: the area's in-app reader of an EPUB (a route inside /lms). */
  urls: { download: string; read: string; epub?: string };
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function FileActions({ area, title, doc, urls, busy, onEdit, onDelete }: Props) {
  const { fileName, fileSize, mime, canEdit } = doc;
  const { prefix } = AREAS[area];
  const { t } = useTranslation(area);
  const size = useFileSize();
  return (
    <>
      <a className="upload-file" href={urls.download} download={fileName} title={fileName}>
        <span>{truncateName(fileName)}</span> <span className="muted small">{size(fileSize)}</span>
        <span className="sr-only">, {t(`${prefix}.download`, { name: fileName })}</span>
      </a>
      {mime === EPUB_MIME && urls.epub ? (
        <Link className="btn btn-secondary" to={urls.epub} aria-label={t(`${prefix}.readNamed`, { name: title })}>
          {t(`${prefix}.read`)}
        </Link>
      ) : null}
      {mime === 'application/pdf' ? (
        <a className="btn btn-secondary" href={urls.read} target="_blank" rel="noopener" aria-label={t(`${prefix}.readNamed`, { name: title })}>
          {t(`${prefix}.read`)}
        </a>
      ) : null}
      {canEdit ? (
        <>
          <button type="button" className="btn btn-ghost" onClick={onEdit} aria-label={t(`${prefix}.editNamed`, { name: title })}>
            {t(`${prefix}.edit`)}
          </button>
          <button
            type="button"
            className="btn btn-ghost upload-file-delete"
            onClick={onDelete}
            disabled={busy}
            aria-busy={busy}
            aria-label={t(`${prefix}.deleteNamed`, { name: title })}
          >
            {t(`${prefix}.delete`)}
          </button>
        </>
      ) : null}
    </>
  );
}

interface CardProps extends Props {
  /** The record's id (the card's data-id and its title's id). */
  id: number;
  /** The file's icon or the book's cover, beside the body. */
  icon: ReactNode;
  /** Shown above the title (a material's type). */
  kicker?: ReactNode;
  /** Shown under the title (a book's author). */
  byline?: ReactNode;
  /** The small muted line of facts under them. */
  meta: ReactNode;
  description: string;
}

/**
 * A document's card in a list: its icon, title and facts, its annotation (when it has one), then
 * its actions.
 */
export function DocumentCard({ id, icon, kicker, byline, meta, description, ...actions }: CardProps) {
  const { card, titleId: titlePrefix } = AREAS[actions.area];
  const titleId = `${titlePrefix}-${id}-title`;
  return (
    <article className={`card upload-doc ${card}`} aria-labelledby={titleId} data-testid={card} data-id={id}>
      {icon}
      <div className={`upload-doc-body ${card}-body`}>
        {kicker}
        <h3 id={titleId} className="upload-doc-title">
          {actions.title}
        </h3>
        {byline}
        <p className="upload-doc-meta muted small">{meta}</p>
        {description ? <p className="upload-doc-description">{description}</p> : null}
        <div className="upload-doc-actions">
          <FileActions {...actions} />
        </div>
      </div>
    </article>
  );
}
