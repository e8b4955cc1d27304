/**
 * The local search of a category's list (docs/areas/library.md#for-users): by name (mode 1) or by
 * author (mode 2), ignoring case and diacritics. When nothing matches, every book stays shown and
 * the screen says so.
 */
import type { Book } from '@contract/library';

export const BY_NAME = 1;
export const BY_AUTHOR = 2;
export type SearchMode = typeof BY_NAME | typeof BY_AUTHOR;

/** Lower case without diacritics (é → e, ё → е). */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export type FilterResult =
  /** No text: the whole list, no result line. */
  | { kind: 'all'; books: Book[] }
  | { kind: 'found'; books: Book[] }
  /** Nothing matched: the whole list, with the "no results" line. */
  | { kind: 'none'; books: Book[] };

export function filterBooks(books: Book[], text: string, mode: SearchMode): FilterResult {
  const wanted = fold(text);
  if (!wanted) return { kind: 'all', books };
  const found = books.filter((b) => fold(mode === BY_NAME ? b.name : b.author).includes(wanted));
  return found.length > 0 ? { kind: 'found', books: found } : { kind: 'none', books };
}
