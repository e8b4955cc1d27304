/** /api/news/* (SPEC §7 "News"): all need a session. */
import {
  NewsCheckBody,
  NewsCheckReply,
  NewsDataBody,
  NewsDataReply,
  NewsDeleteBody,
  NewsDeleteReply,
  NewsDownloadQuery,
  NewsInsertReply,
} from '../../../../contract/news';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/envelope';
import { NewsService } from './news.service';

export default async function newsRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const news = new NewsService(ctx);
  app.addHook('onRequest', app.authenticate);

  app.post('/api/news/data.json', { schema: { body: NewsDataBody, response: replies(NewsDataReply) } }, async (req) =>
    ok(await news.feed(req.auth!, req.body, languageOf(req))),
  );

  app.post('/api/news/check.json', { schema: { body: NewsCheckBody, response: replies(NewsCheckReply) } }, async (req) =>
    ok(await news.check(req.auth!, req.body)),
  );

  app.post('/api/news/delete.json', { schema: { body: NewsDeleteBody, response: replies(NewsDeleteReply) } }, async (req) =>
    ok(await news.remove(req.auth!, req.body)),
  );

  app.post('/api/news/insert.json', { schema: { response: replies(NewsInsertReply) } }, async (req) => ok(await news.insert(req.auth!, req, languageOf(req))));

  app.get('/api/news/download.file', { schema: { querystring: NewsDownloadQuery } }, async (req, reply) => news.download(req.auth!, req.query, reply));
}
