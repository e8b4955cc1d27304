/**
 * A paper's questions as the student sees them and their scores (docs/areas/testing.md): pure
 * functions of a bank question's content, the order its paper shows its options in, and an answer.
 *
 * A paper names options by their place in the paper's order (0…), never by their place in the bank,
 * so the ids reveal nothing: ordering items and matching right items are always shown shuffled,
 * single and multiple choice options when the test shuffles answers.
 */
import { randomInt } from 'node:crypto';
import type { Answer, PaperQuestion, QuestionContent, QuestionImage } from '@contract/testing';

/** What a paper needs of a bank question. */
export interface BankQuestion {
  id: number;
  text: string;
  points: number;
  content: QuestionContent;
}

/** Latin letters that look like Cyrillic ones, folded into those. */
const LOOK_ALIKES: Record<string, string> = { a: 'а', b: 'в', c: 'с', e: 'е', h: 'н', k: 'к', m: 'м', o: 'о', p: 'р', t: 'т', x: 'х', y: 'у', ё: 'е' };

/** A short answer as compared: trimmed, spaces collapsed, case folded, Latin look-alike letters read as Cyrillic. */
export function fold(s: string): string {
  return s
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(/[abcehkmoptxyё]/g, (ch) => LOOK_ALIKES[ch] ?? ch);
}

/** The number of options (items, pairs) a question's paper order covers; 0 for kinds without. */
export function optionCount(c: QuestionContent): number {
  if (c.kind === 'single' || c.kind === 'multiple') return c.options.length;
  if (c.kind === 'matching') return c.pairs.length;
  if (c.kind === 'ordering') return c.items.length;
  return 0;
}

export function shuffled(n: number, rnd: (n: number) => number = randomInt): number[] {
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rnd(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** The order a new paper shows the question's options in. An ordering question never starts in its correct order. */
export function drawOrder(c: QuestionContent, shuffleAnswers: boolean, rnd: (n: number) => number = randomInt): number[] {
  const n = optionCount(c);
  if (c.kind === 'ordering' || c.kind === 'matching') {
    let order = shuffled(n, rnd);
    if (c.kind === 'ordering') while (order.every((v, i) => v === i)) order = shuffled(n, rnd);
    return order;
  }
  return shuffleAnswers ? shuffled(n, rnd) : Array.from({ length: n }, (_, i) => i);
}

/** Why a question's content cannot be graded (a key of the texts' `invalid`), or null. */
export function contentProblem(c: QuestionContent): string | null {
  if (c.kind === 'single' && c.options.filter((o) => o.correct).length !== 1) return 'singleCorrect';
  if (c.kind === 'multiple' && !c.options.some((o) => o.correct)) return 'noCorrect';
  if (c.kind === 'matching' && c.pairs.filter((p) => p.left.trim() !== '').length < 2) return 'pairs';
  if (c.kind === 'numeric' && !Number.isFinite(c.value)) return 'number';
  return null;
}

/** The matching question's left items: the pairs with a left text (the others' right items are distractors). */
const leftPairs = (c: Extract<QuestionContent, { kind: 'matching' }>) => c.pairs.map((p, i) => ({ ...p, i })).filter((p) => p.left.trim() !== '');

/** The question as its paper shows it: no correct answer, options in the paper's order. */
export function paperQuestion(
  q: BankQuestion,
  slot: number,
  order: number[],
  saved: { answer: Answer; version: number } | null,
  image: QuestionImage | null = null,
): PaperQuestion {
  const c = q.content;
  let options: PaperQuestion['options'] = [];
  let left: string[] = [];
  if (c.kind === 'single' || c.kind === 'multiple') options = order.map((o, id) => ({ id, text: c.options[o].text }));
  if (c.kind === 'ordering') options = order.map((o, id) => ({ id, text: c.items[o] }));
  if (c.kind === 'matching') {
    options = order.map((o, id) => ({ id, text: c.pairs[o].right }));
    left = leftPairs(c).map((p) => p.left);
  }
  return { slot, kind: c.kind, text: q.text, image, points: q.points, options, left, answer: saved?.answer ?? null, version: saved?.version ?? 0 };
}

/** Whether an answer fits the question: its kind, and ids within the paper's options. */
export function answerFits(c: QuestionContent, answer: Answer): boolean {
  if (answer.kind !== c.kind) return false;
  const n = optionCount(c);
  const inRange = (id: number) => id >= 0 && id < n;
  if (answer.kind === 'single') return inRange(answer.choice);
  if (answer.kind === 'multiple') return answer.choices.every(inRange) && new Set(answer.choices).size === answer.choices.length;
  if (answer.kind === 'ordering') return answer.order.length === n && new Set(answer.order).size === n && answer.order.every(inRange);
  if (answer.kind === 'matching' && c.kind === 'matching')
    return answer.right.length === leftPairs(c).length && answer.right.every((r) => r === null || inRange(r));
  if (answer.kind === 'numeric') return Number.isFinite(answer.value);
  return true;
}

const round = (x: number) => Math.round(x * 100) / 100;

/** The answer's score (0..points), or null for an essay (graded by hand). */
export function scoreOf(q: BankQuestion, order: number[], answer: Answer | null): number | null {
  const c = q.content;
  if (c.kind === 'essay') return null;
  if (!answer || !answerFits(c, answer)) return 0;
  let share = 0;
  if (c.kind === 'single' && answer.kind === 'single') share = c.options[order[answer.choice]].correct ? 1 : 0;
  else if (c.kind === 'multiple' && answer.kind === 'multiple') {
    const right = c.options.filter((o) => o.correct).length;
    const chosen = answer.choices.map((id) => c.options[order[id]].correct);
    share = Math.max(0, (chosen.filter(Boolean).length - chosen.filter((x) => !x).length) / right);
  } else if (c.kind === 'truefalse' && answer.kind === 'truefalse') share = answer.value === c.answer ? 1 : 0;
  else if (c.kind === 'short' && answer.kind === 'short') share = c.accepted.some((a) => fold(a) === fold(answer.text)) ? 1 : 0;
  else if (c.kind === 'numeric' && answer.kind === 'numeric') share = Math.abs(answer.value - c.value) <= c.tolerance + 1e-9 ? 1 : 0;
  else if (c.kind === 'matching' && answer.kind === 'matching') {
    const lefts = leftPairs(c);
    share = lefts.filter((p, k) => answer.right[k] !== null && order[answer.right[k]!] === p.i).length / lefts.length;
  } else if (c.kind === 'ordering' && answer.kind === 'ordering') share = answer.order.filter((id, place) => order[id] === place).length / c.items.length;
  return round(share * q.points);
}

/** The correct answer in the paper's ids, and the accepted texts of a short or numeric question. */
export function correctOf(c: QuestionContent, order: number[]): { correct: Answer | null; accepted: string[] | null } {
  const idOf = (bankIndex: number) => order.indexOf(bankIndex);
  switch (c.kind) {
    case 'single':
      return { correct: { kind: 'single', choice: idOf(c.options.findIndex((o) => o.correct)) }, accepted: null };
    case 'multiple':
      return { correct: { kind: 'multiple', choices: c.options.flatMap((o, i) => (o.correct ? [idOf(i)] : [])).sort((a, b) => a - b) }, accepted: null };
    case 'truefalse':
      return { correct: { kind: 'truefalse', value: c.answer }, accepted: null };
    case 'short':
      return { correct: { kind: 'short', text: c.accepted[0] }, accepted: c.accepted };
    case 'numeric':
      return { correct: { kind: 'numeric', value: c.value }, accepted: [c.tolerance > 0 ? `${c.value} ± ${c.tolerance}` : String(c.value)] };
    case 'matching':
      return { correct: { kind: 'matching', right: leftPairs(c).map((p) => idOf(p.i)) }, accepted: null };
    case 'ordering':
      return { correct: { kind: 'ordering', order: c.items.map((_, i) => idOf(i)) }, accepted: null };
    default:
      return { correct: null, accepted: null };
  }
}

/** Pearson correlation of two series, or null when either has no spread or fewer than 2 values. */
export function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  if (sxx === 0 || syy === 0) return null;
  return Math.round((sxy / Math.sqrt(sxx * syy)) * 1000) / 1000;
}
