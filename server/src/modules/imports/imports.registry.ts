/** Every kind of import, by its name: its columns, its plan (checks, comparison, writes) and its export. */
import type { ImportKind } from '@contract/imports';
import { departmentsImport } from './imports.departments';
import { disciplinesImport } from './imports.disciplines';
import { facultiesImport } from './imports.faculties';
import { groupsImport } from './imports.groups';
import { offeringsImport } from './imports.offerings';
import { plansImport } from './imports.plans';
import { roomsImport } from './imports.rooms';
import { specialitiesImport } from './imports.specialities';
import { studentsImport } from './imports.students';
import { teachersImport } from './imports.teachers';
import { timetableImport } from './imports.timetable';
import type { ImportKindDef } from './imports.kind';

export const IMPORTS: Record<ImportKind, ImportKindDef> = {
  faculties: facultiesImport as ImportKindDef,
  departments: departmentsImport as ImportKindDef,
  specialities: specialitiesImport as ImportKindDef,
  groups: groupsImport as ImportKindDef,
  students: studentsImport as ImportKindDef,
  teachers: teachersImport as ImportKindDef,
  rooms: roomsImport as ImportKindDef,
  disciplines: disciplinesImport as ImportKindDef,
  plans: plansImport as ImportKindDef,
  timetable: timetableImport as ImportKindDef,
  offerings: offeringsImport as ImportKindDef,
};
