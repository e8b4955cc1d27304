/** Academic years: id = first calendar year, name 'YYYY-YY'; a new year starts in September. */

/** The current academic year's first calendar year: from September (month index 8) the new one. */
export function currentAcademicYear(now: Date): number {
  return now.getMonth() >= 8 ? now.getFullYear() : now.getFullYear() - 1;
}

/** 2026 → '2026-27' */
export function academicYearName(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}
