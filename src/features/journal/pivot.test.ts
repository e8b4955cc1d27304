import { describe, expect, it } from 'vitest';
import { overflowOf, pastedBlock, readMark, showMark, storedFrom, totalsOf } from './pivot';

describe('journal arithmetic', () => {
  it("totals: 'н/б' is an absence, present without a grade counts 0, 'ув' counts neither, the average has 2 decimals", () => {
    expect(totalsOf(['5', 'н/б', null, '4', 'ув', '3'])).toEqual({ nb_Count: 1, ball_Count: 12, ball_average: 3, ball_mean: 4 });
    expect(totalsOf(['5', '4', '4'])).toEqual({ nb_Count: 0, ball_Count: 13, ball_average: 4.33, ball_mean: 4.33 });
    expect(totalsOf(['н/б', 'н/б'])).toEqual({ nb_Count: 2, ball_Count: 0, ball_average: 0, ball_mean: null });
    expect(totalsOf([])).toEqual({ nb_Count: 0, ball_Count: 0, ball_average: 0, ball_mean: null });
    // His only mark a 4, present at six more lessons: the mean reads 4, the average per lesson 0.57.
    expect(totalsOf(['4', null, null, null, null, null, null])).toEqual({ nb_Count: 0, ball_Count: 4, ball_average: 0.57, ball_mean: 4 });
  });

  it('reads typed marks like the server: short forms, whole numbers 0..100, the rest invalid', () => {
    expect(readMark(' 5 ')).toBe('5');
    expect(readMark('004')).toBe('4');
    expect(readMark('007', '0-100')).toBe('7');
    expect(readMark('44', '0-100')).toBe('44');
    expect(readMark('0', '0-100')).toBe('0');
    expect(readMark('Н')).toBe('н/б');
    expect(readMark('нб')).toBe('н/б');
    expect(readMark('у')).toBe('ув');
    expect(readMark('+')).toBe('+');
    expect(readMark('')).toBeNull();
    for (const bad of ['101', '44', '1', '0', '7', '4.5', '-1', 'abc', '5+']) expect(readMark(bad)).toBe('invalid');
    for (const bad of ['101', '4.5', '-1']) expect(readMark(bad, '0-100')).toBe('invalid');
  });

  it("shows a record without a grade as '+', no record as empty; a written '+' is stored as present, null clears", () => {
    expect(showMark(null)).toBe('+');
    expect(showMark(undefined)).toBe('');
    expect(showMark('н/б')).toBe('н/б');
    expect(storedFrom('+')).toBeNull();
    expect(storedFrom(null)).toBeUndefined();
    expect(storedFrom('4')).toBe('4');
  });

  it('reads a block pasted from a spreadsheet by lines and columns, and counts the cells that fall outside the grid', () => {
    expect(pastedBlock('5\r\n4\r\nн/б\r\n')).toEqual([['5'], ['4'], ['н/б']]);
    expect(pastedBlock('5\tx\n\t\n3')).toEqual([['5', 'x'], ['', ''], ['3']]);
    const block = pastedBlock('5\t4\n3\t2\n4\t4');
    expect(overflowOf(block, 0, 0, 3, 2)).toBe(0);
    // One row left below the corner: the two lines under it do not fit.
    expect(overflowOf(block, 2, 0, 3, 2)).toBe(4);
    // The last column: the second column does not fit on any line.
    expect(overflowOf(block, 0, 1, 3, 2)).toBe(3);
  });

  it('reads the signs typed on a Latin keyboard, in any case, as н/б and ув', () => {
    for (const typed of ['n', 'N', 'nb', 'NB', 'n/b', 'N/B']) expect(readMark(typed)).toBe('н/б');
    for (const typed of ['u', 'U', 'uv', 'UV']) expect(readMark(typed)).toBe('ув');
    for (const bad of ['b', 'v', 'nu', 'n b']) expect(readMark(bad)).toBe('invalid');
  });
});
