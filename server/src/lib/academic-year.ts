/** Academic years: id = first calendar year, name 'YYYY-YY'; a new year starts in September. */
import { academicYearName } from '@contract/pure/academic-year';

/** The current academic year's first calendar year: from September (month index 8) the new one. Read it through `currentPeriod`. */
export function currentAcademicYear(now: Date): number {
  return now.getMonth() >= 8 ? now.getFullYear() : now.getFullYear() - 1;
}

/** 2026 → '2026-27': the one form the client shows too. */
export { academicYearName };

/** The current half-year (working semester): 1 autumn (September–January), 2 spring (February–August). */
export function currentWorkingSemester(now: Date): 1 | 2 {
  const month = now.getMonth();
  return month >= 8 || month === 0 ? 1 : 2;
}

/** The current academic year and half-year, as every area reads them (and settings.json sends them at sign-in). */
export interface Period {
  year: number;
  yearName: string;
  ws: 1 | 2;
}

export function currentPeriod(now: Date): Period {
  const year = currentAcademicYear(now);
  return { year, yearName: academicYearName(year), ws: currentWorkingSemester(now) };
}
