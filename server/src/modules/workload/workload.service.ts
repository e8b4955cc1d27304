/**
 * The teacher's workload (docs/areas/workload.md#for-users): for a half-year, each journal the teacher
 * gives with its planned hours, the hours given, the difference and the totals, week by week too.
 *
 * The rules: planned = the timetable's pairs a week × WORKLOAD_TEACHING_WEEKS × HOURS_PER_PAIR (the
 * study plan keeps credits only, no hours per lesson type); given = the lessons held, from the first
 * day of the half-year up to today: each occurrence the journal shows (an added lesson, a topic, a
 * record) counts its topic's hours, else one pair's; difference = planned − given. A teacher reads
 * his own workload only; an administrator any teacher's, a faculty's dean's office any teacher's of a
 * department of his faculty (FORBIDDEN otherwise), students none.
 */
import { ROLE_TEACHER, type Language } from '@contract/common';
import { HOURS_PER_PAIR, WORKLOAD_TEACHING_WEEKS, type Workload, type WorkloadOptions, type WorkloadQuery, type WorkloadWeek } from '@contract/workload';
import type { IdName } from '@contract/common';
import { forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import { localName } from '../../i18n';
import { academicYearName } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import type { AuthInfo } from '../../shared/caller';
import { halfYearDates } from '../../shared/academic/journal-period';
import { localDate } from '../../shared/lesson-clock';
import type { Download } from '../../plugins/reply';
import * as repo from './workload.repository';
import { workloadWorkbook } from './workload.xlsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The weeks (Monday to Sunday) that hold the days of a half-year, numbered from 1. */
export function halfYearWeeks(year: number, ws: number): WorkloadWeek[] {
  const { startsOn, endsOn } = halfYearDates(year, ws);
  const start = utc(startsOn);
  const monday = start - ((new Date(start).getUTCDay() + 6) % 7) * DAY_MS;
  const weeks: WorkloadWeek[] = [];
  for (let at = monday, n = 1; iso(at) <= endsOn; at += 7 * DAY_MS, n++) weeks.push({ number: n, from: iso(at), to: iso(at + 6 * DAY_MS) });
  return weeks;
}

/** The week of `weeks` holding a date (1-based), 0 outside them. */
function weekOf(weeks: WorkloadWeek[], date: string): number {
  if (weeks.length === 0 || date < weeks[0].from || date > weeks[weeks.length - 1].to) return 0;
  return Math.floor((utc(date) - utc(weeks[0].from)) / (7 * DAY_MS)) + 1;
}

export class WorkloadService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * 403 for a student; else the caller's rights read now: whether he is an administrator (any
   * teacher) and the faculty whose dean's office he is (its departments' teachers), or none.
   */
  private async rights(auth: AuthInfo): Promise<{ admin: boolean; facultyId: number | null }> {
    if (auth.role !== ROLE_TEACHER) throw forbidden();
    const { admin, deanFacultyId } = await repo.rightsOf(this.ctx.db, auth.userId);
    return { admin, facultyId: admin ? null : deanFacultyId };
  }

  async options(auth: AuthInfo, lang: Language): Promise<WorkloadOptions> {
    const { admin, facultyId } = await this.rights(auth);
    const own = await repo.teacher(this.ctx.db, auth.uid);
    if (!own) throw forbidden();
    const chooseTeacher = admin || facultyId !== null;
    const departments = chooseTeacher ? (await repo.departments(this.ctx.db, facultyId)).map((d) => ({ id: d.id, name: localName(d, lang) })) : [];
    return { teacher: { id: own.id, name: fullName(own), id_department: own.departmentId }, admin, chooseTeacher, departments };
  }

  /** A department's teachers, to an administrator, or to the dean's office of the department's faculty. */
  async teachers(auth: AuthInfo, departmentId: number): Promise<IdName[]> {
    const { admin, facultyId } = await this.rights(auth);
    if (!admin && (facultyId === null || (await repo.departmentFaculty(this.ctx.db, departmentId)) !== facultyId)) throw forbidden();
    return (await repo.teachersOf(this.ctx.db, departmentId)).map((t) => ({ id: t.id, name: fullName(t) }));
  }

  async workload(auth: AuthInfo, query: WorkloadQuery, lang: Language): Promise<Workload> {
    const { admin, facultyId } = await this.rights(auth);
    const teacherId = query.id_teacher ?? auth.uid;
    // Another teacher's workload is an administrator's to read, or his faculty's dean's office's.
    if (teacherId !== auth.uid && !admin && facultyId === null) throw forbidden();
    const t = await repo.teacher(this.ctx.db, teacherId);
    if (!t) throw notFound();
    if (teacherId !== auth.uid && !admin && t.facultyId !== facultyId) throw forbidden();
    const year = query.id_a_year;
    const ws = query.id_w_s;
    const weeks = halfYearWeeks(year, ws);
    const { startsOn, endsOn } = halfYearDates(year, ws);
    const today = localDate(this.ctx.now());
    const [assignments, lessons] = await Promise.all([
      repo.assignments(this.ctx.db, teacherId, year, ws),
      today < startsOn ? [] : repo.lessons(this.ctx.db, teacherId, year, ws, startsOn, today < endsOn ? today : endsOn, HOURS_PER_PAIR),
    ]);
    const byAssignment = new Map<number, number[]>(assignments.map((a) => [a.id, weeks.map(() => 0)]));
    for (const l of lessons) {
      const week = weekOf(weeks, l.date);
      const row = byAssignment.get(l.assignmentId);
      if (row && week > 0) row[week - 1] += l.hours;
    }
    const rows = assignments.map((a) => {
      const byWeek = byAssignment.get(a.id)!;
      const planned = a.weeklyPairs * WORKLOAD_TEACHING_WEEKS * HOURS_PER_PAIR;
      const given = byWeek.reduce((n, h) => n + h, 0);
      return {
        id: a.id,
        code: a.code,
        discipline: localName(a.discipline, lang),
        id_lessonType: a.lessonTypeId,
        lessonType: localName(a.lessonType, lang),
        group: a.group,
        stream: a.stream,
        subgroup: a.subgroup,
        weeklyPairs: a.weeklyPairs,
        planned,
        given,
        difference: planned - given,
        byWeek,
      };
    });
    const planned = rows.reduce((n, r) => n + r.planned, 0);
    const given = rows.reduce((n, r) => n + r.given, 0);
    return {
      teacher: { id: t.id, name: fullName(t), department: localName(t.department, lang) },
      id_a_year: year,
      id_w_s: ws,
      yearName: academicYearName(year),
      teachingWeeks: WORKLOAD_TEACHING_WEEKS,
      currentWeek: weekOf(weeks, today),
      weeks,
      rows,
      totals: { planned, given, difference: planned - given, byWeek: weeks.map((_, i) => rows.reduce((n, r) => n + r.byWeek[i], 0)) },
    };
  }

  /** The same as an Excel workbook (workload.xlsx.ts). */
  async exportWorkbook(auth: AuthInfo, query: WorkloadQuery, lang: Language): Promise<Download> {
    const w = await this.workload(auth, query, lang);
    return { name: `workload-${w.yearName}-${w.id_w_s}.xlsx`, type: XLSX_TYPE, bytes: await workloadWorkbook(w, lang) };
  }
}
