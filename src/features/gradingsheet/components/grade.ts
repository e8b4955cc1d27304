/** The grade of a total on the sheet's scale (the bands the server sent): what the grid shows while the teacher types. */
import type { SheetGrade } from '@contract/gradingsheet';

export function gradeOf(grades: readonly SheetGrade[], total: number | null): SheetGrade | null {
  if (total === null) return null;
  return grades.find((g) => total >= g.min && total <= g.max) ?? null;
}

/** A typed exam value: null for empty, a number for a whole 0..max, 'invalid' otherwise. */
export function parseExam(text: string, max: number): number | null | 'invalid' {
  const s = text.trim();
  if (s === '') return null;
  if (!/^\d+$/.test(s)) return 'invalid';
  const n = Number(s);
  return n <= max ? n : 'invalid';
}
