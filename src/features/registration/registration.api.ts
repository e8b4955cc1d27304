/** Discipline and elective registration calls (docs/areas/registration.md#for-users). */
import type { IdName } from '@contract/common';
import type {
  DeleteRegistrationBody,
  Deleted,
  HalfBody,
  OfferingBody,
  RegList,
  RegRow,
  RegSubgroup,
  SaveRegistrationBody,
  Saved,
  SubgroupsBody,
  TeacherSubgroup,
  TeacherViewBody,
} from '@contract/registration';
import { post } from '@api/http';

const session = { session: true } as const;
const P = 'api/regfordisciplines';

export const registrationApi = {
  list: (body: HalfBody) => post<RegList>(`${P}/getreglist`, body, session),
  teachers: (body: OfferingBody) => post<IdName[]>(`${P}/getteachersforregel`, body, session),
  subgroups: (body: SubgroupsBody) => post<RegSubgroup[]>(`${P}/getsubgroupsforregel`, body, session),
  save: (body: SaveRegistrationBody) => post<Saved>(`${P}/saveregistration`, body, { ...session, idempotent: true }),
  remove: (body: DeleteRegistrationBody) => post<Deleted>(`${P}/deleteregistration`, body, session),
  permission: (body: HalfBody) => post<{ allowed: boolean }>(`${P}/optional/permission`, body, session),
  electives: (body: HalfBody) => post<RegRow[]>(`${P}/optional/disciplines`, body, session),
  electiveTeachers: (body: OfferingBody) => post<IdName[]>(`${P}/optional/teachers`, body, session),
  electiveSubgroups: (body: SubgroupsBody) => post<RegSubgroup[]>(`${P}/optional/subgroups`, body, session),
  saveElective: (body: SaveRegistrationBody) => post<Saved>(`${P}/optional/additioninsert`, body, { ...session, idempotent: true }),
  /** Source type 1: the teacher's subgroups. */
  teacherView: (body: TeacherViewBody) => post<TeacherSubgroup[]>(`${P}/bytype/teacher`, body, session),
  teacherRemove: (body: DeleteRegistrationBody) => post<Deleted>(`${P}/bytype/deleteregistration`, body, session),
};
