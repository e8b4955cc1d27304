/** The import screen's calls (docs/areas/imports.md#calls). */
import type { ImportKind, ImportRunFields } from '@contract/imports';
import { IMPORT_FILE_FIELD } from '@contract/pure/imports';

export { IMPORT_KINDS, IMPORT_MAX_BYTES } from '@contract/pure/imports';

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
