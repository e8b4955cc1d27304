/**
 * A book's cover in the lists: the image taken from an EPUB on upload, or else a tile with the
 * format's name (PDF, EPUB, DJVU, FB2, MOBI…). Decorative: the title beside it names the book.
 */
import { useState } from 'react';
import type { Book } from '@contract/library';
import { bookCoverUrl } from '../library.api';

/** The format shown on the tile: the file's extension, upper-case (at most five letters). */
export function formatOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 ? fileName.slice(dot + 1) : '';
  return /^[a-z0-9]{1,5}$/i.test(ext) ? ext.toUpperCase() : '—';
}

export function BookCover({ book }: { book: Book }) {
  const [broken, setBroken] = useState(false);
  const format = formatOf(book.fileName);
  if (book.hasCover && !broken) {
    return (
      <span className="library-cover" aria-hidden="true">
        <img src={bookCoverUrl(book.id_eBook)} alt="" loading="lazy" decoding="async" onError={() => setBroken(true)} data-testid="library-cover" />
      </span>
    );
  }
  return (
    <span className={`library-cover library-cover-tile library-cover-${format.toLowerCase()}`} aria-hidden="true" data-testid="library-cover-tile">
      {format}
    </span>
  );
}
