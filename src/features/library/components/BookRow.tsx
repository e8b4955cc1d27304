/** One book: its cover, title, author, pages, annotation, its file (read a PDF in the browser, download any), edit and delete. */
import { useTranslation } from 'react-i18next';
import type { Book } from '@contract/library';
import { bookDownloadUrl, bookReaderPath, bookReadUrl } from '../library.api';
import { DocumentEnd } from '@shared/upload/FileActions';
import { BookCover } from './BookCover';

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
  const titleId = `book-${book.id_eBook}-title`;
  return (
    <article className="card library-book" aria-labelledby={titleId} data-testid="library-book" data-id={book.id_eBook}>
      <BookCover book={book} />
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
        <DocumentEnd
          area="library"
          description={book.description}
          title={book.name}
          doc={book}
          urls={{ download: bookDownloadUrl(book.id_eBook), read: bookReadUrl(book.id_eBook), epub: bookReaderPath(book.id_eBook) }}
          busy={busy}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      </div>
    </article>
  );
}
