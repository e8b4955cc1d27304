/**
 * Latin ↔ Cyrillic for the library search: a folded query (books.repository.ts `foldForSearch`:
 * lower case, no diacritics, so й is и and ё is е) is also looked for in the other alphabet, so
 * `knuth` finds «Кнут» and `Кнут` finds "Knuth". Since one Latin letter stands for several Cyrillic
 * ones (y for ы and и, e for э and е, o for о and ө, u for у and ү), both sides are also compared in
 * one spelling, `searchKey`: the stored text keeps its key beside it (books.repository.ts), so
 * `Kyrgyz` finds «Кыргыз» and `Ekonomika` «Экономика». Plain string work: the same on PGlite and
 * PostgreSQL.
 */

/** Cyrillic (Russian and Kyrgyz letters, folded) to Latin, as names are usually spelt. */
export const TO_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ң: 'ng',
  ө: 'o',
  ү: 'u',
};

/** Latin to Cyrillic, longest spellings first (shch before sh before s). */
const TO_CYRILLIC: Array<[string, string]> = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['ts', 'ц'],
  ['tz', 'ц'],
  ['yu', 'ю'],
  ['ju', 'ю'],
  ['ya', 'я'],
  ['ja', 'я'],
  ['yo', 'е'],
  ['th', 'т'],
  ['ph', 'ф'],
  ['ck', 'к'],
  ['ee', 'и'],
  ['oo', 'у'],
  ['x', 'кс'],
  ['a', 'а'],
  ['b', 'б'],
  ['c', 'к'],
  ['d', 'д'],
  ['e', 'е'],
  ['f', 'ф'],
  ['g', 'г'],
  ['h', 'х'],
  ['i', 'и'],
  ['j', 'дж'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['q', 'к'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['v', 'в'],
  ['w', 'в'],
  ['y', 'и'],
  ['z', 'з'],
];

export function toLatin(text: string): string {
  return [...text].map((c) => TO_LATIN[c] ?? c).join('');
}

export function toCyrillic(text: string): string {
  let out = '';
  for (let i = 0; i < text.length;) {
    const hit = TO_CYRILLIC.find(([lat]) => text.startsWith(lat, i));
    if (hit) {
      out += hit[1];
      i += hit[0].length;
    } else {
      out += text[i];
      i += 1;
    }
  }
  return out;
}

/**
 * One spelling of a folded text whatever its alphabet: through Latin (where ы and и, э and е, ө and
 * о, ү and у, ң and нг meet) back to Cyrillic (where th and т, ph and ф, c, q, ck and к meet).
 * `кыргыз`, `kyrgyz` and `kirgiz` all give `киргиз`.
 */
export function searchKey(folded: string): string {
  return toCyrillic(toLatin(folded));
}

/** The folded query, its spellings in the other alphabet when it has letters of one, and its key (distinct). */
export function searchVariants(folded: string): string[] {
  return [...new Set([folded, toLatin(folded), toCyrillic(folded), searchKey(folded)])];
}
