import { describe, expect, it } from 'vitest';
import { academicYearName } from './academic-year';
import { halfYearTitle } from './sheet-texts';

describe("a half-year's title in the workbooks", () => {
  it("names the academic year as the selects do (2026-27) and the half-year in the glossary's words", () => {
    expect(academicYearName(2026)).toBe('2026-27');
    expect(academicYearName(2099)).toBe('2099-00');
    expect(halfYearTitle('en', 2026, 1)).toBe('Autumn half-year 2026-27');
    expect(halfYearTitle('ru', 2026, 2)).toBe('Весеннее полугодие 2026-27');
    expect(halfYearTitle('kg', 2026, 1)).toBe('Күзгү жарым жыл 2026-27');
  });
});
