/**
 * The e-library (docs/areas/library.md#calls): categories, books by category, the search across the
 * library, adding, editing and deleting books with their files. Anyone signed in reads and adds;
 * the uploader and staff with the library permission edit and delete.
 */
import type { Language } from '@contract/common';
import {
  BOOK_COVER_FIELD,
  BOOK_COVER_MAX_BYTES,
  BOOK_FILE_FIELD,
  BOOK_SEARCH_LIMIT,
  NEW_BOOK_ID,
  type BaseCategory,
  type Book,
  type BookCategory,
  type BookDeleted,
  type BookFileQuery,
  type BookListBody,
  type BookSaveFields,
  type BookSearchBody,
  type BookSearchPage,
  type CategoriesBody,
  type DeleteBookBody,
  type DeleteCheck,
  type DeleteCheckBody,
} from '@contract/library';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../app-error';
import { localName } from '../../i18n';
import type { Download, IncomingFile, MultipartInput } from '../../plugins/files';
import * as books from '../../shared/books.repository';
import { assertOwn, type AuthInfo } from '../../shared/caller';
import { plainText } from '../../shared/plain-text';
import { EPUB_TYPE, isImageType, PDF_TYPE } from '../../plugins/sniff';
import { searchVariants } from '../../shared/transliterate';
import { UploadRules } from '../../shared/upload-rules';
import { coverUpload } from './library.cover';
import * as repo from './library.repository';

export class LibraryService {
  private readonly uploads: UploadRules;

  constructor(private readonly ctx: AppContext) {
    this.uploads = new UploadRules(ctx);
  }

  async baseCategories(lang: Language): Promise<BaseCategory[]> {
    return (await repo.baseCategories(this.ctx.db)).map((r) => ({ id_baseBookCategory: r.id, name: localName(r, lang) }));
  }

  async categories(input: CategoriesBody, lang: Language): Promise<BookCategory[]> {
    const rows = await repo.categoriesOfBase(this.ctx.db, input.id_baseBookCategory);
    return rows.map((r) => ({ id_baseBookCategory: r.baseId, id_bookCategory: r.id, name: localName(r, lang), count: r.count }));
  }

  async list(auth: AuthInfo, input: BookListBody, lang: Language): Promise<Book[]> {
    if (!(await books.categoryExists(this.ctx.db, input.id_bookCategory))) throw notFound();
    return this.present(auth, await books.booksOfCategory(this.ctx.database.reader(), input.id_bookCategory), lang);
  }

  /** Title, author or annotation containing the text or its transliteration, whatever its case and diacritics: a page and the count. */
  async search(auth: AuthInfo, input: BookSearchBody, lang: Language): Promise<BookSearchPage> {
    const folded = books.foldForSearch(input.text);
    if (folded.length < 2) throw badRequest({ field: 'text' });
    const variants = searchVariants(folded);
    const offset = input.offset ?? 0;
    const reads = this.ctx.database.reader();
    const [rows, total] = await Promise.all([books.searchBooks(reads, variants, BOOK_SEARCH_LIMIT, offset), books.countSearch(reads, variants)]);
    return { books: await this.present(auth, rows, lang), total, offset };
  }

  async deleteCheck(auth: AuthInfo, input: DeleteCheckBody): Promise<DeleteCheck> {
    assertOwn(auth, { uid: input.id_human });
    const book = await books.findBook(this.ctx.db, input.id_EBook);
    if (!book) throw notFound();
    return { id_EBook: book.id, canDeleteBook: await this.mayManage(auth, book.uploaderUserId) };
  }

  /** deleteebook: the book and its file, in one transaction (uploader or library permission). */
  async remove(auth: AuthInfo, input: DeleteBookBody): Promise<BookDeleted> {
    assertOwn(auth, { uid: input.id_human });
    const book = await books.findBook(this.ctx.db, input.id_EBook);
    if (!book) throw notFound();
    if (!(await this.mayManage(auth, book.uploaderUserId))) throw forbidden();
    await this.ctx.db.transaction(async (tx) => {
      await books.deleteBook(tx, book.id);
      // A book shared from a teaching material shares its file: the material keeps it.
      if (!book.fromUmk) await this.ctx.files.remove(tx, [book.fileId]);
      if (book.coverFileId !== null) await this.ctx.files.remove(tx, [book.coverFileId]);
    });
    return { id_EBook: book.id, id_bookCategory: book.categoryId, deleted: true };
  }

  /** insertupdatebook (multipart): a new book with its file, or an edit (the file optional). */
  async save(auth: AuthInfo, upload: MultipartInput<BookSaveFields>, lang: Language): Promise<Book> {
    const id = await upload(async ({ fields: input, files }) => {
      assertOwn(auth, { uid: input.id_human, role: input.id_humanType });
      const bookFiles = files.filter((f) => f.field === BOOK_FILE_FIELD);
      const covers = files.filter((f) => f.field === BOOK_COVER_FIELD);
      if (bookFiles.length + covers.length !== files.length || bookFiles.length > 1 || covers.length > 1) throw badRequest({ field: BOOK_FILE_FIELD });
      if (input.isFromUmk) throw badRequest({ field: 'isFromUmk' });
      const values: books.BookValues = {
        categoryId: input.id_bookCategory,
        name: plainText(input.nameBook),
        author: plainText(input.author),
        description: (input.description ?? '').trim(),
        totalPages: input.totalPages ?? 0,
      };
      if (!values.name) throw badRequest({ field: 'nameBook' });
      if (!values.author) throw badRequest({ field: 'author' });
      if (!(await books.categoryExists(this.ctx.db, values.categoryId))) throw badRequest({ field: 'id_bookCategory' });
      const [file] = bookFiles;
      const [coverPart] = covers;
      if (input.id_eBook === NEW_BOOK_ID) {
        await this.uploads.assertMayAddToLibrary(auth);
        if (!file) throw badRequest({ field: BOOK_FILE_FIELD });
        return this.withCover(file, coverPart, async (cover) => {
          // The bytes go to the store first, outside the transaction (a transfer may take long).
          await this.ctx.files.put(file, ...(cover ? [cover] : []));
          return this.ctx.db.transaction(async (tx) => {
            // The book and its cover are both the uploader's files: the quota counts both.
            await this.uploads.assertFits(tx, auth, file.size + (cover?.size ?? 0));
            const stored = await this.ctx.files.save(tx, auth.userId, file);
            const bookId = await books.insertBook(tx, { ...values, fileId: stored.id, uploaderUserId: auth.userId, fromUmk: false });
            // The cover is stored last: only the commit is left to fail after its bytes are moved.
            if (cover) await repo.setCover(tx, bookId, (await this.ctx.files.save(tx, auth.userId, cover)).id);
            return bookId;
          });
        });
      }
      const book = await books.findBook(this.ctx.db, input.id_eBook);
      if (!book) throw notFound();
      if (!(await this.mayManage(auth, book.uploaderUserId))) throw forbidden();
      // A shared teaching material changes its file from the materials, not from the library.
      if (file && book.fromUmk) throw badRequest({ field: BOOK_FILE_FIELD });
      if (!file) {
        await books.updateBook(this.ctx.db, book.id, values);
        return book.id;
      }
      return this.withCover(file, coverPart, async (cover) => {
        await this.ctx.files.put(file, ...(cover ? [cover] : []));
        return this.ctx.db.transaction(async (tx) => {
          await this.uploads.assertFits(tx, auth, file.size + (cover?.size ?? 0));
          const stored = await this.ctx.files.save(tx, auth.userId, file);
          await books.updateBook(tx, book.id, { ...values, fileId: stored.id });
          await this.ctx.files.remove(tx, [book.fileId, ...(book.coverFileId !== null ? [book.coverFileId] : [])]);
          await repo.setCover(tx, book.id, cover ? (await this.ctx.files.save(tx, auth.userId, cover)).id : null);
          return book.id;
        });
      });
    });
    const [row] = await books.booksByIds(this.ctx.db, [id]);
    if (!row) throw notFound();
    return (await this.present(auth, [row], lang))[0];
  }

  /** A book's file (every signed-in user may read the library). */
  async file(input: BookFileQuery): Promise<Download> {
    const book = await books.findBook(this.ctx.db, input.id);
    if (!book) throw notFound();
    const file = await this.ctx.files.find(this.ctx.db, book.fileId);
    if (!file) throw notFound();
    return file;
  }

  /** A book's cover image (404 when it has none). */
  async cover(input: BookFileQuery): Promise<Download> {
    const book = await books.findBook(this.ctx.db, input.id);
    const file = book?.coverFileId ? await this.ctx.files.find(this.ctx.db, book.coverFileId) : null;
    if (!file) throw notFound();
    return file;
  }

  /**
   * Runs `store` with the cover of an uploaded book, removing what was not stored: an EPUB's own
   * cover image, or for a PDF the image sent in the cover field when it is a picture small enough
   * (else the book simply has no cover); null for any other file.
   */
  private async withCover<R>(file: IncomingFile, coverPart: IncomingFile | undefined, store: (cover: IncomingFile | null) => Promise<R>): Promise<R> {
    if (file.mime === PDF_TYPE) {
      const usable = coverPart && isImageType(coverPart.mime) && coverPart.size <= BOOK_COVER_MAX_BYTES;
      const ext = coverPart?.mime.slice('image/'.length).replace('jpeg', 'jpg');
      return store(usable ? { ...coverPart, originalName: `${file.originalName.replace(/\.[^.]*$/, '')}-cover.${ext}` } : null);
    }
    const cover = file.mime === EPUB_TYPE ? await coverUpload(file) : null;
    try {
      return await store(cover?.file ?? null);
    } finally {
      await cover?.dispose();
    }
  }

  private async mayManage(auth: AuthInfo, uploaderUserId: number): Promise<boolean> {
    return uploaderUserId === auth.userId || (await books.isLibraryEditor(this.ctx.db, auth.userId));
  }

  private async present(auth: AuthInfo, rows: books.BookRow[], lang: Language): Promise<Book[]> {
    const editor = rows.length > 0 && (await books.isLibraryEditor(this.ctx.db, auth.userId));
    return rows.map((r) => ({
      id_eBook: r.id,
      name: r.name,
      ...books.fileFields(r),
      id_bookCategory: r.categoryId,
      id_baseBookCategory: r.baseCategoryId,
      category: localName(r.category, lang),
      isFromUmk: r.fromUmk,
      canEdit: editor || r.uploaderUserId === auth.userId,
      hasCover: r.coverFileId !== null,
    }));
  }
}
