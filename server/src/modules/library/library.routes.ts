/** /api/library/* (docs/areas/library.md#calls): all need a session. */
import {
  BOOK_COVER_FIELD,
  BOOK_COVER_MAX_BYTES,
  BaseCategoriesReply,
  BookFileQuery,
  BookListBody,
  BookListReply,
  BookSaveFields,
  BookSaveReply,
  BookSearchBody,
  BookSearchReply,
  CategoriesBody,
  CategoriesReply,
  DeleteBookBody,
  DeleteBookReply,
  DeleteCheckBody,
  DeleteCheckReply,
  LibraryQuotaReply,
} from '@contract/library';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { multipartInput } from '../../plugins/files';
import { ok, READ, replies } from '../../plugins/reply';
import { UploadRules } from '../../shared/upload-rules';
import { LibraryService } from './library.service';

export default async function libraryRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const library = new LibraryService(ctx);
  const uploads = new UploadRules(ctx);

  app.route({
    method: READ,
    url: '/api/library/basebookcategories',
    schema: { response: replies(BaseCategoriesReply) },
    handler: async (req) => ok(await library.baseCategories(languageOf(req))),
  });

  app.get('/api/library/quota', { schema: { response: replies(LibraryQuotaReply) } }, async (req) => {
    const [mayAdd, usage] = await Promise.all([uploads.mayAddToLibrary(req.auth!), uploads.usage(req.auth!)]);
    return ok({ mayAdd, ...usage });
  });
  app.post('/api/library/bookcategories', { schema: { body: CategoriesBody, response: replies(CategoriesReply) } }, async (req) =>
    ok(await library.categories(req.body, languageOf(req))),
  );

  // The book lists and the search may lag a few seconds: from the read replica when there is one (plugins/replica-reads.ts).
  app.post('/api/library/getbooklist', { schema: { body: BookListBody, response: replies(BookListReply) }, config: { lagTolerant: true } }, async (req) =>
    ok(await library.list(req.auth!, req.body, languageOf(req))),
  );

  app.post('/api/library/searchbooks', { schema: { body: BookSearchBody, response: replies(BookSearchReply) }, config: { lagTolerant: true } }, async (req) =>
    ok(await library.search(req.auth!, req.body, languageOf(req))),
  );

  app.post('/api/library/deletecheck', { schema: { body: DeleteCheckBody, response: replies(DeleteCheckReply) } }, async (req) =>
    ok(await library.deleteCheck(req.auth!, req.body)),
  );

  app.post('/api/library/deleteebook', { schema: { body: DeleteBookBody, response: replies(DeleteBookReply) } }, async (req) =>
    ok(await library.remove(req.auth!, req.body)),
  );

  app.post('/api/library/insertupdatebook', { schema: { response: replies(BookSaveReply) }, config: { idempotent: true } }, async (req) => {
    const input = multipartInput(ctx.files, req, BookSaveFields, {
      maxFiles: 2,
      optional: [BOOK_COVER_FIELD],
      // One book at the upload limit and its small cover: a larger declared body is refused before it is read.
      declared: { fullFiles: 1, extraBytes: BOOK_COVER_MAX_BYTES },
    });
    // Refused by rights before a byte of the form is read.
    await uploads.assertMayUploadToLibrary(req.auth!);
    await uploads.beforeUpload(req.auth!, req.ip);
    return ok(await library.save(req.auth!, input, languageOf(req)));
  });

  app.get('/api/library/download.file', { schema: { querystring: BookFileQuery } }, async (req, reply) => ctx.files.send(reply, await library.file(req.query)));

  app.get('/api/library/cover.file', { schema: { querystring: BookFileQuery } }, async (req, reply) => ctx.files.send(reply, await library.cover(req.query)));

  app.get('/api/library/read.file', { schema: { querystring: BookFileQuery } }, async (req, reply) =>
    ctx.files.sendPdfInline(reply, await library.file(req.query)),
  );
}
