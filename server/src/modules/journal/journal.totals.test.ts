import { describe, expect, it } from 'vitest';
import { markTotals, modulesOf, moduleSubtotals } from '@contract/pure/journal-totals';

describe('journal totals', () => {
  it("counts 'н/б' as an absence, present as 0, 'ув' as neither, with the mean over the marks given", () => {
    expect(markTotals(['5', 'н/б', null, '4', 'ув', '3'])).toEqual({ nb_Count: 1, ball_Count: 12, ball_average: 3, ball_mean: 4 });
    expect(markTotals([])).toEqual({ nb_Count: 0, ball_Count: 0, ball_average: 0, ball_mean: null });
  });

  it('subtotals each module over the lessons whose topic is in it; lessons without a module count in none', () => {
    const topics = [
      { visitDate: '2026-09-01', id_time: 1, id_module: 2 },
      { visitDate: '2026-09-02', id_time: 1, id_module: 1 },
      { visitDate: '2026-09-03', id_time: 1, id_module: 1 },
      { visitDate: '2026-09-04', id_time: 1, id_module: null },
    ];
    const marks = [
      { visitDate: '2026-09-01', id_time: 1, otsenka: '3' },
      { visitDate: '2026-09-02', id_time: 1, otsenka: '5' },
      { visitDate: '2026-09-03', id_time: 1, otsenka: null },
      { visitDate: '2026-09-04', id_time: 1, otsenka: '2' },
      // A lesson without a topic.
      { visitDate: '2026-09-05', id_time: 1, otsenka: '4' },
    ];
    expect(modulesOf(topics)).toEqual([1, 2]);
    expect(moduleSubtotals(marks, topics)).toEqual([
      { id_module: 1, ball_average: 2.5, ball_mean: 5 },
      { id_module: 2, ball_average: 3, ball_mean: 3 },
    ]);
    expect(moduleSubtotals([], topics)).toEqual([
      { id_module: 1, ball_average: 0, ball_mean: null },
      { id_module: 2, ball_average: 0, ball_mean: null },
    ]);
    expect(modulesOf([{ visitDate: '2026-09-01', id_time: 1, id_module: null }])).toEqual([]);
  });
});
