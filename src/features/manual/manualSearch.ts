/**
 * The manual's search (docs/areas/manual.md#for-users): the pages whose title, purpose or steps in
 * the language on screen hold every word typed, the case and the letters a keyboard may lack folded
 * (ё as е; the Kyrgyz ң, ө, ү as н, о, у), titles' hits first.
 */
import type { ManualPage } from './manual.pages';

/** A page's texts in one language, as the search reads them. */
export interface PageTexts {
  title: string;
  purpose: string;
  steps: readonly string[];
}

const FOLDED: Record<string, string> = { ё: 'е', ң: 'н', ө: 'о', ү: 'у', '’': "'" };

/** Lower case, accents dropped, ё and the Kyrgyz letters folded, anything but letters and digits a space. */
export function fold(text: string): string {
  return text
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, (mark) => (mark === '\u0306' ? mark : ''))
    .normalize('NFC')
    .replace(/[ёңөү’]/g, (c) => FOLDED[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a query, folded (none: the query is empty). */
export const queryWords = (query: string): string[] => fold(query).split(' ').filter(Boolean);

/**
 * The pages matching `query` (every word found in the page's folded texts, as a part of a word), those
 * with every word in the title first, the others after, each group in the order given. An empty
 * query matches every page.
 */
export function searchPages(pages: readonly ManualPage[], texts: (page: ManualPage) => PageTexts, query: string): ManualPage[] {
  const words = queryWords(query);
  if (words.length === 0) return [...pages];
  const inTitle: ManualPage[] = [];
  const inText: ManualPage[] = [];
  for (const page of pages) {
    const { title, purpose, steps } = texts(page);
    const head = ` ${fold(title)}`;
    const all = `${head} ${fold(purpose)} ${fold(steps.join(' '))}`;
    if (!words.every((word) => all.includes(word))) continue;
    (words.every((word) => head.includes(word)) ? inTitle : inText).push(page);
  }
  return [...inTitle, ...inText];
}
