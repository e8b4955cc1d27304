/** One book: file-type icon, title, author, pages, annotation, its file (read a PDF in the browser, download any), edit and delete. */
import { useTranslation } from 'react-i18next';
import type { Book } from '../../../../contract/library';
import { bookDownloadUrl, bookReadUrl } from '../../../api/library';
import { FileTypeIcon, useFileSize } from '../../../components/FileTypeIcon';
import { truncateName } from '../../../lib/files';

interface Props {
  book: Book;
  /** Show the category (results of the search across the library). */
  showCategory: boolean;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function BookRow({ book, showCategory, busy, onEdit, onDelete }: Props) {
  const { t } = useTranslation('library');
  const fileSize = useFileSize();
  const titleId = `book-${book.id_eBook}-title`;
  const isPdf = book.mime === 'application/pdf';
  return (
    <article className="card library-book" aria-labelledby={titleId} data-testid="library-book" data-id={book.id_eBook}>
      <FileTypeIcon name={book.fileName} mime={book.mime} />
      <div className="library-book-body">
        <h3 id={titleId} className="library-book-title">
          {book.name}
        </h3>
        <p className="library-book-author">{book.author}</p>
        <p className="library-book-meta muted small">
          {book.totalPages > 0 ? <span>{t('book.pagesCount', { count: book.totalPages })}</span> : null}
          {showCategory ? <span>{book.category}</span> : null}
          {book.isFromUmk ? <span className="library-badge">{t('book.fromUmk')}</span> : null}
        </p>
        {book.description ? <p className="library-book-description">{book.description}</p> : null}
        <div className="library-book-actions">
          <a className="library-file" href={bookDownloadUrl(book.id_eBook)} download={book.fileName} title={book.fileName}>
            <span className="library-file-name">{truncateName(book.fileName)}</span>
            {' '}
            <span className="muted small">{fileSize(book.fileSize)}</span>
            <span className="sr-only">, {t('book.download', { name: book.fileName })}</span>
          </a>
          {isPdf ? (
            <a className="btn btn-secondary" href={bookReadUrl(book.id_eBook)} target="_blank" rel="noopener" aria-label={t('book.readNamed', { name: book.name })}>
              {t('book.read')}
            </a>
          ) : null}
          {book.canEdit ? (
            <>
              <button type="button" className="btn btn-ghost" onClick={onEdit} aria-label={t('book.editNamed', { name: book.name })}>
                {t('book.edit')}
              </button>
              <button type="button" className="btn btn-ghost library-delete" onClick={onDelete} disabled={busy} aria-busy={busy} aria-label={t('book.deleteNamed', { name: book.name })}>
                {t('book.delete')}
              </button>
            </>
          ) : null}
        </div>
      </div>
    </article>
  );
}
