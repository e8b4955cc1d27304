/** One book: its cover, title, author, pages, annotation, its file (read a PDF in the browser, download any), edit and delete. */
import { useTranslation } from 'react-i18next';
import type { Book } from '@contract/library';
import { bookDownloadUrl, bookReaderPath, bookReadUrl } from '../library.api';
import { DocumentCard } from '@shared/upload/FileActions';
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
  return (
    <DocumentCard
      area="library"
      id={book.id_eBook}
      icon={<BookCover book={book} />}
      title={book.name}
      byline={<p className="library-book-author">{book.author}</p>}
      meta={
        <>
          {book.totalPages > 0 ? <span>{t('book.pagesCount', { count: book.totalPages })}</span> : null}
          {showCategory ? <span>{book.category}</span> : null}
          {book.isFromUmk ? <span className="upload-badge">{t('book.fromUmk')}</span> : null}
        </>
      }
      description={book.description}
      doc={book}
      urls={{ download: bookDownloadUrl(book.id_eBook), read: bookReadUrl(book.id_eBook), epub: bookReaderPath(book.id_eBook) }}
      busy={busy}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}
