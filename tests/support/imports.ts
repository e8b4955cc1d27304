/** Spreadsheet rows that the imports' server tests and the empty portal's end-to-end test share. */

/** The offerings import's headers (English) in the template's order, but for the optional ones named in `leftOut`. */
export function offeringsHeader(...leftOut: string[]): string[] {
  const all = [
    'Academic year',
    'Half-year',
    'Discipline code',
    'Speciality code',
    'Semester',
    'Credits',
    'Assessment',
    'Display group',
    'Teacher code',
    'Subgroup',
    'Lesson type',
    'Day',
    'Lesson time',
    'Capacity',
  ];
  return all.filter((header) => !leftOut.includes(header));
}
