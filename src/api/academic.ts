/**
 * The shared academic context: the current half-year and year, the years and faculties lists, and the
 * role's discipline → semester → group chain with the people of a group (see docs/areas/chat.md#for-users).
 */
import type { IdName } from '@contract/common';
import type { Contact, ContactListBody, DisciplineListBody, DisciplineRow, FacultiesBody, GroupListBody, SemesterListBody } from '@contract/academic';
import { get, post } from './http';

const session = { session: true } as const;

export const academicApi = {
  currentWs: () => get<IdName>('api/discipline/current/ws.json', session),
  currentYear: () => get<IdName>('api/discipline/current/year.json', session),
  years: () => get<IdName[]>('api/misc/years.json', session),
  defaultYear: () => get<IdName>('api/misc/defaultyear.json', session),
  faculties: (body: FacultiesBody) => post<IdName[]>('api/misc/faculties.json', body, session),
  /** Teacher (role 1). */
  list: (body: DisciplineListBody) => post<DisciplineRow[]>('api/discipline/list.json', body, session),
  semesters: (body: SemesterListBody) => post<IdName[]>('api/discipline/semester/list.json', body, session),
  groups: (body: GroupListBody) => post<IdName[]>('api/discipline/group/list.json', body, session),
  students: (body: ContactListBody) => post<Contact[]>('api/discipline/students/list.json', body, session),
  /** Student (role 2). */
  studentList: (body: DisciplineListBody) => post<DisciplineRow[]>('api/discipline/forStudentDisciplinelist.json', body, session),
  studentSemesters: (body: SemesterListBody) => post<IdName[]>('api/discipline/studentSemester/list.json', body, session),
  studentGroups: (body: GroupListBody) => post<IdName[]>('api/discipline/studentGroup/list.json', body, session),
  teachers: (body: ContactListBody) => post<Contact[]>('api/discipline/teachers/list.json', body, session),
};
