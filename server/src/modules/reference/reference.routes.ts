/** /api/reference/* (docs/areas/reference.md#calls): the administrators' reference lists; anyone else gets 403. */
import { EmptyBody } from '@contract/common';
import {
  ReferenceDeleteBody,
  ReferenceDeleteReply,
  ReferenceListsReply,
  ReferenceRowsBody,
  ReferenceRowsReply,
  ReferenceSaveBody,
  ReferenceSaveReply,
} from '@contract/reference';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { ReferenceService } from './reference.service';

const P = '/api/reference';

export default async function referenceRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const reference = new ReferenceService(ctx);
  const idempotent = { idempotent: true };

  app.post(`${P}/lists.json`, { schema: { body: EmptyBody, response: replies(ReferenceListsReply) } }, async (req) =>
    ok(await reference.lists(req.auth!, languageOf(req))),
  );
  app.post(`${P}/rows.json`, { schema: { body: ReferenceRowsBody, response: replies(ReferenceRowsReply) } }, async (req) =>
    ok(await reference.rows(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${P}/save.json`, { schema: { body: ReferenceSaveBody, response: replies(ReferenceSaveReply) }, config: idempotent }, async (req) =>
    ok(await reference.save(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${P}/delete.json`, { schema: { body: ReferenceDeleteBody, response: replies(ReferenceDeleteReply) }, config: idempotent }, async (req) =>
    ok(await reference.remove(req.auth!, req.body)),
  );
}
