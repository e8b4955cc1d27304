/**
 * The teacher's workload under /api/workload/ (docs/areas/workload.md#calls): for a half-year, each
 * journal the teacher gives (discipline, lesson type, group or stream) with its planned hours (the
 * timetable's weekly pairs × WORKLOAD_TEACHING_WEEKS × 2), the hours given (the lessons held), the
 * difference and the totals, week by week too; as JSON and as an Excel workbook. A teacher reads his
 * own; an administrator any teacher's, chosen by department; a faculty's dean's office any teacher's
 * of a department of his faculty.
 */
import { Type, type Static } from 'typebox';
import { DbId, HalfYear, IdName, Ok, YearStart } from './common';

/** Academic hours in one pair (one lesson of the timetable and of the journal without its own hours). */
export const HOURS_PER_PAIR = 2;
/** Teaching weeks of a half-year the plan counts: the timetable's week repeats this many times. */
export const WORKLOAD_TEACHING_WEEKS = 18;

/** POST options.json {}: what the screen's choosers need. */
export const WorkloadOptions = Type.Object({
  /** The caller's own teacher id, name and department. */
  teacher: Type.Object({ id: Type.Integer(), name: Type.String(), id_department: Type.Integer() }),
  /** The caller may read any teacher's workload (an administrator). */
  admin: Type.Boolean(),
  /** The caller may choose another teacher, from `departments`: an administrator, or a faculty's dean's office. */
  chooseTeacher: Type.Boolean(),
  /** The departments to choose a teacher from: every department for an administrator, his faculty's for a dean's office, else none. */
  departments: Type.Array(IdName),
});
export type WorkloadOptions = Static<typeof WorkloadOptions>;
export const WorkloadOptionsReply = Ok(WorkloadOptions);

/** POST teachers.json {id_department}: the department's teachers, by name (an administrator's, or the dean's office of the department's faculty). */
export const WorkloadTeachersBody = Type.Object({ id_department: DbId });
export type WorkloadTeachersBody = Static<typeof WorkloadTeachersBody>;
export const WorkloadTeachersReply = Ok(Type.Array(IdName));

/** POST workload.json and GET export.xlsx?…: the half-year, and the teacher (none: the caller). */
export const WorkloadQuery = Type.Object({
  id_a_year: YearStart,
  id_w_s: HalfYear,
  id_teacher: Type.Optional(DbId),
});
export type WorkloadQuery = Static<typeof WorkloadQuery>;

/** A week of the half-year, Monday to Sunday ('YYYY-MM-DD'), numbered from 1. */
export const WorkloadWeek = Type.Object({ number: Type.Integer(), from: Type.String(), to: Type.String() });
export type WorkloadWeek = Static<typeof WorkloadWeek>;

/** One journal: a lesson type of a discipline given to a group or a stream (and subgroup). */
export const WorkloadRow = Type.Object({
  /** The teaching assignment (the journal's id). */
  id: Type.Integer(),
  code: Type.String(),
  discipline: Type.String(),
  id_lessonType: Type.Integer(),
  lessonType: Type.String(),
  /** The group's or the stream's name. */
  group: Type.String(),
  stream: Type.Boolean(),
  /** 0: the whole group; 1, 2: that half. */
  subgroup: Type.Integer(),
  /** Pairs a week in the timetable. */
  weeklyPairs: Type.Integer(),
  planned: Type.Integer(),
  given: Type.Integer(),
  /** planned − given: what remains (negative: given beyond the plan). */
  difference: Type.Integer(),
  /** Hours given in each week of `weeks`, in its order. */
  byWeek: Type.Array(Type.Integer()),
});
export type WorkloadRow = Static<typeof WorkloadRow>;

export const WorkloadTotals = Type.Object({
  planned: Type.Integer(),
  given: Type.Integer(),
  difference: Type.Integer(),
  byWeek: Type.Array(Type.Integer()),
});
export type WorkloadTotals = Static<typeof WorkloadTotals>;

export const Workload = Type.Object({
  teacher: Type.Object({ id: Type.Integer(), name: Type.String(), department: Type.String() }),
  id_a_year: Type.Integer(),
  id_w_s: Type.Integer(),
  /** '2026-27'. */
  yearName: Type.String(),
  /** The teaching weeks the plan counts (WORKLOAD_TEACHING_WEEKS). */
  teachingWeeks: Type.Integer(),
  /** Today's week among `weeks` (1-based), 0 when today is outside the half-year. */
  currentWeek: Type.Integer(),
  weeks: Type.Array(WorkloadWeek),
  rows: Type.Array(WorkloadRow),
  totals: WorkloadTotals,
});
export type Workload = Static<typeof Workload>;
export const WorkloadReply = Ok(Workload);
