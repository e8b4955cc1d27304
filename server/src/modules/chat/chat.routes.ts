/**
 * /api/chat/* (SPEC §7 "Chat"): conversations, paging, sending with a file, read marks, counts,
 * deletion, attachment downloads and the live event stream. All need a session.
 */
import { Type } from 'typebox';
import {
  ConversationBody,
  CountBody,
  CountReply,
  DeleteBody,
  DeleteReply,
  GroupMessagesBody,
  InsertReply,
  MessagesBody,
  MessagesReply,
  PageBody,
  PageReply,
  ReadAllReply,
  ReadBody,
  ReadReply,
} from '../../../../contract/chat';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { ok, replies } from '../../plugins/envelope';
import { openEventStream } from '../../plugins/live';
import { SESSION_COOKIE } from '../../plugins/session';
import { ChatService } from './chat.service';

const DownloadQuery = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

export default async function chatRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const chat = new ChatService(ctx);
  app.addHook('onRequest', app.authenticate);
  const base = '/api/chat';

  app.post(`${base}/messages.json`, { schema: { body: MessagesBody, response: replies(MessagesReply) } }, async (req) => ok(await chat.messages(req.auth!, req.body)));
  app.post(`${base}/group/messages.json`, { schema: { body: GroupMessagesBody, response: replies(MessagesReply) } }, async (req) =>
    ok(await chat.groupMessages(req.auth!, req.body)),
  );
  app.post(`${base}/old.json`, { schema: { body: PageBody, response: replies(PageReply) } }, async (req) => ok(await chat.older(req.auth!, req.body)));
  app.post(`${base}/new.json`, { schema: { body: PageBody, response: replies(PageReply) } }, async (req) => ok(await chat.newer(req.auth!, req.body)));
  app.post(`${base}/insert.json`, { schema: { response: replies(InsertReply) } }, async (req) => ok(await chat.insert(req, req.auth!)));
  app.post(`${base}/read.json`, { schema: { body: ReadBody, response: replies(ReadReply) } }, async (req) => ok(await chat.read(req.auth!, req.body)));
  app.post(`${base}/readall.json`, { schema: { body: ConversationBody, response: replies(ReadAllReply) } }, async (req) => ok(await chat.readAll(req.auth!, req.body)));
  app.post(`${base}/count.json`, { schema: { body: CountBody, response: replies(CountReply) } }, async (req) => ok(await chat.counts(req.auth!)));
  app.post(`${base}/deletemessage.json`, { schema: { body: DeleteBody, response: replies(DeleteReply) } }, async (req) => ok(await chat.remove(req.auth!, req.body)));

  /** GET download.file?id=<message id>: the message's attachment, to the people of its conversation. */
  app.get(`${base}/download.file`, { schema: { querystring: DownloadQuery } }, async (req, reply) => chat.download(req.auth!, req.query.id, reply));

  /** GET events.json: the live stream of the session's user (see contract/chat.ts). */
  app.get(`${base}/events.json`, async (req, reply) => {
    const auth = req.auth!;
    const token = req.cookies[SESSION_COOKIE] ?? '';
    await ctx.live.ready();
    const stream = openEventStream(req, reply, ctx.live);
    const unsubscribe = ctx.live.subscribe(auth.userId, (e) => {
      const out = chat.liveEvent(e, auth.userId);
      if (out) stream.send(out.event, out.data);
    });
    const offGap = ctx.live.onGap(() => stream.send('resync', {}));
    // The stream is no activity: it ends when the session does (idle, expiry, logout, disabled account).
    const check = setInterval(() => {
      ctx.sessions.isLive(token).then(
        (live) => {
          if (!live) {
            stream.send('end', {});
            stream.close();
          }
        },
        () => {},
      );
    }, ctx.live.sessionCheckMs);
    check.unref();
    stream.onClose(() => {
      unsubscribe();
      offGap();
      clearInterval(check);
    });
    try {
      stream.send('counts', await chat.counts(auth));
    } catch {
      stream.close();
    }
    return reply;
  });
}
