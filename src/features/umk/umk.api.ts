/** Teaching-material (UMK) calls and the URLs of a material's file (docs/areas/umk.md#for-users). */
import type { IdName } from '@contract/common';
import type { NEW_UMK_ID, UmkDeleteBody, UmkDeleted, UmkDiscipline, UmkHalfBody, UmkItem, UmkListBody, UmkSemestersBody, UmkTeachersBody } from '@contract/umk';
import { get, post } from '@api/http';

export const NEW_UMK: typeof NEW_UMK_ID = -1;
/** The multipart form of a material goes through `upload` (api/http.ts) to this URL. */
export const UMK_SAVE_URL = 'api/umk/insertorupdateumk';

const session = { session: true } as const;

export const umkApi = {
  /** Teacher (role 1). */
  disciplines: (body: UmkHalfBody) => post<UmkDiscipline[]>('api/umk/disciplines', body, session),
  semesters: (body: UmkSemestersBody) => post<IdName[]>('api/umk/semesters', body, session),
  list: (body: UmkListBody) => post<UmkItem[]>('api/umk/umklist', body, session),
  /** The teachers of a discipline: the list can be narrowed to one of them. */
  teachers: (body: UmkTeachersBody) => post<IdName[]>('api/umk/getumkteachers', body, session),
  types: () => get<IdName[]>('api/umk/types', session),
  examTypes: () => get<IdName[]>('api/umk/getstudentexamtypes', session),
  bookCategories: () => get<IdName[]>('api/umk/bookcategories', session),
  remove: (body: UmkDeleteBody) => post<UmkDeleted>('api/umk/deletebook', body, session),
  /** Student (role 2). */
  studentDisciplines: (body: UmkHalfBody) => post<UmkDiscipline[]>('api/umk/disciplinesforstud', body, session),
  studentSemesters: (body: UmkSemestersBody) => post<IdName[]>('api/umk/semestersforstud', body, session),
  studentList: (body: UmkListBody) => post<UmkItem[]>('api/umk/getumklistforstud', body, session),
};

export const umkDownloadUrl = (id: number) => `/api/umk/download.file?id=${id}`;
export const umkReadUrl = (id: number) => `/api/umk/read.file?id=${id}`;
