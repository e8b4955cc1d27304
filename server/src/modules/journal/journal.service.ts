/**
 * The journal's rules (docs/api.md#journal, docs/security.md#access): only the journal's own
 * teacher reads or writes it; a student reads only his own records; a mark is '+', 'н/б', 'ув' or
 * an integer 0..100 (else INVALID_MARK); every write is one transaction that records the old and
 * the new value of each cell it touches, and the later of two writes wins. The journal's teacher
 * sees each change live in his other tabs (journal.live.ts).
 */
import {
  CELLS_PER_WRITE_MAX,
  MARK_ABSENT,
  MARK_EXCUSED,
  MARK_PRESENT,
  MARK_SCALES,
  type AssessmentsQuery,
  type MarkScale,
  type ScaleBody,
  type HistoryBody,
  type HistoryEntry,
  type InsertAllBody,
  type JournalBody,
  type JournalData,
  type JournalDeleteBody,
  type JournalInfo,
  type JournalRow,
  type JournalStudent,
  type JournalsBody,
  type LessonAddBody,
  type JournalStart,
  type LessonTopic,
  type LiveJournalChange,
  type PlanTopic,
  type PlanTopicsBody,
  type QrStudentsBody,
  type Subgroup,
  type SubgroupsUpdateBody,
  type StudentDeleteBody,
  type StudentJournalBody,
  type StudentJournalItem,
  type TopicUpdateBody,
  type VisitPasteBody,
  type VisitRow,
  type VisitSetBody,
  type VisitUpdateBody,
} from '../../../../contract/journal';
import { ROLE_STUDENT, type IdName, type Language } from '../../../../contract/common';
import { AppError, badRequest, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import { academicYearName, currentPeriod } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import { AcademicService } from '../../shared/academic/academic.service';
import { assertWritable as assertPeriod, journalPeriod, mayReopen, type PeriodRules, type WriteKind } from '../../shared/academic/journal-period';
import { asTeacher, assertOwn, type AuthInfo } from '../../shared/caller';
import { JOURNAL_CHANGED_EVENT } from '../../shared/journal-live';
import * as repo from './journal.repository';
import type { Assignment, JournalSource, Source, StudentRow, VisitCell } from './journal.repository';

/** Live event names on the bus. */
export const JOURNAL_EVENTS = { changed: JOURNAL_CHANGED_EVENT } as const;

export const invalidMark = (scale: MarkScale) => new AppError(400, 'INVALID_MARK', { ...MARK_SCALES[scale] });

/** A journal's mark scale as stored (the column's check allows only these). */
const scaleOf = (a: Assignment): MarkScale => (a.markScale in MARK_SCALES ? (a.markScale as MarkScale) : '2-5');

/**
 * A mark as written → as stored: '+' → null (present), 'н/б' (also 'нб', 'Н/Б'), 'ув', or a whole
 * number of the journal's scale without leading zeros; anything else is INVALID_MARK. `undefined`:
 * clear the cell.
 */
export function parseMark(input: string | null, scale: MarkScale = '2-5'): string | null | undefined {
  if (input === null) return undefined;
  const v = input.trim().toLowerCase();
  if (v === MARK_PRESENT) return null;
  if (v === MARK_ABSENT || v === 'нб') return MARK_ABSENT;
  if (v === MARK_EXCUSED) return MARK_EXCUSED;
  if (/^\d{1,3}$/.test(v)) {
    const n = Number(v);
    const { min, max } = MARK_SCALES[scale];
    if (n >= min && n <= max) return String(n);
  }
  throw invalidMark(scale);
}

/**
 * The totals of one student's marks: 'н/б' an absence, null 0, 'ув' neither, others integers. The
 * average (ball_average) is over the lessons attended, a present lesson without a mark counting 0;
 * the mean (ball_mean) is over the marks given only (null before the first).
 */
export function totals(marks: (string | null)[]): Pick<JournalRow, 'nb_Count' | 'ball_Count' | 'ball_average' | 'ball_mean'> {
  let nb = 0;
  let sum = 0;
  let counted = 0;
  let graded = 0;
  for (const m of marks) {
    if (m === MARK_ABSENT) nb++;
    else if (m === MARK_EXCUSED) continue;
    else {
      sum += m === null ? 0 : parseInt(m, 10) || 0;
      counted++;
      if (m !== null) graded++;
    }
  }
  const round = (x: number) => Math.round(x * 100) / 100;
  return { nb_Count: nb, ball_Count: sum, ball_average: counted ? round(sum / counted) : 0, ball_mean: graded ? round(sum / graded) : null };
}

export const cellKey = (date: string, timeId: number) => `${date}|${timeId}`;

/** ISO day of the week, 1 Monday .. 7 Sunday. */
function dayNumber(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

function visitView(r: VisitCell): VisitRow {
  return {
    id_studentJournalVisit: r.id,
    id_student: r.studentId,
    visitDate: r.visitDate,
    id_time: r.lessonTimeId,
    otsenka: r.mark,
    source: r.source,
    updatedAt: r.updatedAt.toISOString(),
  };
}

function studentView(s: StudentRow): JournalStudent {
  return { id_student: s.id, s_fio: fullName(s), code: s.code, group: s.group, subgroup: s.subgroup };
}

function infoView(r: JournalSource, lang: Language, formNames: Map<number, string>, rules: PeriodRules): JournalInfo {
  const a = r.a;
  const period = journalPeriod(a, rules);
  return {
    id_journal: a.id,
    id_a_year: a.academicYearId,
    id_w_s: a.workingSemesterId,
    id_semester: a.semesterId,
    semester: String(r.semesterNumber),
    id_discipline: a.disciplineId,
    discipline: localName(r.discipline, lang),
    id_vid_zaniatiy: a.lessonTypeId,
    vid_zaniatiy: localName(r.lessonType, lang),
    id_examination: a.controlFormId,
    examination: localName(r.control, lang),
    credits: a.credits,
    id_groupOrPotok: (a.groupId ?? a.streamId)!,
    groupOrPotok: (r.groupName ?? r.streamName)!,
    isPotok: a.streamId !== null,
    subgroup: a.subgroup,
    id_f_educ: r.educationFormId,
    f_educ: formNames.get(r.educationFormId) ?? '',
    id_teacher: a.teacherId,
    teacher: fullName(r.teacher),
    startsOn: period.startsOn,
    endsOn: period.endsOn,
    closesOn: period.closesOn,
    readOnly: period.closed,
    scale: scaleOf(a),
  };
}

interface Cell {
  studentId: number;
  date: string;
  timeId: number;
  mark: string | null | undefined;
}

/** A cell as the caller wrote it: the mark is read against the journal's scale (parseMark). */
type WrittenCell = Omit<Cell, 'mark'> & { written: string | null };

export class JournalService {
  constructor(private readonly ctx: AppContext) {}

  // --- lists ---------------------------------------------------------------------------------

  async lessonTypes(lang: Language): Promise<IdName[]> {
    return (await repo.lessonTypeList(this.ctx.db)).map((r) => ({ id: r.id, name: localName(r, lang) }));
  }

  async educationForms(lang: Language): Promise<IdName[]> {
    return (await repo.educationFormList(this.ctx.db)).map((r) => ({ id: r.id, name: localName(r, lang) }));
  }

  async modules(lang: Language): Promise<IdName[]> {
    return (await repo.moduleList(this.ctx.db)).map((r) => ({ id: r.id, name: localName(r, lang) }));
  }

  /** The marks a cell of the journal may hold, as the journal writes them (id = position); without a journal, the default scale's. */
  async assessments(auth: AuthInfo, input: AssessmentsQuery): Promise<IdName[]> {
    const scale = input.id_journal === undefined ? '2-5' : scaleOf(await this.own(auth, input.id_journal));
    const { min, max } = MARK_SCALES[scale];
    return [MARK_PRESENT, MARK_ABSENT, MARK_EXCUSED, ...Array.from({ length: max - min + 1 }, (_, i) => String(min + i))].map((name, i) => ({ id: i + 1, name }));
  }

  /**
   * The journal's mark scale (its setup). Refused with SCALE_IN_USE while stored marks would not
   * fit the new scale, and like every write while the half-year is closed.
   */
  async setScale(auth: AuthInfo, input: ScaleBody): Promise<{ scale: MarkScale }> {
    const a = await this.own(auth, input.id_journal);
    this.assertWritable(auth, a, null, 'plan');
    const { min, max } = MARK_SCALES[input.scale];
    await this.ctx.db.transaction(async (tx) => {
      const misfits = await repo.marksOutside(tx, a.id, min, max);
      if (misfits > 0) throw new AppError(409, 'SCALE_IN_USE', { count: misfits });
      await repo.setMarkScale(tx, a.id, input.scale);
      await this.publish(tx, a, { id_journal: a.id, cells: [], reload: true });
    });
    return { scale: input.scale };
  }

  async lessonTimes(): Promise<IdName[]> {
    return (await repo.lessonTimeList(this.ctx.db)).map((t) => ({ id: t.id, name: `${t.startsAt.slice(0, 5)}–${t.endsAt.slice(0, 5)}` }));
  }

  /** The caller's journals in a half-year. */
  async journals(auth: AuthInfo, input: JournalsBody, lang: Language): Promise<JournalInfo[]> {
    const teacherId = asTeacher(auth);
    const forms = await this.formNames(lang);
    const rules = this.periodRules(auth);
    return (await repo.journals(this.ctx.db, { teacherId, year: input.id_a_year, ws: input.id_w_s })).map((r) => infoView(r, lang, forms, rules));
  }

  /**
   * The journal screen's first view for a teacher (start.json): the years, the current year and
   * half-year, his journals in them, the lesson times and the modules, read side by side.
   */
  async start(auth: AuthInfo, lang: Language): Promise<JournalStart> {
    asTeacher(auth);
    const academic = new AcademicService(this.ctx);
    const period = currentPeriod(this.ctx.now());
    const year = { id: period.year, name: period.yearName };
    const half = { id_a_year: period.year, id_w_s: period.ws };
    const [ws, journals, times, modules] = await Promise.all([academic.currentWs(lang), this.journals(auth, half, lang), this.lessonTimes(), this.modules(lang)]);
    return { years: academic.years(), year, ws, journals, times, modules };
  }

  /** The same, ordered by group (or stream) first. */
  async journalsByGroup(auth: AuthInfo, input: JournalsBody, lang: Language): Promise<JournalInfo[]> {
    const list = await this.journals(auth, input, lang);
    return [...list].sort((a, b) => a.groupOrPotok.localeCompare(b.groupOrPotok, 'ru') || a.discipline.localeCompare(b.discipline, 'ru') || a.id_vid_zaniatiy - b.id_vid_zaniatiy || a.subgroup - b.subgroup);
  }

  /** Semesters of study among the caller's journals in a half-year. */
  async semesters(auth: AuthInfo, input: JournalsBody, lang: Language): Promise<IdName[]> {
    const list = await this.journals(auth, input, lang);
    const seen = new Map(list.map((j) => [j.id_semester, j.semester]));
    return [...seen].sort((a, b) => a[0] - b[0]).map(([id, name]) => ({ id, name }));
  }

  /** Groups and streams among the caller's journals in a half-year (and semester, when given). */
  async groups(auth: AuthInfo, input: JournalsBody & { id_semester?: number }, lang: Language): Promise<IdName[]> {
    const list = (await this.journals(auth, input, lang)).filter((j) => input.id_semester === undefined || j.id_semester === input.id_semester);
    const seen = new Map(list.map((j) => [j.id_groupOrPotok, j.groupOrPotok]));
    return [...seen].sort((a, b) => a[1].localeCompare(b[1], 'ru')).map(([id, name]) => ({ id, name }));
  }

  /** The teachers of the caller's journals: the caller. */
  async teachers(auth: AuthInfo, input: JournalsBody, lang: Language): Promise<IdName[]> {
    const list = await this.journals(auth, input, lang);
    const seen = new Map(list.map((j) => [j.id_teacher, j.teacher]));
    return [...seen].map(([id, name]) => ({ id, name }));
  }

  // --- one journal ---------------------------------------------------------------------------

  /** The journal if the caller is its teacher: 404 when it does not exist, 403 when it is another's. */
  private async own(auth: AuthInfo, id: number, db: Db = this.ctx.db): Promise<Assignment> {
    const teacherId = asTeacher(auth);
    const a = await repo.assignment(db, id);
    if (!a) throw notFound();
    if (a.teacherId !== teacherId) throw forbidden();
    return a;
  }

  async students(auth: AuthInfo, input: JournalBody): Promise<JournalStudent[]> {
    const a = await this.own(auth, input.id_journal);
    return (await repo.studentsOf(this.ctx.db, a)).map(studentView);
  }

  /** The journal's lessons: every (date, time) with a record or a topic, with its start time. */
  async dates(auth: AuthInfo, input: JournalBody): Promise<JournalData['dates']> {
    const a = await this.own(auth, input.id_journal);
    const parts = await repo.journalJson(this.ctx.db, a.id, []);
    if (!parts) throw notFound();
    return JSON.parse(parts.dates) as JournalData['dates'];
  }

  /**
   * The journal as the JSON text of JournalData: its raw records and topics, its students, its
   * lessons, and resArray (each student's name and totals; the grid pivots the raw records itself).
   * The topics, lessons and totals come as JSON from one prepared statement (repo.journalJson), the
   * records as rows of another, run side by side; the reply is serialised once, without the route's
   * schema serializer (a journal of 150 students and 60 lessons holds 9,000 records).
   */
  async journalJson(auth: AuthInfo, input: JournalBody, lang: Language): Promise<string> {
    const a = await this.own(auth, input.id_journal);
    const [[source], students, forms] = await Promise.all([repo.journals(this.ctx.db, { id: a.id }), repo.studentsOf(this.ctx.db, a), this.formNames(lang)]);
    const ids = students.map((s) => s.id);
    const [parts, visits] = await Promise.all([repo.journalJson(this.ctx.db, a.id, ids), repo.listedVisitRows(this.ctx.db, a.id, ids)]);
    if (!source || !parts) throw notFound();
    const totalsOf = new Map(
      (JSON.parse(parts.totals) as [number, number, number, number, number | null][]).map(([id, nb, sum, average, mean]) => [id, { nb_Count: nb, ball_Count: sum, ball_average: average, ball_mean: mean }]),
    );
    const resArray: JournalRow[] = students.map((s) => ({ id_student: s.id, s_fio: fullName(s), ...(totalsOf.get(s.id) ?? { nb_Count: 0, ball_Count: 0, ball_average: 0, ball_mean: null }) }));
    const info = JSON.stringify(infoView(source, lang, forms, this.periodRules(auth)));
    return `{"info":${info},"journal":[${JSON.stringify(visits)},${parts.topics}],"students":${JSON.stringify(students.map(studentView))},"dates":${parts.dates},"resArray":${JSON.stringify(resArray)}}`;
  }

  /** The journal as an object (the export). */
  async journal(auth: AuthInfo, input: JournalBody, lang: Language): Promise<JournalData> {
    return JSON.parse(await this.journalJson(auth, input, lang)) as JournalData;
  }

  /** One cell: set, mark present ('+') or clear (null). */
  async setVisit(auth: AuthInfo, input: VisitSetBody): Promise<VisitRow | null> {
    const [out] = await this.writeCells(auth, input.id_journal, [{ studentId: input.id_student, date: input.visitDate, timeId: input.id_time, written: input.otsenka }]);
    return out.cell;
  }

  /** Several cells (a pasted column): all written, or none. */
  async pasteVisits(auth: AuthInfo, input: VisitPasteBody) {
    const cells = input.cells.map((c) => ({ studentId: c.id_student, date: c.visitDate, timeId: c.id_time, written: c.otsenka }));
    return (await this.writeCells(auth, input.id_journal, cells)).map((c) => ({ id_student: c.studentId, visitDate: c.date, id_time: c.timeId, cell: c.cell }));
  }

  /** The visit update: one record's mark by its id (id_teacher, if given, must be the caller). */
  async updateVisit(auth: AuthInfo, input: VisitUpdateBody): Promise<VisitRow | null> {
    const teacherId = asTeacher(auth);
    if (input.id_teacher !== undefined && input.id_teacher !== teacherId) throw forbidden();
    const record = await repo.visitById(this.ctx.db, input.id_studentJournalVisit);
    if (!record) throw notFound();
    const [out] = await this.writeCells(auth, record.teachingAssignmentId, [{ studentId: record.studentId, date: record.visitDate, timeId: record.lessonTimeId, written: input.id_otsenka }]);
    return out.cell;
  }

  /**
   * Writes cells in one transaction, in order: each must be a listed student's, on a date of the
   * journal's academic year, at a lesson time that exists. A failure anywhere writes nothing.
   */
  private async writeCells(auth: AuthInfo, journalId: number, written: WrittenCell[], source: Source = 'journal') {
    if (written.length > CELLS_PER_WRITE_MAX) throw badRequest();
    const a = await this.own(auth, journalId);
    // Every mark of the write is read against the journal's scale before anything is written.
    const scale = scaleOf(a);
    const cells: Cell[] = written.map(({ written: w, ...c }) => ({ ...c, mark: parseMark(w, scale) }));
    const now = this.ctx.now();
    // What the checks need, read in parallel before the transaction (which then only locks and writes).
    const [listed, timeList, recipients] = await Promise.all([
      repo.studentsOf(this.ctx.db, a, { only: [...new Set(cells.map((c) => c.studentId))] }),
      repo.lessonTimeList(this.ctx.db),
      repo.teacherUserIds(this.ctx.db, a.teacherId),
    ]);
    const students = new Map(listed.map((s) => [s.id, s]));
    const times = new Set(timeList.map((t) => t.id));
    for (const c of cells) {
      if (!students.has(c.studentId)) throw notFound();
      this.checkOccurrence(auth, a, c.date, c.timeId, times, 'mark');
    }
    const results = await this.ctx.db.transaction(async (tx) => {
      const out: (Cell & { cell: VisitRow | null })[] = [];
      const changes: repo.NewChange[] = [];
      for (const c of cells) {
        const student = students.get(c.studentId)!;
        let existing = await repo.lockCell(tx, a.id, c.studentId, c.date, c.timeId);
        const base = { teachingAssignmentId: a.id, studentId: c.studentId, visitDate: c.date, lessonTimeId: c.timeId, source, changedByUserId: auth.userId, changedAt: now };
        if (c.mark === undefined) {
          if (existing) {
            await repo.deleteVisit(tx, existing.id);
            changes.push({ ...base, visitId: existing.id, action: 'delete', oldMark: existing.mark, newMark: null });
          }
          out.push({ ...c, cell: null });
          continue;
        }
        if (!existing) {
          const inserted = await repo.insertVisit(tx, this.newVisit(a, student, c.date, c.timeId, c.mark, source, auth.userId, now));
          if (inserted) {
            changes.push({ ...base, visitId: inserted.id, action: 'insert', oldMark: null, newMark: inserted.mark });
            out.push({ ...c, cell: visitView(inserted) });
            continue;
          }
          // Another writer created it meanwhile: lock it and write over it (the later write wins).
          existing = await repo.lockCell(tx, a.id, c.studentId, c.date, c.timeId);
          if (!existing) throw new AppError(409, 'CONFLICT');
        }
        const updated = await repo.updateVisit(tx, existing.id, c.mark, source, auth.userId, now);
        changes.push({ ...base, visitId: existing.id, action: 'update', oldMark: existing.mark, newMark: c.mark });
        out.push({ ...c, cell: visitView(updated) });
      }
      await repo.recordChanges(tx, changes);
      return out;
    });
    // Sent after the commit, batched with other writes' events (a NOTIFY inside the transaction would
    // serialise the commits of concurrent writes); the reply does not wait for it.
    const change: LiveJournalChange = { id_journal: a.id, cells: results.map((o) => ({ id_student: o.studentId, visitDate: o.date, id_time: o.timeId, cell: o.cell })), reload: false };
    void this.ctx.live.publishCommitted([{ event: JOURNAL_EVENTS.changed, to: recipients, data: change }]);
    return results;
  }

  /** A real date and a lesson time that exists (else 400), and a date the journal's period lets this write use (assertWritable). */
  private checkOccurrence(auth: AuthInfo, a: Assignment, date: string, timeId: number, times: Set<number>, kind: WriteKind): void {
    if (!times.has(timeId) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) throw badRequest();
    this.assertWritable(auth, a, date, kind);
  }

  /** The period rules as they apply to the caller now (JOURNAL_GRACE_DAYS, JOURNAL_REOPEN_LOGINS). */
  private periodRules(auth: AuthInfo): PeriodRules {
    return { now: this.ctx.now(), graceDays: this.ctx.config.journalGraceDays, mayReopen: mayReopen(auth.login, this.ctx.config.journalReopenLogins) };
  }

  /**
   * The one period check of every write to a journal (shared/academic/journal-period.ts): the
   * half-year closed for the caller (PERIOD_CLOSED), a date outside it (OUTSIDE_PERIOD), a mark or
   * attendance after today (FUTURE_DATE). `date` null: a write to the whole journal.
   */
  assertWritable(auth: AuthInfo, a: Assignment, date: string | null, kind: WriteKind): void {
    assertPeriod(a, date, kind, this.periodRules(auth));
  }

  private newVisit(a: Assignment, s: StudentRow, date: string, timeId: number, mark: string | null, source: Source, userId: number, at: Date): repo.NewVisit {
    return {
      teachingAssignmentId: a.id,
      studentId: s.id,
      visitDate: date,
      lessonTimeId: timeId,
      mark,
      teacherId: a.teacherId,
      academicYearId: a.academicYearId,
      workingSemesterId: a.workingSemesterId,
      semesterId: a.semesterId,
      disciplineId: a.disciplineId,
      credits: a.credits,
      lessonTypeId: a.lessonTypeId,
      groupId: s.groupId,
      streamId: a.streamId,
      subgroup: a.subgroup,
      dayNumber: dayNumber(date),
      educationFormId: s.educationFormId,
      source,
      createdByUserId: userId,
      updatedByUserId: userId,
      createdAt: at,
      updatedAt: at,
    };
  }

  /** Mark all present: a "present" record for every listed student without one; others stay as they are. */
  async insertAll(auth: AuthInfo, input: InsertAllBody): Promise<{ inserted: number }> {
    const a = await this.own(auth, input.id_journal);
    const now = this.ctx.now();
    return this.ctx.db.transaction(async (tx) => {
      const students = await repo.studentsOf(tx, a);
      this.checkOccurrence(auth, a, input.visitDate, input.id_time, new Set((await repo.lessonTimeList(tx)).map((t) => t.id)), 'mark');
      const rows = await repo.insertPresent(
        tx,
        students.map((s) => this.newVisit(a, s, input.visitDate, input.id_time, null, 'bulk', auth.userId, now)),
      );
      await repo.recordChanges(
        tx,
        rows.map((r) => ({
          visitId: r.id,
          teachingAssignmentId: a.id,
          studentId: r.studentId,
          visitDate: r.visitDate,
          lessonTimeId: r.lessonTimeId,
          action: 'insert',
          oldMark: null,
          newMark: null,
          source: 'bulk',
          changedByUserId: auth.userId,
          changedAt: now,
        })),
      );
      const cells = rows.map((r) => ({ id_student: r.studentId, visitDate: r.visitDate, id_time: r.lessonTimeId, cell: visitView(r) }));
      await this.publish(tx, a, { id_journal: a.id, cells, reload: cells.length === 0 });
      return { inserted: rows.length };
    });
  }

  /**
   * Adds a lesson (date, lesson time) to the journal, saved at once: its column stays with or
   * without records. Checked as every write's occurrence is; adding one that is there changes nothing.
   */
  async addLesson(auth: AuthInfo, input: LessonAddBody): Promise<{ visitDate: string; id_time: number; time: string }> {
    const a = await this.own(auth, input.id_journal);
    return this.ctx.db.transaction(async (tx) => {
      const times = await repo.lessonTimeList(tx);
      this.checkOccurrence(auth, a, input.visitDate, input.id_time, new Set(times.map((t) => t.id)), 'plan');
      await repo.insertLesson(tx, { teachingAssignmentId: a.id, visitDate: input.visitDate, lessonTimeId: input.id_time, createdByUserId: auth.userId, createdAt: this.ctx.now() });
      await this.publish(tx, a, { id_journal: a.id, cells: [], reload: true });
      return { visitDate: input.visitDate, id_time: input.id_time, time: times.find((t) => t.id === input.id_time)!.startsAt.slice(0, 5) };
    });
  }

  /** A cell's audit trail, newest first. */
  async history(auth: AuthInfo, input: HistoryBody): Promise<HistoryEntry[]> {
    const a = await this.own(auth, input.id_journal);
    const rows = await repo.history(this.ctx.db, a.id, input.id_student, input.visitDate, input.id_time);
    return rows.map((r) => ({
      action: r.action,
      oldMark: r.oldMark,
      newMark: r.newMark,
      source: r.source,
      who: r.tSurname ? fullName({ surname: r.tSurname, name: r.tName!, patronymic: r.tPatronymic }) : r.sSurname ? fullName({ surname: r.sSurname, name: r.sName!, patronymic: r.sPatronymic }) : (r.login ?? ''),
      at: r.at.toISOString(),
    }));
  }

  /** What a lesson covered: topic, lesson number, hours, module. */
  async updateTopic(auth: AuthInfo, input: TopicUpdateBody): Promise<LessonTopic> {
    const a = await this.own(auth, input.id_journal);
    const topic = input.topic.trim();
    if (!topic) throw badRequest();
    return this.ctx.db.transaction(async (tx) => {
      this.checkOccurrence(auth, a, input.visitDate, input.id_time, new Set((await repo.lessonTimeList(tx)).map((t) => t.id)), 'plan');
      if (input.id_module !== null && !(await repo.moduleList(tx)).some((m) => m.id === input.id_module)) throw badRequest();
      const row = await repo.upsertLessonTopic(tx, {
        teachingAssignmentId: a.id,
        visitDate: input.visitDate,
        lessonTimeId: input.id_time,
        topic,
        lessonNumber: input.lessonNumber,
        hours: input.hours,
        moduleId: input.id_module,
        planTopicId: null,
        updatedByUserId: auth.userId,
        updatedAt: this.ctx.now(),
      });
      await this.publish(tx, a, { id_journal: a.id, cells: [], reload: true });
      return topicView(row);
    });
  }

  async topics(auth: AuthInfo, input: JournalBody): Promise<LessonTopic[]> {
    const a = await this.own(auth, input.id_journal);
    return (await repo.lessonTopicsOf(this.ctx.db, a.id)).map(topicView);
  }

  /** Journal delete: one lesson (date, time) of the caller's journal, its records and topic. */
  async deleteLesson(auth: AuthInfo, input: JournalDeleteBody): Promise<{ deleted: number }> {
    const teacherId = asTeacher(auth);
    if (input.id_teacher !== teacherId) throw forbidden();
    const found = await repo.findAssignment(this.ctx.db, {
      teacherId,
      year: input.id_year,
      ws: input.id_ws,
      semesterId: input.id_semesterOrWs,
      groupOrStream: input.id_groupOrPorok,
      lessonTypeId: input.id_vid_zaniatiy,
      disciplineId: input.id_discipline,
      credits: input.kredit,
    });
    if (found.length === 0) throw notFound();
    for (const a of found) this.assertWritable(auth, a, input.date, 'plan');
    return this.deleteRecords(auth, found, { date: input.date, timeId: input.id_time });
  }

  /** The whole journal's records and topics (the list of students stays). */
  async deleteJournal(auth: AuthInfo, input: JournalBody): Promise<{ deleted: number }> {
    const a = await this.own(auth, input.id_journal);
    this.assertWritable(auth, a, null, 'plan');
    return this.deleteRecords(auth, [a], null);
  }

  private async deleteRecords(auth: AuthInfo, journals: Assignment[], occurrence: { date: string; timeId: number } | null, studentId?: number) {
    const now = this.ctx.now();
    return this.ctx.db.transaction(async (tx) => {
      let deleted = 0;
      for (const a of journals) {
        const rows = await repo.deleteVisits(tx, a.id, occurrence, studentId);
        if (studentId === undefined) {
          await repo.deleteLessonTopics(tx, a.id, occurrence);
          await repo.deleteLessons(tx, a.id, occurrence);
        }
        await repo.recordChanges(
          tx,
          rows.map((r) => ({
            visitId: r.id,
            teachingAssignmentId: a.id,
            studentId: r.studentId,
            visitDate: r.visitDate,
            lessonTimeId: r.lessonTimeId,
            action: 'delete',
            oldMark: r.mark,
            newMark: null,
            source: 'journal',
            changedByUserId: auth.userId,
            changedAt: now,
          })),
        );
        deleted += rows.length;
        await this.publish(tx, a, { id_journal: a.id, cells: [], reload: true });
      }
      return { deleted };
    });
  }

  /** Takes a student off the journal's list; his records in it are deleted (and audited). */
  async deleteStudent(auth: AuthInfo, input: StudentDeleteBody): Promise<{ deleted: number }> {
    const a = await this.own(auth, input.id_journal);
    const listed = await repo.studentsOf(this.ctx.db, a);
    if (!listed.some((s) => s.id === input.id_student)) throw notFound();
    this.assertWritable(auth, a, null, 'plan');
    const out = await this.deleteRecords(auth, [a], null, input.id_student);
    await repo.removeStudent(this.ctx.db, a.id, input.id_student, auth.userId);
    return out;
  }

  /** The journal's weekly lessons in the timetable (teacher time ids). */
  async teacherTimes(auth: AuthInfo, input: JournalBody) {
    const a = await this.own(auth, input.id_journal);
    return (await repo.timetableOf(this.ctx.db, a.id)).map((r) => ({ idShed: r.id, day_number: r.dayNumber, id_time: r.timeId, time: r.startsAt.slice(0, 5), auditorium: `${r.room}, ${r.building}` }));
  }

  /** The students marked present at a lesson by their own QR scan. */
  async qrStudents(auth: AuthInfo, input: QrStudentsBody) {
    const a = await this.own(auth, input.id_journal);
    const [visits, students] = await Promise.all([repo.qrVisits(this.ctx.db, a.id, input.visitDate, input.id_time), repo.studentsOf(this.ctx.db, a)]);
    const byId = new Map(students.map((s) => [s.id, s]));
    return visits.filter((v) => byId.has(v.studentId)).map((v) => ({ id_student: v.studentId, s_fio: fullName(byId.get(v.studentId)!), at: v.at.toISOString() }));
  }

  /** The journal's own subgroups, and every student of its group(s) they may hold. */
  async subgroups(auth: AuthInfo, input: JournalBody): Promise<{ subgroups: Subgroup[]; students: JournalStudent[] }> {
    const a = await this.own(auth, input.id_journal);
    const [subgroups, students] = await Promise.all([repo.subgroupsOf(this.ctx.db, a.id), repo.studentsOf(this.ctx.db, a, { everyone: true })]);
    return { subgroups, students: students.map(studentView) };
  }

  /**
   * Creates or edits the subgroups (one transaction): numbers unique, each student of the group(s)
   * in one subgroup at most. The split is the same for the caller's journals of that group,
   * discipline and lesson type (the journal of subgroup 1 and the one of subgroup 2), so each of
   * them gets it.
   */
  async updateSubgroups(auth: AuthInfo, input: SubgroupsUpdateBody): Promise<{ subgroups: Subgroup[]; students: JournalStudent[] }> {
    const a = await this.own(auth, input.id_journal);
    this.assertWritable(auth, a, null, 'plan');
    const numbers = input.subgroups.map((g) => g.number);
    if (new Set(numbers).size !== numbers.length) throw badRequest();
    const all = input.subgroups.flatMap((g) => g.students);
    if (new Set(all).size !== all.length) throw badRequest();
    const list = input.subgroups.map((g) => ({ ...g, name: g.name.trim() }));
    if (list.some((g) => !g.name)) throw badRequest();
    await this.ctx.db.transaction(async (tx) => {
      const allowed = new Set((await repo.studentsOf(tx, a, { everyone: true })).map((s) => s.id));
      if (all.some((id) => !allowed.has(id))) throw badRequest();
      for (const sibling of await repo.splitSiblings(tx, a)) {
        await repo.replaceSubgroups(tx, sibling.id, list);
        await this.publish(tx, sibling, { id_journal: sibling.id, cells: [], reload: true });
      }
    });
    return this.subgroups(auth, input);
  }

  /** The journal's planned topics (input topics). */
  async planTopics(auth: AuthInfo, input: JournalBody): Promise<PlanTopic[]> {
    const a = await this.own(auth, input.id_journal);
    return (await repo.planTopicsOf(this.ctx.db, a.id)).map((t) => ({ number: t.number, topic: t.topic, hours: t.hours, id_module: t.moduleId }));
  }

  /** Replaces the planned topics (one transaction): numbers unique, modules that exist. */
  async savePlanTopics(auth: AuthInfo, input: PlanTopicsBody): Promise<PlanTopic[]> {
    const a = await this.own(auth, input.id_journal);
    this.assertWritable(auth, a, null, 'plan');
    const numbers = input.topics.map((t) => t.number);
    if (new Set(numbers).size !== numbers.length || input.topics.some((t) => !t.topic.trim())) throw badRequest();
    await this.ctx.db.transaction(async (tx) => {
      const modules = new Set((await repo.moduleList(tx)).map((m) => m.id));
      if (input.topics.some((t) => t.id_module !== null && !modules.has(t.id_module))) throw badRequest();
      await repo.replacePlanTopics(tx, a.id, input.topics.map((t) => ({ number: t.number, topic: t.topic.trim(), hours: t.hours, moduleId: t.id_module })));
    });
    return this.planTopics(auth, input);
  }

  // --- the student's own journal ---------------------------------------------------------------

  /** The caller's own records in a half-year, by journal, with totals (students only; id_student must be his). */
  async studentJournal(auth: AuthInfo, input: StudentJournalBody, lang: Language): Promise<StudentJournalItem[]> {
    assertOwn(auth, { role: ROLE_STUDENT });
    if (input.id_student !== undefined) assertOwn(auth, { uid: input.id_student });
    const rows = await repo.visitsOfStudent(this.ctx.db, auth.uid, input.id_a_year, input.id_w_s);
    const items = new Map<number, StudentJournalItem>();
    for (const r of rows) {
      let item = items.get(r.assignmentId);
      if (!item) {
        item = { id_journal: r.assignmentId, discipline: localName(r.discipline, lang), vid_zaniatiy: localName(r.lessonType, lang), teacher: fullName(r.teacher), visits: [], nb_Count: 0, ball_Count: 0, ball_average: 0, ball_mean: null };
        items.set(r.assignmentId, item);
      }
      item.visits.push({ visitDate: r.visitDate, id_time: r.timeId, otsenka: r.mark });
    }
    return [...items.values()].map((i) => ({ ...i, ...totals(i.visits.map((v) => v.otsenka)) }));
  }

  // --- export ----------------------------------------------------------------------------------

  /** The journal as the export and print show it. */
  async exportData(auth: AuthInfo, input: JournalBody, lang: Language) {
    const data = await this.journal(auth, input, lang);
    return { ...data, yearName: academicYearName(data.info.id_a_year) };
  }

  private async formNames(lang: Language): Promise<Map<number, string>> {
    return new Map((await repo.educationFormList(this.ctx.db)).map((f) => [f.id, localName(f, lang)]));
  }

  private async publish(db: Db, a: Assignment, data: LiveJournalChange): Promise<void> {
    await this.ctx.live.publish(db, JOURNAL_EVENTS.changed, await repo.teacherUserIds(db, a.teacherId), data);
  }
}

function topicView(t: Awaited<ReturnType<typeof repo.lessonTopicsOf>>[number]): LessonTopic {
  return { visitDate: t.visitDate, id_time: t.lessonTimeId, topic: t.topic, lessonNumber: t.lessonNumber, hours: t.hours, id_module: t.moduleId, id_planTopic: t.planTopicId };
}
