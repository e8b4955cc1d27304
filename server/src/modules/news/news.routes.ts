/** /api/news/* (docs/areas/news.md#calls): all need a session. */
import {
  NewsCheckBody,
  NewsCheckReply,
  NewsDataBody,
  NewsDataReply,
  NewsDeleteBody,
  NewsDeleteReply,
  NewsDownloadQuery,
  NewsInsertFields,
  NewsInsertReply,
  NEWS_MAX_FILES,
} from '@contract/news';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { multipartInput } from '../../plugins/files';
import { ok, replies } from '../../plugins/reply';
import { NewsService } from './news.service';

export default async function newsRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const news = new NewsService(ctx);

  // Pages of the feed may lag a few seconds: from the read replica when there is one (plugins/replica-reads.ts).
  app.post('/api/news/data.json', { schema: { body: NewsDataBody, response: replies(NewsDataReply) }, config: { lagTolerant: true } }, async (req) =>
    ok(await news.feed(req.auth!, req.body, languageOf(req))),
  );

  app.post('/api/news/check.json', { schema: { body: NewsCheckBody, response: replies(NewsCheckReply) } }, async (req) =>
    ok(await news.check(req.auth!, req.body)),
  );

  app.post('/api/news/delete.json', { schema: { body: NewsDeleteBody, response: replies(NewsDeleteReply) } }, async (req) =>
    ok(await news.remove(req.auth!, req.body)),
  );

  app.post('/api/news/insert.json', { schema: { response: replies(NewsInsertReply) }, config: { idempotent: true } }, async (req) =>
    ok(await news.insert(req.auth!, multipartInput(ctx.files, req, NewsInsertFields, { maxFiles: NEWS_MAX_FILES }), languageOf(req))),
  );

  app.get('/api/news/download.file', { schema: { querystring: NewsDownloadQuery } }, async (req, reply) =>
    ctx.files.send(reply, await news.download(req.auth!, req.query)),
  );
}
