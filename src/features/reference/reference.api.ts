/** The reference lists' calls (docs/areas/reference.md#calls). */
import type { ReferenceDeleteBody, ReferenceListName, ReferenceLists, ReferenceRow, ReferenceRows, ReferenceSaveBody } from '@contract/reference';
import { REFERENCE_LISTS } from '@contract/pure/reference';
import { post } from '@api/http';

const session = { session: true } as const;
const write = { session: true, idempotent: true } as const;
const P = 'api/reference';

export { REFERENCE_LISTS };

export const isReferenceList = (name: string | undefined): name is ReferenceListName => (REFERENCE_LISTS as readonly string[]).includes(name ?? '');

export const referenceApi = {
  lists: () => post<ReferenceLists>(`${P}/lists.json`, {}, session),
  rows: (list: ReferenceListName) => post<ReferenceRows>(`${P}/rows.json`, { list }, session),
  save: (body: ReferenceSaveBody) => post<ReferenceRow>(`${P}/save.json`, body, write),
  remove: (body: ReferenceDeleteBody) => post<{ id: string }>(`${P}/delete.json`, body, write),
};
