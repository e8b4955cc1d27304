/**
 * Questions from Aiken and GIFT plain text, and to GIFT (docs/areas/testing.md#for-users).
 * GIFT's common subset: multiple choice (`=right ~wrong`, several right as `~%50%a ~%50%b`), true/false
 * (`{T}`, `{FALSE}`), short answer (`{=a =b}`), numeric (`{#3.14:0.01}`), matching (`{=a -> b}`) and
 * essay (`{}`), with an optional `::title::` and `//` comments. A problem names its line (1…) and
 * a key of the texts' `problems`; the caller writes nothing when there is any.
 */
import type { QuestionContent } from '@contract/testing';
import { contentProblem } from './testing.grading';

export interface ParsedQuestion {
  line: number;
  text: string;
  content: QuestionContent;
}
export interface ParseProblem {
  line: number;
  problem: string;
}
export interface Parsed {
  questions: ParsedQuestion[];
  problems: ParseProblem[];
}

/** Blocks of non-blank lines with the number of their first line. */
function blocks(text: string, comments: boolean): { line: number; lines: { n: number; s: string }[] }[] {
  const out: { line: number; lines: { n: number; s: string }[] }[] = [];
  let cur: { n: number; s: string }[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const s = comments && raw.trim().startsWith('//') ? '' : raw;
    if (s.trim() === '' && !(comments && raw.trim().startsWith('//'))) {
      if (cur.length) out.push({ line: cur[0].n, lines: cur });
      cur = [];
    } else if (s.trim() !== '') cur.push({ n: i + 1, s });
  });
  if (cur.length) out.push({ line: cur[0].n, lines: cur });
  return out;
}

export function parseAiken(text: string): Parsed {
  const parsed: Parsed = { questions: [], problems: [] };
  for (const b of blocks(text, false)) {
    const options: { letter: string; text: string }[] = [];
    const stem: string[] = [];
    let answer: { n: number; letter: string } | null = null;
    let bad: ParseProblem | null = null;
    for (const { n, s } of b.lines) {
      const opt = /^\s*([A-Z])[.)]\s+(.+)$/.exec(s);
      const ans = /^\s*ANSWER:\s*([A-Z])\s*$/i.exec(s);
      if (ans) answer = { n, letter: ans[1].toUpperCase() };
      else if (opt && !answer) options.push({ letter: opt[1], text: opt[2].trim() });
      else if (options.length === 0 && !answer) stem.push(s.trim());
      else bad ??= { line: n, problem: 'aikenLine' };
    }
    const last = b.lines[b.lines.length - 1].n;
    if (bad) parsed.problems.push(bad);
    else if (options.length < 2) parsed.problems.push({ line: b.line, problem: 'fewOptions' });
    else if (!answer) parsed.problems.push({ line: last, problem: 'noAnswer' });
    else if (!options.some((o) => o.letter === answer!.letter)) parsed.problems.push({ line: answer.n, problem: 'unknownLetter' });
    else
      parsed.questions.push({
        line: b.line,
        text: stem.join('\n'),
        content: { kind: 'single', options: options.map((o) => ({ text: o.text, correct: o.letter === answer!.letter })) },
      });
  }
  return parsed;
}

/** GIFT's escaped characters: `\~ \= \# \{ \} \:` stand for themselves. */
const unescape = (s: string) => s.replace(/\\([~=#{}:])/g, '$1').trim();
/** Splits at unescaped `=` / `~` markers, keeping the marker. */
function marked(body: string): { mark: string; text: string }[] {
  const parts: { mark: string; text: string }[] = [];
  const re = /(?<!\\)([=~])/g;
  let last = -1;
  let mark = '';
  let m: RegExpExecArray | null;
  while ((m = re.exec(body))) {
    if (last >= 0) parts.push({ mark, text: body.slice(last, m.index) });
    mark = m[1];
    last = m.index + 1;
  }
  if (last >= 0) parts.push({ mark, text: body.slice(last) });
  return parts;
}

function giftContent(body: string): QuestionContent | string {
  const b = body.trim();
  if (b === '') return { kind: 'essay' };
  if (/^(T|TRUE)$/i.test(b)) return { kind: 'truefalse', answer: true };
  if (/^(F|FALSE)$/i.test(b)) return { kind: 'truefalse', answer: false };
  if (b.startsWith('#')) {
    const m = /^#\s*(-?[\d.]+)\s*(?::\s*([\d.]+))?\s*$/.exec(b);
    if (!m || !Number.isFinite(Number(m[1])) || (m[2] !== undefined && !Number.isFinite(Number(m[2])))) return 'numeric';
    return { kind: 'numeric', value: Number(m[1]), tolerance: m[2] === undefined ? 0 : Number(m[2]) };
  }
  const parts = marked(b);
  if (parts.length === 0 || b.slice(0, b.search(/(?<!\\)[=~]/)).trim() !== '') return 'giftAnswers';
  if (parts.every((p) => p.mark === '=') && parts.some((p) => /(?<!\\)->/.test(p.text))) {
    const pairs = parts.map((p) => p.text.split(/(?<!\\)->/));
    if (pairs.some((p) => p.length !== 2)) return 'giftAnswers';
    return { kind: 'matching', pairs: pairs.map(([l, r]) => ({ left: unescape(l), right: unescape(r) })) };
  }
  if (parts.every((p) => p.mark === '=')) return { kind: 'short', accepted: parts.map((p) => unescape(p.text.replace(/^%\d+%/, ''))) };
  const options = parts.map((p) => {
    const weight = /^%(-?\d+(?:\.\d+)?)%/.exec(p.text);
    return {
      text: unescape(p.text.replace(/^%-?\d+(?:\.\d+)?%/, '').replace(/(?<!\\)#.*$/s, '')),
      correct: p.mark === '=' || (weight !== null && Number(weight[1]) > 0),
    };
  });
  if (options.length < 2) return 'fewOptions';
  return { kind: options.filter((o) => o.correct).length === 1 && parts.some((p) => p.mark === '=') ? 'single' : 'multiple', options };
}

export function parseGift(text: string): Parsed {
  const parsed: Parsed = { questions: [], problems: [] };
  for (const b of blocks(text, true)) {
    const joined = b.lines.map((l) => l.s).join('\n');
    if (/^\s*\$CATEGORY:/i.test(joined)) continue;
    const open = joined.search(/(?<!\\)\{/);
    const close = joined.search(/(?<!\\)\}\s*$/);
    const lineAt = (index: number) => b.line + joined.slice(0, Math.max(0, index)).split('\n').length - 1;
    if (open < 0 || close < open) {
      parsed.problems.push({ line: open < 0 ? b.line : lineAt(open), problem: 'giftBraces' });
      continue;
    }
    const stem = joined.slice(0, open).replace(/^\s*::.*?::/s, '');
    const content = giftContent(joined.slice(open + 1, close).replace(/\n/g, ' '));
    if (typeof content === 'string') parsed.problems.push({ line: lineAt(open), problem: content });
    else if (unescape(stem) === '') parsed.problems.push({ line: b.line, problem: 'noText' });
    else {
      const problem = contentProblem(content);
      if (problem) parsed.problems.push({ line: lineAt(open), problem });
      else parsed.questions.push({ line: b.line, text: unescape(stem), content });
    }
  }
  return parsed;
}

const esc = (s: string) => s.replace(/([~=#{}:])/g, '\\$1').replace(/\n/g, ' ');

/** A question as GIFT; ordering questions (not in GIFT's subset) are left out (null). */
export function toGift(q: { id: number; text: string; content: QuestionContent }): string | null {
  const c = q.content;
  const head = `::Q${q.id}:: ${esc(q.text)} `;
  switch (c.kind) {
    case 'single':
      return `${head}{\n${c.options.map((o) => `  ${o.correct ? '=' : '~'}${esc(o.text)}`).join('\n')}\n}`;
    case 'multiple': {
      const right = c.options.filter((o) => o.correct).length;
      const wrong = c.options.length - right;
      const w = (x: number) => String(Math.round(x * 100000) / 100000);
      return `${head}{\n${c.options.map((o) => `  ~%${o.correct ? w(100 / right) : wrong ? w(-100 / wrong) : 0}%${esc(o.text)}`).join('\n')}\n}`;
    }
    case 'truefalse':
      return `${head}{${c.answer ? 'TRUE' : 'FALSE'}}`;
    case 'short':
      return `${head}{${c.accepted.map((a) => `=${esc(a)}`).join(' ')}}`;
    case 'numeric':
      return `${head}{#${c.value}:${c.tolerance}}`;
    case 'matching':
      return `${head}{\n${c.pairs.map((p) => `  =${esc(p.left)} -> ${esc(p.right)}`).join('\n')}\n}`;
    case 'essay':
      return `${head}{}`;
    default:
      return null;
  }
}
