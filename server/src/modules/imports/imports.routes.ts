/** /api/imports/* (docs/areas/imports.md#calls): the administrator's import screen; anyone else gets 403. */
import { ImportRunFields, ImportRunReply, ImportTemplateQuery } from '@contract/imports';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { multipartInput } from '../../plugins/files';
import { ok, replies, sendDownload } from '../../plugins/reply';
import { AdminImportService } from './imports.service';

const P = '/api/imports';

export default async function importsRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const imports = new AdminImportService(ctx);

  // Not idempotent on purpose: a reply kept for an Idempotency-Key would keep the new accounts' passwords,
  // and never compressed (plugins/compression.ts), for the same passwords.
  app.post(`${P}/run.json`, { schema: { response: replies(ImportRunReply) }, config: { secret: true } }, async (req) =>
    ok(await imports.run(req.auth!, multipartInput(ctx.files, req, ImportRunFields, { maxFiles: 1 }), languageOf(req))),
  );

  app.get(`${P}/template.xlsx`, { schema: { querystring: ImportTemplateQuery } }, async (req, reply) => {
    return sendDownload(reply, await imports.template(req.auth!, req.query.kind, languageOf(req)), 'no-store');
  });
}
