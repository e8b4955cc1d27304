/**
 * Discipline and elective registration under /api/regfordisciplines/ (docs/areas/registration.md#calls).
 * Every call needs a session. A student registers himself (id_student and id_group must be his);
 * electives need the half-year's elective permission. Seats never exceed a subgroup's capacity: a
 * full subgroup answers 409 SUBGROUP_FULL unless the student asks to join its waiting list, and a
 * freed seat goes to the first on that list (live event `registrationSeat`). Source type 1 is the
 * teacher's view of his subgroups (who registered, seats taken, the waiting list).
 */
import { Type, type Static } from 'typebox';
import { DbId, HalfYear, IdName, Ok, YearStart } from './common';

/** Source types of the bytype calls: 1 the teacher's view, 2 the student's own. */
export const SOURCE_TEACHER = 1;

export const REG_REGISTERED = 'registered';
export const REG_WAITING = 'waiting';
export const RegStatus = Type.Union([Type.Literal(REG_REGISTERED), Type.Literal(REG_WAITING)]);
export type RegStatus = Static<typeof RegStatus>;

/** Live events: a seat freed for a student on the waiting list; a change in a teacher's subgroups. */
export const REG_SEAT_EVENT = 'registrationSeat';
export const REG_CHANGED_EVENT = 'registrationChanged';

/** GET getdefyear: the current academic year and half-year. */
export const DefYear = Type.Object({ id_a_year: YearStart, name: Type.String(), id_w_s: HalfYear });
export type DefYear = Static<typeof DefYear>;
export const DefYearReply = Ok(DefYear);
/** GET getyears: six years, four back to one ahead. POST getsemesters: the half-years. */
export const IdNameListReply = Ok(Type.Array(IdName));
export const YearBody = Type.Object({ id_a_year: YearStart });
export type YearBody = Static<typeof YearBody>;
export const HalfBody = Type.Object({ id_a_year: YearStart, id_w_s: HalfYear });
export type HalfBody = Static<typeof HalfBody>;

/** The student's registration of an offering, when he has one. */
export const MyRegistration = Type.Object({
  id: Type.Integer(),
  status: RegStatus,
  id_teacher: Type.Integer(),
  teacher: Type.String(),
  subgroup: Type.Integer(),
  /** Place in the waiting list (1 = next), for 'waiting'. */
  position: Type.Union([Type.Integer(), Type.Null()]),
});
export type MyRegistration = Static<typeof MyRegistration>;

/** A row of the registration list (an offering: id_disciplineForStudent). */
export const RegRow = Type.Object({
  id_disciplineForStudent: Type.Integer(),
  id_discipline: Type.Integer(),
  discipline: Type.String(),
  id_kafedra: Type.Integer(),
  id_semester: Type.Integer(),
  kredits: Type.Integer(),
  id_examination: Type.Integer(),
  examination: Type.String(),
  isElective: Type.Boolean(),
  descGroupNum: Type.Integer(),
  registration: Type.Union([MyRegistration, Type.Null()]),
});
export type RegRow = Static<typeof RegRow>;

/** The half-year's rules as the student meets them. */
export const RegInfo = Type.Object({
  /** When registration opens (ISO); null: open since the period exists. */
  opensAt: Type.Union([Type.String(), Type.Null()]),
  closesAt: Type.Union([Type.String(), Type.Null()]),
  open: Type.Boolean(),
  creditLimit: Type.Integer(),
  creditsTaken: Type.Integer(),
});
export type RegInfo = Static<typeof RegInfo>;
/** The list, with the student's group (id_group of the save payload). */
export const RegList = Type.Object({ id_group: Type.Integer(), info: RegInfo, rows: Type.Array(RegRow) });
export type RegList = Static<typeof RegList>;
export const RegListReply = Ok(RegList);

/** POST getteachersforregel, optional/teachers {id_disciplineForStudent}. */
export const OfferingBody = Type.Object({ id_disciplineForStudent: DbId });
export type OfferingBody = Static<typeof OfferingBody>;
/** POST getsubgroupsforregel, optional/subgroups {id_disciplineForStudent, id_teacher}. */
export const SubgroupsBody = Type.Object({ id_disciplineForStudent: DbId, id_teacher: DbId });
export type SubgroupsBody = Static<typeof SubgroupsBody>;
export const RegSubgroup = Type.Object({
  /** The subgroup's number (the payload's `subgroup`). */
  id: Type.Integer(),
  name: Type.String(),
  id_vid_zaniatiy: Type.Integer(),
  capacity: Type.Integer(),
  taken: Type.Integer(),
  waiting: Type.Integer(),
  day_number: Type.Integer(),
  /** 'HH:mm–HH:mm' */
  time: Type.String(),
  /** The student's lesson or registered subgroup its slot meets ('discipline, day HH:mm–HH:mm'), which a save would refuse; null: none. */
  clash: Type.Union([Type.String(), Type.Null()]),
});
export type RegSubgroup = Static<typeof RegSubgroup>;
export const SubgroupsReply = Ok(Type.Array(RegSubgroup));

/** POST saveregistration, optional/additioninsert, bytype/actionegistration: the SPEC's full payload. */
export const SaveRegistrationBody = Type.Object({
  id_a_year: YearStart,
  id_semester: DbId,
  id_kafedra: DbId,
  id_teacher: DbId,
  id_discipline: DbId,
  kredits: Type.Integer({ minimum: 1, maximum: 30 }),
  id_examination: DbId,
  id_group: DbId,
  subgroup: Type.Integer({ minimum: 1, maximum: 20 }),
  id_student: DbId,
  id_vid_zaniatiy: DbId,
  id_disciplineForStudent: DbId,
  isByPlan: Type.Boolean(),
  id_w_s: HalfYear,
  descGroupNum: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Join the waiting list when the subgroup is full (else 409 SUBGROUP_FULL). */
  joinWaitingList: Type.Optional(Type.Boolean()),
  /** bytype calls: 2 (a student registers himself). */
  sourceType: Type.Optional(Type.Integer()),
});
export type SaveRegistrationBody = Static<typeof SaveRegistrationBody>;
export const Saved = Type.Object({ id: Type.Integer(), status: RegStatus, position: Type.Union([Type.Integer(), Type.Null()]) });
export type Saved = Static<typeof Saved>;
export const SaveReply = Ok(Saved);

/** POST deleteregistration {id_registration}: the student's own; bytype/deleteregistration: a teacher removes one from his subgroup. */
export const DeleteRegistrationBody = Type.Object({ id_registration: DbId, sourceType: Type.Optional(Type.Integer()) });
export type DeleteRegistrationBody = Static<typeof DeleteRegistrationBody>;
export const Deleted = Type.Object({ id: Type.Integer(), deleted: Type.Literal(true), promoted: Type.Boolean() });
export type Deleted = Static<typeof Deleted>;
export const DeleteReply = Ok(Deleted);

/** POST optional/disciplines {id_a_year, id_w_s}: the half-year's electives (403 without the permission). */
export const ElectivesReply = Ok(Type.Array(RegRow));

/** POST optional/permission: may the student choose electives this half-year. */
export const PermissionReply = Ok(Type.Object({ allowed: Type.Boolean() }));

/** The teacher's view: his subgroups with who registered and the waiting list (bytype/teacher, bytype/subgroups). */
export const RegStudent = Type.Object({
  id_registration: Type.Integer(),
  id_student: Type.Integer(),
  fio: Type.String(),
  group: Type.String(),
  status: RegStatus,
});
export type RegStudent = Static<typeof RegStudent>;
export const TeacherSubgroup = Type.Object({
  id_subgroup: Type.Integer(),
  discipline: Type.String(),
  isElective: Type.Boolean(),
  subgroup: Type.Integer(),
  capacity: Type.Integer(),
  taken: Type.Integer(),
  time: Type.String(),
  day_number: Type.Integer(),
  registered: Type.Array(RegStudent),
  waiting: Type.Array(RegStudent),
});
export type TeacherSubgroup = Static<typeof TeacherSubgroup>;
export const TeacherViewBody = Type.Object({ id_a_year: YearStart, id_w_s: HalfYear, sourceType: Type.Optional(Type.Integer()) });
export type TeacherViewBody = Static<typeof TeacherViewBody>;
export const TeacherViewReply = Ok(Type.Array(TeacherSubgroup));
export const TeacherSubgroupBody = Type.Object({ id_subgroup: DbId });
export type TeacherSubgroupBody = Static<typeof TeacherSubgroupBody>;
export const TeacherSubgroupReply = Ok(TeacherSubgroup);

/** The live event a student gets when a freed seat became his. */
export const SeatEvent = Type.Object({ id_registration: Type.Integer(), discipline: Type.String(), subgroup: Type.Integer() });
export type SeatEvent = Static<typeof SeatEvent>;
