/** The scores of each kind of question, the short answers' folding and the statistics' correlation (testing.grading.ts). */
import { describe, expect, it } from 'vitest';
import { correctOf, correlation, drawOrder, fold, paperQuestion, scoreOf, type BankQuestion } from './testing.grading';

const q = (content: BankQuestion['content'], points = 2): BankQuestion => ({ id: 1, text: 'Q', points, content });

describe('short answers', () => {
  it('fold case, spaces and Latin letters that look Cyrillic', () => {
    expect(fold('  НТМL  ')).toBe(fold('нтмl'));
    expect(fold('Mосква')).toBe(fold('москва'));
    expect(fold('Ёлка')).toBe(fold('елка'));
    const short = q({ kind: 'short', accepted: ['Москва', 'Moscow'] });
    expect(scoreOf(short, [], { kind: 'short', text: ' MOCKBA ' })).toBe(2);
    expect(scoreOf(short, [], { kind: 'short', text: 'moscow' })).toBe(2);
    expect(scoreOf(short, [], { kind: 'short', text: 'Минск' })).toBe(0);
  });
});

describe('scores', () => {
  it('give partial credit to multiple choice, matching and ordering, never below zero', () => {
    const multiple = q({
      kind: 'multiple',
      options: [
        { text: 'a', correct: true },
        { text: 'b', correct: true },
        { text: 'c', correct: false },
      ],
    });
    const order = [2, 0, 1];
    expect(scoreOf(multiple, order, { kind: 'multiple', choices: [1, 2] })).toBe(2);
    expect(scoreOf(multiple, order, { kind: 'multiple', choices: [1] })).toBe(1);
    expect(scoreOf(multiple, order, { kind: 'multiple', choices: [0, 1] })).toBe(0);
    expect(scoreOf(multiple, order, { kind: 'multiple', choices: [0] })).toBe(0);
    const matching = q({
      kind: 'matching',
      pairs: [
        { left: 'x', right: '1' },
        { left: 'y', right: '2' },
        { left: '', right: '3' },
      ],
    });
    const m = [2, 1, 0];
    expect(scoreOf(matching, m, correctOf(matching.content, m).correct)).toBe(2);
    expect(scoreOf(matching, m, { kind: 'matching', right: [2, 0] })).toBe(1);
    const ordering = q({ kind: 'ordering', items: ['a', 'b', 'c', 'd'] }, 4);
    const o = [3, 2, 1, 0];
    expect(scoreOf(ordering, o, { kind: 'ordering', order: [3, 2, 1, 0] })).toBe(4);
    expect(scoreOf(ordering, o, { kind: 'ordering', order: [3, 2, 0, 1] })).toBe(2);
    const numeric = q({ kind: 'numeric', value: 3.14, tolerance: 0.01 });
    expect(scoreOf(numeric, [], { kind: 'numeric', value: 3.15 })).toBe(2);
    expect(scoreOf(numeric, [], { kind: 'numeric', value: 3.16 })).toBe(0);
    expect(scoreOf(q({ kind: 'essay' }), [], { kind: 'essay', text: 'x' })).toBeNull();
    expect(scoreOf(numeric, [], { kind: 'short', text: '3.14' })).toBe(0);
  });

  it('never start an ordering question in its right order, and show no right answer on the paper', () => {
    const ordering = q({ kind: 'ordering', items: ['a', 'b'] });
    let calls = 0;
    // A generator that first gives the identity: the draw tries again.
    const rnd = (n: number) => (calls++ < 1 ? n - 1 : 0);
    expect(drawOrder(ordering.content, false, rnd)).toEqual([1, 0]);
    expect(JSON.stringify(paperQuestion(ordering, 1, [1, 0], null))).not.toContain('correct');
  });
});

describe('discrimination', () => {
  it('is the correlation of the question with the total, null without spread', () => {
    expect(correlation([1, 0, 1, 0], [0.9, 0.2, 0.8, 0.1])).toBeGreaterThan(0.9);
    expect(correlation([0, 1], [0.9, 0.1])).toBe(-1);
    expect(correlation([1, 1], [0.2, 0.9])).toBeNull();
    expect(correlation([1], [1])).toBeNull();
  });
});
