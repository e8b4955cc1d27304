/** The reference lists' calls (docs/areas/reference.md#calls). */
import type {
  REFERENCE_LISTS as LISTS,
  ReferenceDeleteBody,
  ReferenceListName,
  ReferenceLists,
  ReferenceRow,
  ReferenceRows,
  ReferenceSaveBody,
} from '@contract/reference';
import { post } from '@api/http';

const session = { session: true } as const;
const write = { session: true, idempotent: true } as const;
const P = 'api/reference';

/** The contract's lists, in the order the screen shows them (type-checked against it: the client imports only its types). */
export const REFERENCE_LISTS: typeof LISTS = [
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
];

export const isReferenceList = (name: string | undefined): name is ReferenceListName => (REFERENCE_LISTS as readonly string[]).includes(name ?? '');

export const referenceApi = {
  lists: () => post<ReferenceLists>(`${P}/lists.json`, {}, session),
  rows: (list: ReferenceListName) => post<ReferenceRows>(`${P}/rows.json`, { list }, session),
  save: (body: ReferenceSaveBody) => post<ReferenceRow>(`${P}/save.json`, body, write),
  remove: (body: ReferenceDeleteBody) => post<{ id: string }>(`${P}/delete.json`, body, write),
};
