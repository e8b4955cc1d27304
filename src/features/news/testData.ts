/** News items for the client tests. */
import type { NewsItem } from '@contract/news';

/** An item by the demo teacher; `extra` overrides fields. */
export function item(id: number, extra: Partial<NewsItem> = {}): NewsItem {
  return {
    id_eventMessage: id,
    author: 'Асанов Бакыт Кубанычбекович|Доцент, Кафедра программной инженерии',
    date: '2026-10-01T04:30:00.000Z',
    message: `Новость ${id}`,
    files: '',
    editable: false,
    pinned: false,
    publishAt: '2026-10-01T04:30:00.000Z',
    scheduled: false,
    audience: 0,
    faculty: null,
    ...extra,
  };
}
