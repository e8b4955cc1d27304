/**
 * The imports' constants the client uses as they are (contract/imports.ts makes the kinds its schema): the kinds,
 * the size limit and the file's form field.
 */
/** What can be imported, in the order a university loads them. */
export const IMPORT_KINDS = [
  'faculties',
  'departments',
  'specialities',
  'groups',
  'students',
  'teachers',
  'rooms',
  'disciplines',
  'plans',
  'timetable',
  'offerings',
] as const;

/** Files over this size are refused before they are read (50 MB). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** The multipart field of the file an import reads. */
export const IMPORT_FILE_FIELD = 'file';
