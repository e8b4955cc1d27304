/** /api/documents/* (docs/areas/documents.md#calls): all need a session. */
import { EmptyBody } from '@contract/common';
import {
  DocumentBody,
  DocumentCreateFields,
  DocumentDetailReply,
  DocumentFileQuery,
  DocumentListBody,
  DocumentListReply,
  DocumentOptionsReply,
  DocumentUpdateBody,
  DocumentVersionFields,
  DocumentWithdrawReply,
} from '@contract/documents';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { multipartInput } from '../../plugins/files';
import { ok, replies } from '../../plugins/reply';
import { UploadRules } from '../../shared/upload-rules';
import { DocumentsService } from './documents.service';

const base = '/api/documents';

export default async function documentsRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const documents = new DocumentsService(ctx);
  const uploads = new UploadRules(ctx);

  app.post(`${base}/options.json`, { schema: { body: EmptyBody, response: replies(DocumentOptionsReply) } }, async (req) =>
    ok(await documents.options(req.auth!, languageOf(req))),
  );
  app.post(`${base}/list.json`, { schema: { body: DocumentListBody, response: replies(DocumentListReply) } }, async (req) =>
    ok(await documents.list(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/document.json`, { schema: { body: DocumentBody, response: replies(DocumentDetailReply) } }, async (req) =>
    ok(await documents.detail(req.auth!, req.body.id, languageOf(req))),
  );
  app.post(`${base}/create`, { schema: { response: replies(DocumentDetailReply) }, config: { idempotent: true } }, async (req) => {
    const input = multipartInput(ctx.files, req, DocumentCreateFields, { maxFiles: 1 });
    // Refused by rights before a byte of the form is read.
    await documents.assertMayUpload(req.auth!);
    await uploads.beforeUpload(req.auth!, req.ip);
    return ok(await documents.create(req.auth!, input, languageOf(req)));
  });
  app.post(`${base}/version`, { schema: { response: replies(DocumentDetailReply) }, config: { idempotent: true } }, async (req) => {
    const input = multipartInput(ctx.files, req, DocumentVersionFields, { maxFiles: 1 });
    await documents.assertMayUpload(req.auth!);
    await uploads.beforeUpload(req.auth!, req.ip);
    return ok(await documents.addVersion(req.auth!, input, languageOf(req)));
  });
  app.post(`${base}/update.json`, { schema: { body: DocumentUpdateBody, response: replies(DocumentDetailReply) } }, async (req) =>
    ok(await documents.update(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/withdraw.json`, { schema: { body: DocumentBody, response: replies(DocumentWithdrawReply) } }, async (req) => {
    await documents.withdraw(req.auth!, req.body.id);
    return ok({ withdrawn: true as const });
  });
  app.get(`${base}/download.file`, { schema: { querystring: DocumentFileQuery } }, async (req, reply) =>
    ctx.files.send(reply, await documents.file(req.auth!, req.query)),
  );
}
