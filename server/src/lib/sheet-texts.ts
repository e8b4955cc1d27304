/**
 * Words the workbooks people download share (the journal's, and the QR attendance reports'), in
 * kg, ru and en: column headings every one of them has, and a half-year's title.
 */
import type { Language } from '@contract/common';
import { academicYearName } from '@contract/pure/academic-year';

export interface SheetWords {
  /** The row number's column. */
  no: string;
  /** The student's name column. */
  student: string;
  present: string;
  /** The attendance rate's column. */
  rate: string;
}

export const SHEET_WORDS: Record<Language, SheetWords> = {
  ru: { no: '№', student: 'ФИО студента', present: 'Присутствовал', rate: '% присутствия' },
  kg: { no: '№', student: 'Студенттин аты-жөнү', present: 'Катышты', rate: 'Катышуу %' },
  en: { no: 'No.', student: 'Student', present: 'Present', rate: '% present' },
};

/** A half-year's title in the glossary's words (docs/glossary.md): 'Осеннее полугодие 2026-27', 'Күзгү жарым жыл 2026-27', 'Autumn half-year 2026-27'. */
export function halfYearTitle(lang: Language, year: number, ws: number): string {
  const years = academicYearName(year);
  if (lang === 'kg') return `${ws === 1 ? 'Күзгү' : 'Жазгы'} жарым жыл ${years}`;
  if (lang === 'en') return `${ws === 1 ? 'Autumn' : 'Spring'} half-year ${years}`;
  return `${ws === 1 ? 'Осеннее' : 'Весеннее'} полугодие ${years}`;
}
