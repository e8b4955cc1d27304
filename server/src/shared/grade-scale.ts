/**
 * The university's grading scale (docs/areas/transcript.md#for-users): final points 0–100 → the number
 * equivalent ekv_num (grade point) and the letter ekv_bukv, with the traditional mark. The seed
 * writes it to the grade_scale table, which is what the transcript reads.
 */
export interface GradeBand {
  min: number;
  max: number;
  ekvNum: number;
  ekvBukv: string;
  /** ru, kg, en */
  names: readonly [string, string, string];
}

const EXCELLENT = ['отлично', 'эң жакшы', 'excellent'] as const;
const GOOD = ['хорошо', 'жакшы', 'good'] as const;
const FAIR = ['удовлетворительно', 'канааттандырарлык', 'satisfactory'] as const;
const FAIL = ['неудовлетворительно', 'канааттандырарлык эмес', 'fail'] as const;

export const GRADE_SCALE: readonly GradeBand[] = [
  { min: 90, max: 100, ekvNum: 4.0, ekvBukv: 'A', names: EXCELLENT },
  { min: 85, max: 89, ekvNum: 3.67, ekvBukv: 'A-', names: EXCELLENT },
  { min: 80, max: 84, ekvNum: 3.33, ekvBukv: 'B+', names: GOOD },
  { min: 75, max: 79, ekvNum: 3.0, ekvBukv: 'B', names: GOOD },
  { min: 70, max: 74, ekvNum: 2.67, ekvBukv: 'B-', names: GOOD },
  { min: 65, max: 69, ekvNum: 2.33, ekvBukv: 'C+', names: FAIR },
  { min: 60, max: 64, ekvNum: 2.0, ekvBukv: 'C', names: FAIR },
  { min: 55, max: 59, ekvNum: 1.67, ekvBukv: 'C-', names: FAIR },
  { min: 50, max: 54, ekvNum: 1.0, ekvBukv: 'D', names: FAIR },
  { min: 0, max: 49, ekvNum: 0, ekvBukv: 'F', names: FAIL },
];
