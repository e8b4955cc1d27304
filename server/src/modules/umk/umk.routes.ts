/** /api/umk/* (docs/areas/umk.md#calls): all need a session. */
import {
  IdNameListReply,
  UmkDeleteBody,
  UmkDeleteReply,
  UmkDisciplinesReply,
  UmkFileQuery,
  UmkHalfBody,
  UmkListBody,
  UmkListReply,
  UmkSaveFields,
  UmkSaveReply,
  UmkSemestersBody,
  UmkTeachersBody,
} from '@contract/umk';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { multipartInput } from '../../plugins/files';
import { ok, READ, replies } from '../../plugins/reply';
import { UploadRules } from '../../shared/upload-rules';
import { UmkService } from './umk.service';

export default async function umkRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const umk = new UmkService(ctx);
  const uploads = new UploadRules(ctx);

  app.post('/api/umk/disciplines', { schema: { body: UmkHalfBody, response: replies(UmkDisciplinesReply) } }, async (req) =>
    ok(await umk.teacherDisciplines(req.auth!, req.body, languageOf(req))),
  );
  app.post('/api/umk/disciplinesforstud', { schema: { body: UmkHalfBody, response: replies(UmkDisciplinesReply) } }, async (req) =>
    ok(await umk.studentDisciplines(req.auth!, req.body, languageOf(req))),
  );
  app.post('/api/umk/semesters', { schema: { body: UmkSemestersBody, response: replies(IdNameListReply) } }, async (req) =>
    ok(await umk.teacherSemesters(req.auth!, req.body)),
  );
  app.post('/api/umk/semestersforstud', { schema: { body: UmkSemestersBody, response: replies(IdNameListReply) } }, async (req) =>
    ok(await umk.studentSemesters(req.auth!, req.body)),
  );
  app.route({
    method: READ,
    url: '/api/umk/types',
    schema: { response: replies(IdNameListReply) },
    handler: async (req) => ok(await umk.types(languageOf(req))),
  });
  app.route({
    method: READ,
    url: '/api/umk/getstudentexamtypes',
    schema: { response: replies(IdNameListReply) },
    handler: async (req) => ok(await umk.examTypes(languageOf(req))),
  });
  app.post('/api/umk/getumkteachers', { schema: { body: UmkTeachersBody, response: replies(IdNameListReply) } }, async (req) =>
    ok(await umk.teachers(req.auth!, req.body)),
  );
  app.route({
    method: READ,
    url: '/api/umk/bookcategories',
    schema: { response: replies(IdNameListReply) },
    handler: async (req) => ok(await umk.bookCategories(req.auth!, languageOf(req))),
  });
  app.post('/api/umk/umklist', { schema: { body: UmkListBody, response: replies(UmkListReply) } }, async (req) =>
    ok(await umk.teacherList(req.auth!, req.body, languageOf(req))),
  );
  app.post('/api/umk/getumklistforstud', { schema: { body: UmkListBody, response: replies(UmkListReply) } }, async (req) =>
    ok(await umk.studentList(req.auth!, req.body, languageOf(req))),
  );
  app.post('/api/umk/insertorupdateumk', { schema: { response: replies(UmkSaveReply) }, config: { idempotent: true } }, async (req) => {
    const input = multipartInput(ctx.files, req, UmkSaveFields, { maxFiles: 1 });
    await uploads.beforeUpload(req.auth!, req.ip);
    return ok(await umk.save(req.auth!, input, languageOf(req)));
  });
  app.post('/api/umk/deletebook', { schema: { body: UmkDeleteBody, response: replies(UmkDeleteReply) } }, async (req) =>
    ok(await umk.remove(req.auth!, req.body)),
  );
  app.get('/api/umk/download.file', { schema: { querystring: UmkFileQuery } }, async (req, reply) =>
    ctx.files.send(reply, await umk.file(req.auth!, req.query)),
  );
  app.get('/api/umk/read.file', { schema: { querystring: UmkFileQuery } }, async (req, reply) =>
    ctx.files.sendPdfInline(reply, await umk.file(req.auth!, req.query)),
  );
}
