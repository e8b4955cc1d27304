/** The first page of the feed inside the signed-in /news page (plugins/spa.ts): data.json's reply for page 1. */
import type { AppContext } from '../../context';
import type { PagePart } from '../../plugins/spa';
import { NewsService } from './news.service';

export function newsPage(ctx: AppContext): PagePart {
  const news = new NewsService(ctx);
  return {
    key: 'news',
    routes: ['/news'],
    load: (caller, lang) => news.feed(caller, { id: caller.userId, uid: caller.uid, role: caller.role, page: 1 }, lang),
  };
}
