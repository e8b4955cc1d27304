/**
 * The specification's twenty side-menu entries, in its order: the tests of the menu check the
 * portal's order and its role rules on these, so that an entry an area adds stands among them
 * without changing a test.
 */
export const SPEC_MENU_KEYS = [
  'schedule',
  'gradingSheet',
  'documents',
  'personalCard',
  'journal',
  'umk',
  'library',
  'testing',
  'workload',
  'rating',
  'questionnaire',
  'registration',
  'paymentCode',
  'references',
  'rooms',
  'webinar',
  'manual',
  'transcript',
  'reportQr',
  'studentQr',
] as const;
