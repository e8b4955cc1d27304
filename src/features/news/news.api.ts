/** News calls and the download URL of a news file (docs/areas/news.md#for-users). */
import type {
  NEWS_DOWNLOAD_TYPE,
  NEWS_FILES_SEPARATOR,
  NEWS_MAX_FILES,
  NEWS_MESSAGE_MAX,
  NEWS_PAGE_SIZE,
  NewsCheck,
  NewsCheckBody,
  NewsDataBody,
  NewsDeleteBody,
  NewsDeleted,
  NewsItem,
} from '@contract/news';
import { post } from '@api/http';

// The client takes only types from the contract: these copies are checked against it by tsc.
export const PAGE_SIZE: typeof NEWS_PAGE_SIZE = 10;
export const FILES_SEPARATOR: typeof NEWS_FILES_SEPARATOR = '\u001f';
export const MESSAGE_MAX: typeof NEWS_MESSAGE_MAX = 5000;
export const MAX_FILES: typeof NEWS_MAX_FILES = 10;
const DOWNLOAD_TYPE: typeof NEWS_DOWNLOAD_TYPE = 4;

export const newsApi = {
  data: (body: NewsDataBody) => post<NewsItem[]>('api/news/data.json', body, { session: true }),
  check: (body: NewsCheckBody) => post<NewsCheck>('api/news/check.json', body, { session: true }),
  remove: (body: NewsDeleteBody) => post<NewsDeleted | null>('api/news/delete.json', body, { session: true }),
  /** Multipart: message, audience, faculty, pinned, publishAt and the files (field `files`). */
  insert: (form: FormData) => post<NewsItem>('api/news/insert.json', form, { session: true, idempotent: true }),
};

/** /api/news/download.file?filename=<id>_<name>&type=4, the file name part URL-encoded. */
export function newsFileUrl(newsId: number, name: string): string {
  return `/api/news/download.file?filename=${encodeURIComponent(`${newsId}_${name}`)}&type=${DOWNLOAD_TYPE}`;
}

/** The file names of an item ('' means none). */
export function splitFiles(files: string): string[] {
  return files ? files.split(FILES_SEPARATOR).filter(Boolean) : [];
}

/** 'Name|Role text' → {name, role}. */
export function splitAuthor(author: string): { name: string; role: string } {
  const bar = author.indexOf('|');
  return bar < 0 ? { name: author, role: '' } : { name: author.slice(0, bar), role: author.slice(bar + 1) };
}
