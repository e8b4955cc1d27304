/**
 * An academic year's name, one form wherever the portal shows it (docs/glossary.md): the server's
 * year lists, the selects, the reports' titles and their sheets. The server and the client both run
 * this copy.
 */

/** 2026 → '2026-27' (the year that starts in September 2026). */
export function academicYearName(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}
