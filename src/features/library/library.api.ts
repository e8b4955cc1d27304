/** E-library calls and the URLs of a book's file (docs/areas/library.md#for-users). */
import type {
  BOOK_COVER_FIELD,
  BOOK_COVER_MAX_BYTES,
  BOOK_SEARCH_MIN,
  Book,
  BookCategory,
  BookDeleted,
  BookListBody,
  BookSearchBody,
  BookSearchPage,
  BaseCategory,
  CategoriesBody,
  DeleteBookBody,
  DeleteCheck,
  DeleteCheckBody,
  LibraryQuota,
  NEW_BOOK_ID,
} from '@contract/library';
import { get, post } from '@api/http';

// The client takes only types from the contract: these copies are checked against it by tsc.
export const NEW_BOOK: typeof NEW_BOOK_ID = -1;
export const SEARCH_MIN: typeof BOOK_SEARCH_MIN = 2;
export const COVER_FIELD: typeof BOOK_COVER_FIELD = 'cover';
export const COVER_MAX_BYTES: typeof BOOK_COVER_MAX_BYTES = 524288;
/**
 * Extensions the library's file picker offers (the server checks every file by its content,
 * server/src/plugins/sniff.ts): books (PDF, EPUB, DjVu, FB2, MOBI), office documents, plain and
 * rich text, archives.
 */
export const BOOK_FILE_EXTENSIONS: readonly string[] = [
  ...['pdf', 'epub', 'djvu', 'djv', 'fb2', 'mobi', 'azw'],
  ...['doc', 'docx', 'rtf', 'odt', 'txt', 'ppt', 'pptx', 'odp', 'xls', 'xlsx', 'ods'],
  ...['zip', 'rar', '7z'],
];
/** The multipart form of a book goes through `upload` (api/http.ts) to this URL. */
export const BOOK_SAVE_URL = 'api/library/insertupdatebook';

const session = { session: true } as const;

export const libraryApi = {
  baseCategories: () => get<BaseCategory[]>('api/library/basebookcategories', session),
  categories: (body: CategoriesBody) => post<BookCategory[]>('api/library/bookcategories', body, session),
  books: (body: BookListBody) => post<Book[]>('api/library/getbooklist', body, session),
  search: (body: BookSearchBody) => post<BookSearchPage>('api/library/searchbooks', body, session),
  deleteCheck: (body: DeleteCheckBody) => post<DeleteCheck>('api/library/deletecheck', body, session),
  remove: (body: DeleteBookBody) => post<BookDeleted>('api/library/deleteebook', body, session),
  /** May the caller add books, and how much of his storage quota his uploads take. */
  quota: () => get<LibraryQuota>('api/library/quota', session),
};

/** The book's file as an attachment. */
export const bookDownloadUrl = (id: number) => `/api/library/download.file?id=${id}`;
/** A PDF book shown by the browser's own viewer. */
export const bookReadUrl = (id: number) => `/api/library/read.file?id=${id}`;
/** A book's cover image (Book.hasCover). */
export const bookCoverUrl = (id: number) => `/api/library/cover.file?id=${id}`;
/** An EPUB book in the portal's own reader (a route inside /lms). */
export const bookReaderPath = (id: number) => `/library/read/${id}`;
