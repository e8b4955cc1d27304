/** The import screen's calls (docs/areas/imports.md#calls). */
import type { IMPORT_FILE_FIELD as FILE_FIELD, IMPORT_KINDS as KINDS, IMPORT_MAX_BYTES as MAX_BYTES, ImportKind, ImportRunFields } from '@contract/imports';

/** The contract's constants (type-checked against it: the client imports only its types). */
export const IMPORT_KINDS: typeof KINDS = [
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
];
export const IMPORT_MAX_BYTES: typeof MAX_BYTES = 50 * 1024 * 1024;
const IMPORT_FILE_FIELD: typeof FILE_FIELD = 'file';

/** The multipart call that previews (dryRun) or imports a file. */
export const IMPORT_RUN_URL = 'api/imports/run.json';

/** The file picker's choice: the formats the import reads. */
export const IMPORT_ACCEPT = '.xlsx,.csv';

/** The kind's template, headers in `lang` (a download link). */
export const templateUrl = (kind: ImportKind, lang: string) => `/api/imports/template.xlsx?kind=${kind}&lang=${encodeURIComponent(lang)}`;

/** The form of run.json. */
export function importForm(fields: ImportRunFields, file: File): FormData {
  const form = new FormData();
  form.append('kind', fields.kind);
  form.append('dryRun', String(fields.dryRun));
  form.append('validOnly', String(fields.validOnly));
  form.append(IMPORT_FILE_FIELD, file, file.name);
  return form;
}
