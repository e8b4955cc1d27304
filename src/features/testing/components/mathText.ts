/**
 * A testing text split into plain text and formulas (contract/testing.ts): TeX between `$…$`
 * (inline) or `$$…$$` (display), `\$` a literal dollar; a dollar that opens nothing (no closing one,
 * or nothing between) stays text. Formulas become MathML with temml; TeX it cannot read gives null.
 */
import temml from 'temml';

export type Piece = { kind: 'text'; text: string } | { kind: 'math'; tex: string; display: boolean; source: string };

/** Where the formula opened before `from` closes (the closing delimiter's index), or -1. */
function closing(s: string, from: number, display: boolean): number {
  for (let j = from; j < s.length; j++) {
    if (s[j] === '\\') j++;
    else if (s[j] === '$' && (!display || s[j + 1] === '$')) return j;
  }
  return -1;
}

export function splitMath(s: string): Piece[] {
  const out: Piece[] = [];
  let text = '';
  let i = 0;
  while (i < s.length) {
    if (s[i] === '\\' && s[i + 1] === '$') {
      text += '$';
      i += 2;
      continue;
    }
    if (s[i] !== '$') {
      text += s[i++];
      continue;
    }
    const width = s[i + 1] === '$' ? 2 : 1;
    const end = closing(s, i + width, width === 2);
    const tex = end < 0 ? '' : s.slice(i + width, end);
    if (tex.trim() === '') {
      text += s.slice(i, i + width);
      i += width;
      continue;
    }
    if (text) out.push({ kind: 'text', text });
    text = '';
    out.push({ kind: 'math', tex, display: width === 2, source: s.slice(i, end + width) });
    i = end + width;
  }
  if (text) out.push({ kind: 'text', text });
  return out;
}

/** The text as one line for a label (a button's accessible name): each formula as its TeX, without the dollars. */
export const plainText = (s: string) =>
  splitMath(s)
    .map((p) => (p.kind === 'math' ? p.tex.trim() : p.text))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether the text holds a formula. */
export const hasMath = (s: string) => splitMath(s).some((p) => p.kind === 'math');

/** The formula as MathML markup (temml's own output, nothing of the user's outside it), or null for TeX temml cannot read. */
export function mathMarkup(tex: string, display: boolean): string | null {
  try {
    return temml.renderToString(tex, { displayMode: display, throwOnError: true });
  } catch {
    return null;
  }
}
