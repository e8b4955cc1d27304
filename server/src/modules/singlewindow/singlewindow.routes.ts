/** /api/singlewindow/* (docs/areas/singlewindow.md#calls): all need a session but `verify`. */
import { EmptyBody } from '@contract/common';
import {
  AccessReply,
  CertificateQuery,
  DistrictBody,
  DocTypesReply,
  IdNamesReply,
  MoveBody,
  OrderChangedReply,
  OrderIdBody,
  OrderListReply,
  OrderSaveBody,
  OrderSaveReply,
  QueueChangedReply,
  QueueReply,
  RejectBody,
  VerifyQuery,
  VerifyReply,
} from '@contract/singlewindow';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies, sendDownload } from '../../plugins/reply';
import { SingleWindowService } from './singlewindow.service';

const P = '/api/singlewindow';

export default async function singlewindowRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const sw = new SingleWindowService(ctx);
  const empty = { body: EmptyBody };

  app.post(`${P}/doc`, { schema: { ...empty, response: replies(DocTypesReply) } }, async (req) => ok(await sw.docTypes(languageOf(req))));
  app.post(`${P}/region`, { schema: { ...empty, response: replies(IdNamesReply) } }, async (req) => ok(await sw.regions(languageOf(req))));
  app.post(`${P}/district`, { schema: { body: DistrictBody, response: replies(IdNamesReply) } }, async (req) =>
    ok(await sw.districts(req.body, languageOf(req))),
  );
  app.post(`${P}/naznachenie`, { schema: { ...empty, response: replies(IdNamesReply) } }, async (req) => ok(await sw.purposes(languageOf(req))));
  app.post(`${P}/access`, { schema: { ...empty, response: replies(AccessReply) } }, async (req) => ok(await sw.access(req.auth!)));

  app.post(`${P}/orderlist`, { schema: { ...empty, response: replies(OrderListReply) } }, async (req) => ok(await sw.list(req.auth!, languageOf(req))));
  app.post(`${P}/ordersave`, { schema: { body: OrderSaveBody, response: replies(OrderSaveReply) }, config: { idempotent: true } }, async (req) =>
    ok(await sw.save(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${P}/ordercancel`, { schema: { body: OrderIdBody, response: replies(OrderChangedReply) } }, async (req) =>
    ok(await sw.cancel(req.auth!, req.body, languageOf(req))),
  );

  app.post(`${P}/registrar/queue`, { schema: { ...empty, response: replies(QueueReply) } }, async (req) => ok(await sw.queue(req.auth!, languageOf(req))));
  app.post(`${P}/registrar/move`, { schema: { body: MoveBody, response: replies(QueueChangedReply) } }, async (req) =>
    ok(await sw.move(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${P}/registrar/reject`, { schema: { body: RejectBody, response: replies(QueueChangedReply) } }, async (req) =>
    ok(await sw.reject(req.auth!, req.body, languageOf(req))),
  );

  app.get(`${P}/certificate.file`, { schema: { querystring: CertificateQuery } }, async (req, reply) => {
    const file = await sw.certificate(req.auth!, req.query.id, languageOf(req));
    return sendDownload(reply, { ...file, type: 'application/pdf' }, 'no-store');
  });

  app.get(
    `${P}/verify`,
    { schema: { querystring: VerifyQuery, response: replies(VerifyReply) }, config: { public: true, logSecrets: { query: ['token'] } } },
    async (req) => ok(await sw.verify(req.query, languageOf(req))),
  );
}
