/**
 * E-library calls under /api/library/ (docs/areas/library.md#calls). Every call needs a session. Anyone
 * signed in reads the library; who adds books is configured (LIBRARY_UPLOADERS, by default teachers
 * and staff with the library permission); a book is edited or deleted by its uploader or by staff
 * with the library permission. Identity comes from the session: id_human and id_humanType in
 * a body must name the caller (else 403).
 */
import { Type, type Static } from 'typebox';
import { DbId, Ok, Role } from './common';

/** Longest title, author and annotation, in characters. */
export const BOOK_NAME_MAX = 300;
export const BOOK_AUTHOR_MAX = 300;
export const BOOK_DESCRIPTION_MAX = 4000;
export const BOOK_PAGES_MAX = 100000;
/** The multipart field of the book's file. */
export const BOOK_FILE_FIELD = 'files';
/** The multipart field of a PDF book's cover: an image of its first page made by the browser (docs/areas/library.md#calls). */
export const BOOK_COVER_FIELD = 'cover';
/** Largest cover image kept from the cover field; a larger one, or one that is no JPEG, PNG, GIF or WebP image, is dropped. */
export const BOOK_COVER_MAX_BYTES = 524288;
/** id_eBook of a book not saved yet. */
export const NEW_BOOK_ID = -1;
/** Shortest and longest text of the search across the library; a page of its results holds this many books. */
export const BOOK_SEARCH_MIN = 2;
export const BOOK_SEARCH_MAX = 100;
export const BOOK_SEARCH_LIMIT = 50;
/** The furthest offset a search page may start at. */
export const BOOK_SEARCH_OFFSET_MAX = 100000;

/** GET /api/library/basebookcategories: the base categories (Учебная литература…). */
export const BaseCategory = Type.Object({ id_baseBookCategory: Type.Integer(), name: Type.String() });
export type BaseCategory = Static<typeof BaseCategory>;
export const BaseCategoriesReply = Ok(Type.Array(BaseCategory));

/** POST /api/library/bookcategories {id_baseBookCategory}: its categories with their book counts. */
export const CategoriesBody = Type.Object({ id_baseBookCategory: DbId });
export type CategoriesBody = Static<typeof CategoriesBody>;
export const BookCategory = Type.Object({
  id_baseBookCategory: Type.Integer(),
  id_bookCategory: Type.Integer(),
  name: Type.String(),
  count: Type.Integer(),
});
export type BookCategory = Static<typeof BookCategory>;
export const CategoriesReply = Ok(Type.Array(BookCategory));

/** A book's or a teaching material's author, annotation and file, as the lists send them (Book, UmkItem in contract/umk.ts). */
export const BookFileFields = {
  author: Type.String(),
  description: Type.String(),
  totalPages: Type.Integer(),
  /** The file's name as uploaded. */
  fileName: Type.String(),
  /** Its size in bytes and sniffed type. */
  fileSize: Type.Integer(),
  mime: Type.String(),
};

/** A book as the library lists it. */
export const Book = Type.Object({
  id_eBook: Type.Integer(),
  name: Type.String(),
  ...BookFileFields,
  id_bookCategory: Type.Integer(),
  /** The base category of its category (the edit form starts on it). */
  id_baseBookCategory: Type.Integer(),
  /** The category's name (useful in search results across categories). */
  category: Type.String(),
  isFromUmk: Type.Boolean(),
  /** The caller may edit and delete it (uploader or library permission). */
  canEdit: Type.Boolean(),
  /** It has a cover image (taken from an EPUB's package on upload): GET /api/library/cover.file?id=. */
  hasCover: Type.Boolean(),
});
export type Book = Static<typeof Book>;
export const BookListReply = Ok(Type.Array(Book));

/**
 * GET /api/library/quota: whether the caller may add books (LIBRARY_UPLOADERS), and the storage
 * his uploads take and may take (QUOTA_TEACHER_MB / QUOTA_STUDENT_MB), in bytes.
 */
export const LibraryQuota = Type.Object({ mayAdd: Type.Boolean(), usedBytes: Type.Integer(), quotaBytes: Type.Integer() });
export type LibraryQuota = Static<typeof LibraryQuota>;
export const LibraryQuotaReply = Ok(LibraryQuota);

/** POST /api/library/getbooklist {id_bookCategory}: the books of a category, newest first. */
export const BookListBody = Type.Object({ id_bookCategory: DbId });
export type BookListBody = Static<typeof BookListBody>;

/**
 * POST /api/library/searchbooks {text, offset?}: books of every category whose title, author or
 * annotation contains the text, ignoring case and diacritics, in Latin or Cyrillic letters (the
 * text is also looked for transliterated: `knuth` finds «Кнут», `Кнут` finds "Knuth"). Title
 * matches first, then author, then annotation; a page of BOOK_SEARCH_LIMIT books from `offset`
 * (default 0) with the number of all the matches.
 */
export const BookSearchBody = Type.Object({
  text: Type.String({ minLength: BOOK_SEARCH_MIN, maxLength: BOOK_SEARCH_MAX }),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: BOOK_SEARCH_OFFSET_MAX })),
});
export type BookSearchBody = Static<typeof BookSearchBody>;
export const BookSearchPage = Type.Object({
  books: Type.Array(Book),
  /** Every book that matches, on all pages. */
  total: Type.Integer(),
  offset: Type.Integer(),
});
export type BookSearchPage = Static<typeof BookSearchPage>;
export const BookSearchReply = Ok(BookSearchPage);

/** POST /api/library/deletecheck {id_human, id_EBook}: may the caller delete that book? */
export const DeleteCheckBody = Type.Object({ id_human: Type.Integer(), id_EBook: DbId });
export type DeleteCheckBody = Static<typeof DeleteCheckBody>;
export const DeleteCheck = Type.Object({ id_EBook: Type.Integer(), canDeleteBook: Type.Boolean() });
export type DeleteCheck = Static<typeof DeleteCheck>;
export const DeleteCheckReply = Ok(DeleteCheck);

/**
 * POST /api/library/deleteebook {id_human, id_EBook, isFromUMK}: deletes the book and its file
 * (a book shared from a teaching material leaves the library; the material keeps its file).
 */
export const DeleteBookBody = Type.Object({ id_human: Type.Integer(), id_EBook: DbId, isFromUMK: Type.Optional(Type.Boolean()) });
export type DeleteBookBody = Static<typeof DeleteBookBody>;
export const BookDeleted = Type.Object({ id_EBook: Type.Integer(), id_bookCategory: Type.Integer(), deleted: Type.Literal(true) });
export type BookDeleted = Static<typeof BookDeleted>;
export const DeleteBookReply = Ok(BookDeleted);

/**
 * POST /api/library/insertupdatebook, multipart/form-data: these text fields and, for a new book,
 * its file in the field `files` (an edit may replace it). Over UPLOAD_LIMIT_MB → 413; a type off
 * the allow-list → 400 UNSUPPORTED_TYPE; nothing is kept when the call fails. Replies with the book.
 */
export const BookSaveFields = Type.Object({
  id_eBook: Type.Union([Type.Literal(NEW_BOOK_ID), DbId]),
  nameBook: Type.String({ minLength: 1, maxLength: BOOK_NAME_MAX }),
  author: Type.String({ minLength: 1, maxLength: BOOK_AUTHOR_MAX }),
  description: Type.Optional(Type.String({ maxLength: BOOK_DESCRIPTION_MAX })),
  totalPages: Type.Optional(Type.Integer({ minimum: 0, maximum: BOOK_PAGES_MAX })),
  /** The name of the file being sent (informative; the stored name is the uploaded file's). */
  fileName: Type.Optional(Type.String({ maxLength: 300 })),
  id_bookCategory: DbId,
  id_human: Type.Integer(),
  id_humanType: Role,
  /** Books are marked from UMK only when a teaching material shares them: true here → 400. */
  isFromUmk: Type.Optional(Type.Boolean()),
  selectedBookFileName: Type.Optional(Type.String({ maxLength: 300 })),
});
export type BookSaveFields = Static<typeof BookSaveFields>;
export const BookSaveReply = Ok(Book);

/**
 * GET /api/library/download.file?id=<id_eBook>: the book's file as an attachment;
 * GET /api/library/read.file?id=<id_eBook>: a PDF shown inline by the browser's own viewer
 * (anything but a PDF → 400: only PDFs are read by the browser's viewer; an EPUB is read by the
 * portal's reader from download.file);
 * GET /api/library/cover.file?id=<id_eBook>: the book's cover image (404 when it has none).
 */
export const BookFileQuery = Type.Object({ id: DbId });
export type BookFileQuery = Static<typeof BookFileQuery>;
