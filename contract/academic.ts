/**
 * The academic context every area shares (docs/areas/academic.md#calls): academic
 * years, the current half-year and year, faculties, the caller's disciplines, semesters and groups,
 * and the people to talk to.
 * Identity comes from the session: teacher calls answer 403 to students and the other way round.
 */
import { Type, type Static } from 'typebox';
import { DbId, HalfYear, IdName, Ok, Role, YearStart } from './common';

/** GET /api/discipline/current/ws.json: the current working semester (half-year): 1 autumn, 2 spring. */
export const CurrentWsReply = Ok(IdName);
/** GET /api/discipline/current/year.json: the current academic year ({id: 2026, name: '2026-27'}). */
export const CurrentYearReply = Ok(IdName);

/** Academic year (its first calendar year) and working semester (1 autumn, 2 spring). */
const year = YearStart;
const ws = HalfYear;
const id = DbId;

/** POST list.json (teacher) and forStudentDisciplinelist.json (student): {year, ws}. */
export const DisciplineListBody = Type.Object({ year, ws });
export type DisciplineListBody = Static<typeof DisciplineListBody>;

/** A discipline of the caller in a half-year (docs/areas/academic.md#calls). */
export const DisciplineRow = Type.Object({
  /** id_discipline */
  id: Type.Integer(),
  /** 1 for an elective discipline, else 0. */
  isSelect: Type.Integer(),
  discipline: Type.String(),
  /** Credits. */
  kredit: Type.Integer(),
  /** Kinds of lessons given: 'Лекция, Практическое занятие'. */
  vid_discipline: Type.String(),
});
export type DisciplineRow = Static<typeof DisciplineRow>;
export const DisciplineListReply = Ok(Type.Array(DisciplineRow));

/** POST semester/list.json and studentSemester/list.json: semesters of study of the discipline. */
export const SemesterListBody = Type.Object({ year, ws, id_discipline: id, kredit: Type.Optional(Type.Integer()) });
export type SemesterListBody = Static<typeof SemesterListBody>;
/** {id: semester id, name: its number ('5')}; the client words it ('5 семестр'). */
export const SemesterListReply = Ok(Type.Array(IdName));

/** POST group/list.json and studentGroup/list.json: groups of the discipline in that semester. */
export const GroupListBody = Type.Object({ year, ws, id_discipline: id, id_semester: id });
export type GroupListBody = Static<typeof GroupListBody>;
/** {id: group id, name: 'ПИ-1-24'} */
export const GroupListReply = Ok(Type.Array(IdName));

/**
 * POST students/list.json (teacher: the group's students) and teachers/list.json (student: the
 * teachers of the discipline in the group). A teacher asking for a group he does not teach the
 * discipline to, or a student for another group, gets 403.
 */
export const ContactListBody = Type.Object({ year, ws, id_discipline: id, id_group: id });
export type ContactListBody = Static<typeof ContactListBody>;

/** A person to talk to (docs/areas/academic.md#calls). */
export const Contact = Type.Object({
  /** The person's id: id_student for students, id_teacher for teachers. */
  idid: Type.Integer(),
  /** Their role (id_to_type in chat calls). */
  id_type: Role,
  /** Full name. */
  fio: Type.String(),
  /** Messages from them not read yet. */
  countMessages: Type.Integer(),
});
export type Contact = Static<typeof Contact>;
export const ContactListReply = Ok(Type.Array(Contact));

/** GET /api/misc/years.json: six academic years, from four back to one ahead, oldest first. */
export const YearsReply = Ok(Type.Array(IdName));
/** GET /api/misc/defaultyear.json: the current academic year (from September the new one). */
export const DefaultYearReply = Ok(IdName);

/** POST /api/misc/faculties.json {id}: faculties with groups registered in academic year id. */
export const FacultiesBody = Type.Object({ id: Type.Integer() });
export type FacultiesBody = Static<typeof FacultiesBody>;
export const FacultiesReply = Ok(Type.Array(IdName));

/** POST /api/misc/getgroups.json {id_a_year, id_student}: the groups the student (the caller) studies in during that academic year. */
export const StudentGroupsBody = Type.Object({ id_a_year: YearStart, id_student: DbId });
export type StudentGroupsBody = Static<typeof StudentGroupsBody>;
export const StudentGroupsReply = Ok(Type.Array(IdName));
