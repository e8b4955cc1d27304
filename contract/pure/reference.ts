/** The reference lists' names, which the client uses as they are (contract/reference.ts makes them its schema). */
/** The lists, in the order the screen shows them. */
export const REFERENCE_LISTS = [
  'academicYears',
  'registrationPeriods',
  'lessonTimes',
  'settings',
  'rooms',
  'paidServices',
  'docTypes',
  'faculties',
  'departments',
  'specialities',
  'groups',
  'menuLinks',
  'appLinks',
  'regOfferings',
  'regSubgroups',
] as const;
