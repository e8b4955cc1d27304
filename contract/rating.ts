/**
 * The rating under /api/rating/ (docs/areas/rating.md#calls): a student's current points per
 * discipline of the half-year (from the journal's totals), his average and place in his group and his
 * course (the others anonymised), his GPA by half-year (the transcript's) and his early warning; a
 * teacher's (or an administrator's) rating of a group, with the students at risk.
 */
import { Type, type Static } from 'typebox';
import { DbId, Ok } from './common';

/** Points 0–100 with one decimal: a journal's mean mark as a share of its scale's maximum. */
const Points = Type.Union([Type.Number(), Type.Null()]);

/** Why a student is at risk in a discipline: absences at or over the threshold, points under it. */
export const RatingWarning = Type.Object({
  id_discipline: Type.Integer(),
  discipline: Type.String(),
  kind: Type.Union([Type.Literal('absences'), Type.Literal('points')]),
  /** The student's share of absences (%) or his points (0–100). */
  value: Type.Number(),
  /** The configured threshold it crossed (RATING_WARN_ABSENCES_PCT, RATING_WARN_POINTS_PCT). */
  threshold: Type.Number(),
});
export type RatingWarning = Static<typeof RatingWarning>;

/** A student's points in one discipline of the half-year. */
export const RatingDiscipline = Type.Object({
  id_discipline: Type.Integer(),
  discipline: Type.String(),
  /** 0–100 (null: no mark yet). */
  points: Points,
  /** Lessons recorded for him, and of them absent ('н/б'). */
  lessons: Type.Integer(),
  absences: Type.Integer(),
  /** Absences as a share (%) of the lessons recorded. */
  absencePct: Type.Number(),
});
export type RatingDiscipline = Static<typeof RatingDiscipline>;

/** A place in a list: shared by equal averages (1, 2, 2, 4); null: no points yet, not ranked. */
const Place = Type.Union([Type.Integer(), Type.Null()]);

/** Another student of a list as a student sees him: place and average, never a name. */
export const RatingAnonRow = Type.Object({ place: Place, average: Points, me: Type.Boolean() });
export type RatingAnonRow = Static<typeof RatingAnonRow>;

export const RatingStanding = Type.Object({
  place: Place,
  /** Students of the list, and of them ranked (with points). */
  count: Type.Integer(),
  ranked: Type.Integer(),
});
export type RatingStanding = Static<typeof RatingStanding>;

/** A closed half-year's GPA; name is its academic year ('2025-26'), id_w_s 1 autumn, 2 spring. */
export const GpaPoint = Type.Object({ id_a_year: Type.Integer(), id_w_s: Type.Integer(), name: Type.String(), gpa: Type.Number() });
export type GpaPoint = Static<typeof GpaPoint>;

export const MyRating = Type.Object({
  id_a_year: Type.Integer(),
  id_w_s: Type.Integer(),
  fio: Type.String(),
  group: Type.String(),
  /** The course: the groups of his speciality and admission year. */
  course: Type.String(),
  average: Points,
  disciplines: Type.Array(RatingDiscipline),
  inGroup: RatingStanding,
  inCourse: RatingStanding,
  /** His group in order of place, anonymised but for his own row. */
  groupRows: Type.Array(RatingAnonRow),
  gpa: Type.Array(GpaPoint),
  warnings: Type.Array(RatingWarning),
});
export type MyRating = Static<typeof MyRating>;
export const MyRatingReply = Ok(MyRating);

export const RatingGroupItem = Type.Object({ id_group: Type.Integer(), group: Type.String() });
export type RatingGroupItem = Static<typeof RatingGroupItem>;
export const RatingGroupsReply = Ok(Type.Array(RatingGroupItem));

export const RatingGroupBody = Type.Object({ id_group: DbId });
export type RatingGroupBody = Static<typeof RatingGroupBody>;

export const RatingStudentRow = Type.Object({
  id_student: Type.Integer(),
  fio: Type.String(),
  place: Place,
  average: Points,
  /** Points of the disciplines shown, by discipline id. */
  points: Type.Record(Type.String(), Points),
  warnings: Type.Array(RatingWarning),
});
export type RatingStudentRow = Static<typeof RatingStudentRow>;

export const GroupRating = Type.Object({
  id_group: Type.Integer(),
  group: Type.String(),
  id_a_year: Type.Integer(),
  id_w_s: Type.Integer(),
  /** The disciplines shown: the teacher's own in the group (an administrator: all). */
  disciplines: Type.Array(Type.Object({ id_discipline: Type.Integer(), discipline: Type.String() })),
  /** In order of place, the students with no points yet last. */
  students: Type.Array(RatingStudentRow),
  thresholds: Type.Object({ absencesPct: Type.Number(), pointsPct: Type.Number() }),
});
export type GroupRating = Static<typeof GroupRating>;
export const GroupRatingReply = Ok(GroupRating);
