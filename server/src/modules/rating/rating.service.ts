/**
 * The rating (docs/areas/rating.md): a student's points per discipline of the current half-year (the
 * journal's totals), his average, his place in his group and in his course (the groups of his
 * speciality and admission year) with the others anonymised, his GPA by half-year (the transcript's,
 * closed half-years only) and his early warning; a teacher's rating of a group he teaches (his own
 * disciplines shown), an administrator's of any group and a faculty's dean's office's of any group of
 * his faculty (every discipline shown), each with the students at risk. A student never
 * receives another student's name.
 */
import { ROLE_STUDENT, ROLE_TEACHER, type Language } from '@contract/common';
import type { GpaPoint, GroupRating, MyRating, RatingAnonRow, RatingGroupBody, RatingGroupItem, RatingStanding } from '@contract/rating';
import { forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import { localName } from '../../i18n';
import { academicYearName, currentPeriod } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import type { AuthInfo } from '../../shared/caller';
import { journalPeriod } from '../../shared/academic/journal-period';
import { gpaTotals } from '../../shared/gpa';
import { averageOf, disciplinePoints, ranked, warningsOf, type DisciplinePoints, type Thresholds } from './rating.compute';
import * as repo from './rating.repository';

interface Standing {
  id: number;
  average: number | null;
  points: DisciplinePoints[];
}

export class RatingService {
  constructor(private readonly ctx: AppContext) {}

  private get thresholds(): Thresholds {
    return { absencesPct: this.ctx.config.ratingWarnAbsencesPct, pointsPct: this.ctx.config.ratingWarnPointsPct };
  }

  /** Each student's points and average in the half-year, with the names of the disciplines met. */
  private async standings(studentIds: readonly number[], year: number, ws: number, lang: Language) {
    const rows = await repo.journalMarks(this.ctx.db, studentIds, year, ws);
    const names = new Map(rows.map((r) => [r.disciplineId, localName(r.discipline, lang)]));
    const byStudent = new Map<number, repo.JournalMarksRow[]>();
    for (const r of rows) byStudent.set(r.studentId, [...(byStudent.get(r.studentId) ?? []), r]);
    const standings: Standing[] = studentIds.map((id) => {
      const points = disciplinePoints(byStudent.get(id) ?? []).sort((a, b) => (names.get(a.disciplineId) ?? '').localeCompare(names.get(b.disciplineId) ?? ''));
      return { id, average: averageOf(points), points };
    });
    return { rows, names, standings };
  }

  /** The student's own rating. */
  async mine(auth: AuthInfo, lang: Language): Promise<MyRating> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const s = await repo.student(this.ctx.db, auth.uid);
    if (!s) throw forbidden();
    const { year, ws } = currentPeriod(this.ctx.now());
    const course = await repo.courseStudents(this.ctx.db, s.specialityId, s.admissionYear);
    const { names, standings } = await this.standings(
      course.map((c) => c.id),
      year,
      ws,
      lang,
    );
    const groupOf = new Map(course.map((c) => [c.id, c.groupId]));
    const inCourse = ranked(standings);
    const inGroup = ranked(standings.filter((x) => groupOf.get(x.id) === s.groupId));
    const standing = (list: typeof inCourse): RatingStanding => ({
      place: list.find((x) => x.id === s.id)?.place ?? null,
      count: list.length,
      ranked: list.filter((x) => x.place !== null).length,
    });
    const me = standings.find((x) => x.id === s.id)!;
    // The others of his group as place and average only: their ids and names never leave the server.
    const groupRows: RatingAnonRow[] = inGroup.map((x) => ({ place: x.place, average: x.average, me: x.id === s.id }));
    return {
      id_a_year: year,
      id_w_s: ws,
      fio: fullName(s),
      group: s.group,
      course: `${localName(s.spec, lang)}, ${s.admissionYear}`,
      average: me.average,
      disciplines: me.points.map((p) => ({
        id_discipline: p.disciplineId,
        discipline: names.get(p.disciplineId) ?? '',
        points: p.points,
        lessons: p.lessons,
        absences: p.absences,
        absencePct: p.absencePct,
      })),
      inGroup: standing(inGroup),
      inCourse: standing(inCourse),
      groupRows,
      gpa: await this.gpaHistory(s.id),
      warnings: warningsOf(me.points, names, this.thresholds),
    };
  }

  /** The GPA of each closed half-year with results (the transcript's computation and closing rule). */
  private async gpaHistory(studentId: number): Promise<GpaPoint[]> {
    const rules = { now: this.ctx.now(), graceDays: this.ctx.config.journalGraceDays, mayReopen: false };
    const results = (await repo.results(this.ctx.db, studentId)).filter((r) => journalPeriod(r, rules).closed);
    const halves = new Map<string, repo.ResultRow[]>();
    for (const r of results) {
      const key = `${r.academicYearId}-${r.workingSemesterId}`;
      halves.set(key, [...(halves.get(key) ?? []), r]);
    }
    return [...halves.values()].map((rows) => ({
      id_a_year: rows[0].academicYearId,
      id_w_s: rows[0].workingSemesterId,
      name: academicYearName(rows[0].academicYearId),
      gpa: gpaTotals(rows).avg,
    }));
  }

  /**
   * Which groups the caller may rate, his rights read now: an administrator any (null); else a
   * teacher those he teaches this half-year (`taught`) and, for a faculty's dean's office, the groups
   * of his faculty too (`facultyId`, whose groups he sees whole).
   */
  private async scope(auth: AuthInfo): Promise<{ taught: { id: number; name: string }[]; facultyId: number | null } | null> {
    const rights = await repo.rightsOf(this.ctx.db, auth.userId);
    if (rights.admin) return null;
    if (auth.role !== ROLE_TEACHER) throw forbidden();
    const { year, ws } = currentPeriod(this.ctx.now());
    return { taught: await repo.teacherGroups(this.ctx.db, auth.uid, year, ws), facultyId: rights.deanFacultyId };
  }

  async groups(auth: AuthInfo): Promise<RatingGroupItem[]> {
    const scope = await this.scope(auth);
    let allowed = scope?.taught ?? (await repo.allGroups(this.ctx.db));
    if (scope && scope.facultyId !== null) {
      // A dean's office: his faculty's groups, and those he teaches of another faculty.
      const faculty = await repo.facultyGroups(this.ctx.db, scope.facultyId);
      const ids = new Set(faculty.map((g) => g.id));
      allowed = [...faculty, ...scope.taught.filter((g) => !ids.has(g.id))].sort((a, b) => a.name.localeCompare(b.name));
    }
    return allowed.map((g) => ({ id_group: g.id, group: g.name }));
  }

  /** A group's rating: every student by name with his place and average, the caller's disciplines' points and warnings. */
  async group(auth: AuthInfo, input: RatingGroupBody, lang: Language): Promise<GroupRating> {
    const scope = await this.scope(auth);
    // Every discipline for an administrator and for the dean's office of the group's faculty.
    const whole = scope === null || (scope.facultyId !== null && (await repo.groupFaculty(this.ctx.db, input.id_group)) === scope.facultyId);
    if (!whole && !scope?.taught.some((g) => g.id === input.id_group)) throw forbidden();
    const g = await repo.group(this.ctx.db, input.id_group);
    if (!g) throw notFound();
    const { year, ws } = currentPeriod(this.ctx.now());
    const people = await repo.groupStudents(this.ctx.db, g.id);
    const { rows, names, standings } = await this.standings(
      people.map((p) => p.id),
      year,
      ws,
      lang,
    );
    // A teacher sees his own disciplines' points and warnings; an administrator (a dean's office of the group's faculty) every discipline's.
    const shown = new Set(rows.filter((r) => whole || r.teacherId === auth.uid).map((r) => r.disciplineId));
    const person = new Map(people.map((p) => [p.id, p]));
    const order = ranked(standings);
    return {
      id_group: g.id,
      group: g.name,
      id_a_year: year,
      id_w_s: ws,
      disciplines: [...shown].map((id) => ({ id_discipline: id, discipline: names.get(id) ?? '' })).sort((a, b) => a.discipline.localeCompare(b.discipline)),
      students: order.map((x) => {
        const mine = x.points.filter((p) => shown.has(p.disciplineId));
        return {
          id_student: x.id,
          fio: fullName(person.get(x.id)!),
          place: x.place,
          average: x.average,
          points: Object.fromEntries(mine.map((p) => [String(p.disciplineId), p.points])),
          warnings: warningsOf(mine, names, this.thresholds),
        };
      }),
      thresholds: this.thresholds,
    };
  }
}
