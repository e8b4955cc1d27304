/**
 * /api/chat/* (docs/areas/chat.md#calls): conversations, paging, sending with a file, read marks, counts,
 * deletion and attachment downloads. All need a session. The live stream (/api/chat/events.json)
 * is served by plugins/live.ts; the chat's events in it come from chat.live.ts.
 */
import { Type } from 'typebox';
import {
  ConversationBody,
  CountBody,
  CountReply,
  DeleteBody,
  DeleteReply,
  GroupMessagesBody,
  InsertFields,
  InsertReply,
  MessagesBody,
  MessagesReply,
  PageBody,
  PageReply,
  ReadAllReply,
  ReadBody,
  ReadReply,
} from '@contract/chat';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { multipartInput } from '../../plugins/files';
import { ok, replies } from '../../plugins/reply';
import { ChatService } from './chat.service';

const DownloadQuery = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

export default async function chatRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const chat = new ChatService(ctx);
  const base = '/api/chat';

  app.post(`${base}/messages.json`, { schema: { body: MessagesBody, response: replies(MessagesReply) } }, async (req) =>
    ok(await chat.messages(req.auth!, req.body)),
  );
  app.post(`${base}/group/messages.json`, { schema: { body: GroupMessagesBody, response: replies(MessagesReply) } }, async (req) =>
    ok(await chat.groupMessages(req.auth!, req.body)),
  );
  app.post(`${base}/old.json`, { schema: { body: PageBody, response: replies(PageReply) } }, async (req) => ok(await chat.older(req.auth!, req.body)));
  app.post(`${base}/new.json`, { schema: { body: PageBody, response: replies(PageReply) } }, async (req) => ok(await chat.newer(req.auth!, req.body)));
  app.post(`${base}/insert.json`, { schema: { response: replies(InsertReply) }, config: { idempotent: true } }, async (req) =>
    ok(await chat.insert(req.auth!, multipartInput(ctx.files, req, InsertFields, { maxFiles: 1 }))),
  );
  app.post(`${base}/read.json`, { schema: { body: ReadBody, response: replies(ReadReply) } }, async (req) => ok(await chat.read(req.auth!, req.body)));
  app.post(`${base}/readall.json`, { schema: { body: ConversationBody, response: replies(ReadAllReply) } }, async (req) =>
    ok(await chat.readAll(req.auth!, req.body)),
  );
  app.post(`${base}/count.json`, { schema: { body: CountBody, response: replies(CountReply) } }, async (req) => ok(await chat.counts(req.auth!)));
  app.post(`${base}/deletemessage.json`, { schema: { body: DeleteBody, response: replies(DeleteReply) } }, async (req) =>
    ok(await chat.remove(req.auth!, req.body)),
  );

  /** GET download.file?id=<message id>: the message's attachment, to the people of its conversation. */
  app.get(`${base}/download.file`, { schema: { querystring: DownloadQuery } }, async (req, reply) =>
    ctx.files.send(reply, await chat.download(req.auth!, req.query.id)),
  );
}
