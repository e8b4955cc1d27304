/** The question form's values and their conversion to and from the contract's content: lists as one line each. */
import type { Question, QuestionContent, QuestionKind } from '@contract/testing';

export interface QuestionValues {
  id_category: string;
  kind: QuestionKind;
  text: string;
  points: string;
  /** single, multiple: an option a line, a correct one starting with "*"; short: an accepted answer a line; ordering: the items in order; matching: "left = right" a line. */
  lines: string;
  truth: string;
  value: string;
  tolerance: string;
  /** A new image chosen, its alt text, and whether the current one is to go. */
  imageFile: File | null;
  imageAlt: string;
  removeImage: boolean;
}

const lines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export function toValues(q: Question | null, id_category: number | null): QuestionValues {
  const base: QuestionValues = {
    id_category: String(q?.id_category ?? id_category ?? ''),
    kind: q?.content.kind ?? 'single',
    text: q?.text ?? '',
    points: String(q?.points ?? 1),
    lines: '',
    truth: 'true',
    value: '',
    tolerance: '0',
    imageFile: null,
    imageAlt: q?.image?.alt ?? '',
    removeImage: false,
  };
  const c = q?.content;
  if (!c) return base;
  switch (c.kind) {
    case 'single':
    case 'multiple':
      return { ...base, lines: c.options.map((o) => `${o.correct ? '*' : ''}${o.text}`).join('\n') };
    case 'truefalse':
      return { ...base, truth: String(c.answer) };
    case 'short':
      return { ...base, lines: c.accepted.join('\n') };
    case 'numeric':
      return { ...base, value: String(c.value), tolerance: String(c.tolerance) };
    case 'matching':
      return { ...base, lines: c.pairs.map((p) => `${p.left} = ${p.right}`).join('\n') };
    case 'ordering':
      return { ...base, lines: c.items.join('\n') };
    default:
      return base;
  }
}

export function toContent(v: QuestionValues): QuestionContent {
  switch (v.kind) {
    case 'single':
    case 'multiple':
      return { kind: v.kind, options: lines(v.lines).map((l) => ({ text: l.replace(/^\*\s*/, ''), correct: l.startsWith('*') })) };
    case 'truefalse':
      return { kind: 'truefalse', answer: v.truth === 'true' };
    case 'short':
      return { kind: 'short', accepted: lines(v.lines) };
    case 'numeric':
      return { kind: 'numeric', value: Number(v.value.replace(',', '.')), tolerance: Number(v.tolerance.replace(',', '.')) };
    case 'matching':
      return {
        kind: 'matching',
        pairs: lines(v.lines).map((l) => {
          const at = l.indexOf('=');
          return at < 0 ? { left: '', right: l } : { left: l.slice(0, at).trim(), right: l.slice(at + 1).trim() };
        }),
      };
    case 'ordering':
      return { kind: 'ordering', items: lines(v.lines) };
    case 'essay':
      return { kind: 'essay' };
  }
}

/** What becomes of the question's image once it is saved (bank.slice.ts QuestionWrite). */
export function imageChange(v: QuestionValues, q: Question | null): { alt: string } | 'remove' | null {
  if (v.imageFile) return { alt: v.imageAlt.trim() };
  if (!q?.image) return null;
  if (v.removeImage) return 'remove';
  return v.imageAlt.trim() !== q.image.alt ? { alt: v.imageAlt.trim() } : null;
}

/** What is wrong with the lines for the kind, as a text key of the testing namespace, or null. */
export function linesProblem(v: QuestionValues): string | null {
  const n = lines(v.lines).length;
  const correct = lines(v.lines).filter((l) => l.startsWith('*')).length;
  if (v.kind === 'single') return n < 2 ? 'form.needTwo' : correct !== 1 ? 'form.needOneCorrect' : null;
  if (v.kind === 'multiple') return n < 2 ? 'form.needTwo' : correct < 1 ? 'form.needSomeCorrect' : null;
  if (v.kind === 'matching' || v.kind === 'ordering') return n < 2 ? 'form.needTwo' : null;
  if (v.kind === 'short') return n < 1 ? 'form.required' : null;
  return null;
}
