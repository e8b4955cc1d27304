/**
 * Soft hyphens (U+00AD) in long Cyrillic words, at syllable boundaries (V|CV, VC|CV), so that a
 * narrow box breaks 'Видеоконференции' as 'Видеоконферен-ции' with a visible hyphen instead of
 * cutting it anywhere. Browsers without hyphenation dictionaries for Russian or Kyrgyz honour these.
 */
const VOWELS = new Set('аеёиоуыэюяөүАЕЁИОУЫЭЮЯӨҮ');
const LETTER = /[\p{Script=Cyrillic}]/u;
const NO_BREAK_BEFORE = new Set('ьъйЬЪЙ');
/** Words shorter than this stay whole. */
const MIN_WORD = 10;
/** Letters kept together at either end of a word. */
const MIN_PART = 2;

function hyphenateWord(word: string): string {
  const c = [...word];
  if (c.length < MIN_WORD || !c.every((ch) => LETTER.test(ch))) return word;
  const vowel = (i: number) => i >= 0 && i < c.length && VOWELS.has(c[i]);
  const hasVowel = (from: number, to: number) => c.slice(from, to).some((ch) => VOWELS.has(ch));
  let out = c[0];
  for (let i = 1; i < c.length; i++) {
    const ok =
      i >= MIN_PART &&
      c.length - i >= MIN_PART &&
      !NO_BREAK_BEFORE.has(c[i]) &&
      hasVowel(0, i) &&
      hasVowel(i, c.length) &&
      ((vowel(i - 1) && !vowel(i) && vowel(i + 1)) || (!vowel(i - 1) && vowel(i - 2) && !vowel(i) && vowel(i + 1)));
    out += (ok ? '\u00AD' : '') + c[i];
  }
  return out;
}

export function hyphenate(text: string): string {
  return text.replace(/[\p{L}]+/gu, hyphenateWord);
}
