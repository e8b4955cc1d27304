/**
 * Reading one journal: the grid (journal.json) and its parts, a cell's history, the timetable and QR
 * lists, the export's data, and the student's own view. The caller's rights and the period check are
 * journal.service.ts's.
 */
import {
  type FinalResult,
  type HistoryBody,
  type HistoryEntry,
  type JournalBody,
  type JournalData,
  type JournalRow,
  type JournalStudent,
  type QrStudentsBody,
  type StudentJournalBody,
  type StudentJournalItem,
} from '@contract/journal';
import { ROLE_STUDENT, type Language } from '@contract/common';
import { forbidden, notFound } from '../../app-error';
import { localName } from '../../i18n';
import { academicYearName } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import { asTeacher, assertOwn, type AuthInfo } from '../../shared/caller';
import * as repo from './journal.repository';
import type { Download } from '../../plugins/reply';
import { journalWorkbook } from './journal.export';
import { formNames, ownJournal, periodRules, type JournalReadContext } from './journal.service';
import { cellKey, infoView, studentView, topicView } from './journal.views';
import { finalsOf, finalsOfStudent } from './journal.finals.repository';
import { moduleSubtotals } from '@contract/pure/journal-totals';
import { totals } from './journal.marks';

export class JournalReads {
  constructor(private readonly ctx: JournalReadContext) {}

  async students(auth: AuthInfo, input: JournalBody): Promise<JournalStudent[]> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    return (await repo.studentsOf(this.ctx.db, a)).map(studentView);
  }

  /** The journal's lessons: every (date, time) with a record, a topic or saved as added, with its start time. */
  async dates(auth: AuthInfo, input: JournalBody): Promise<JournalData['dates']> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    const [parts, visits, times] = await Promise.all([
      repo.journalParts(this.ctx.db, a.id),
      repo.visitRows(this.ctx.db, a.id),
      repo.lessonTimeList(this.ctx.db),
    ]);
    if (!parts) throw notFound();
    return lessonsOf(
      visits.map((v) => [v.visitDate, v.id_time]),
      parts.lessons,
      times,
    );
  }

  /**
   * The journal as the JSON text of JournalData: its raw records and topics, its students, its
   * lessons, and resArray (each student's name and totals; the grid pivots the raw records itself).
   * Two steps: the journal with its names (which also tells whether it is the caller's) and its
   * students, then side by side its records with their lessons and the listed students' marks
   * (JSON texts from one statement, journalRecords), its topics and added lessons (JSON from one
   * prepared statement) and the lists; the totals are worked out from the marks, and the reply is
   * put together from the texts, without the route's schema serializer (a journal of 150 students
   * and 60 lessons holds 9,000 records).
   */
  async journalJson(auth: AuthInfo, input: JournalBody, lang: Language): Promise<string> {
    return (await this.journalReply(auth, input, lang)).json;
  }

  /** journalJson's text, with the moment the journal's half-year closes for the caller (session clock, ms; null: closed already). */
  async journalReply(auth: AuthInfo, input: JournalBody, lang: Language): Promise<{ json: string; closesAt: number | null }> {
    const teacherId = asTeacher(auth);
    const [source] = await repo.journals(this.ctx.db, { id: input.id_journal });
    if (!source) throw notFound();
    if (source.a.teacherId !== teacherId) throw forbidden();
    const a = source.a;
    const students = await repo.studentsOf(this.ctx.db, a);
    const ids = students.map((s) => s.id);
    const [forms, parts, records, times, finals] = await Promise.all([
      formNames(this.ctx.db, lang),
      repo.journalParts(this.ctx.db, a.id),
      repo.journalRecords(this.ctx.db, a.id, ids),
      repo.lessonTimeList(this.ctx.db),
      finalsOf(this.ctx.db, a, ids),
    ]);
    if (!parts) throw notFound();
    const marksOf = JSON.parse(records.marks) as Record<string, (string | null)[]>;
    const resArray: JournalRow[] = students.map((s) => ({ id_student: s.id, s_fio: fullName(s), ...totals(marksOf[s.id] ?? []) }));
    const info = infoView(source, lang, forms, periodRules(this.ctx, auth));
    const dates = JSON.stringify(lessonsOf(JSON.parse(records.lessons) as [string, number][], parts.lessons, times));
    const json = `{"info":${JSON.stringify(info)},"journal":[${records.records},${parts.topics}],"students":${JSON.stringify(students.map(studentView))},"dates":${dates},"resArray":${JSON.stringify(resArray)},"finals":${JSON.stringify(finals)}}`;
    return { json, closesAt: info.readOnly ? null : localMidnight(info.closesOn) };
  }

  /** The journal as an object (the export). */
  async journal(auth: AuthInfo, input: JournalBody, lang: Language): Promise<JournalData> {
    return JSON.parse(await this.journalJson(auth, input, lang)) as JournalData;
  }

  /** The journal as the export and print show it. */
  async exportData(auth: AuthInfo, input: JournalBody, lang: Language) {
    const [data, modules] = await Promise.all([this.journal(auth, input, lang), repo.moduleList(this.ctx.db)]);
    return { ...data, yearName: academicYearName(data.info.id_a_year), moduleNames: new Map(modules.map((m) => [m.id, localName(m, lang)])) };
  }

  /** export.xlsx: the journal as an Excel workbook, to its teacher, named after its group and discipline. */
  async exportWorkbook(auth: AuthInfo, input: JournalBody, lang: Language): Promise<Download> {
    const data = await this.exportData(auth, input, lang);
    const bytes = await journalWorkbook(data, lang);
    return { name: `${data.info.groupOrPotok} ${data.info.discipline}.xlsx`, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes };
  }

  /** A cell's audit trail, newest first. */
  async history(auth: AuthInfo, input: HistoryBody): Promise<HistoryEntry[]> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    const rows = await repo.history(this.ctx.db, a.id, input.id_student, input.visitDate, input.id_time);
    return rows.map((r) => ({
      action: r.action,
      oldMark: r.oldMark,
      newMark: r.newMark,
      source: r.source,
      sourceTitle: r.sourceTitle,
      who: r.person.surname ? fullName(r.person) : (r.login ?? ''),
      at: r.at.toISOString(),
    }));
  }

  /** The journal's weekly lessons in the timetable (teacher time ids). */
  async teacherTimes(auth: AuthInfo, input: JournalBody) {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    return (await repo.timetableOf(this.ctx.db, a.id)).map((r) => ({
      idShed: r.id,
      day_number: r.dayNumber,
      id_time: r.timeId,
      time: r.startsAt.slice(0, 5),
      auditorium: `${r.room}, ${r.building}`,
    }));
  }

  /** The students marked present at a lesson by their own QR scan. */
  async qrStudents(auth: AuthInfo, input: QrStudentsBody) {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    const [visits, students] = await Promise.all([repo.qrVisits(this.ctx.db, a.id, input.visitDate, input.id_time), repo.studentsOf(this.ctx.db, a)]);
    const byId = new Map(students.map((s) => [s.id, s]));
    return visits
      .filter((v) => byId.has(v.studentId))
      .map((v) => ({ id_student: v.studentId, s_fio: fullName(byId.get(v.studentId)!), at: v.at.toISOString() }));
  }

  /** The caller's own records in a half-year, by journal, with totals (students only; id_student must be his). */
  async studentJournal(auth: AuthInfo, input: StudentJournalBody, lang: Language): Promise<StudentJournalItem[]> {
    assertOwn(auth, { role: ROLE_STUDENT });
    if (input.id_student !== undefined) assertOwn(auth, { uid: input.id_student });
    const rows = await repo.visitsOfStudent(this.ctx.db, auth.uid, input.id_a_year, input.id_w_s);
    const items = new Map<number, StudentJournalItem>();
    const disciplineOf = new Map<number, number>();
    for (const r of rows) {
      let item = items.get(r.assignmentId);
      if (!item) {
        item = {
          id_journal: r.assignmentId,
          discipline: localName(r.discipline, lang),
          vid_zaniatiy: localName(r.lessonType, lang),
          teacher: fullName(r.teacher),
          visits: [],
          nb_Count: 0,
          ball_Count: 0,
          ball_average: 0,
          ball_mean: null,
          modules: [],
          final: null,
        };
        items.set(r.assignmentId, item);
      }
      disciplineOf.set(r.assignmentId, r.disciplineId);
      item.visits.push({ visitDate: r.visitDate, id_time: r.timeId, otsenka: r.mark });
    }
    const [finals, modules, topics] = await Promise.all([
      finalsOfStudent(this.ctx.db, auth.uid, input.id_a_year, input.id_w_s),
      repo.moduleList(this.ctx.db),
      Promise.all([...items.keys()].map(async (id) => [id, (await repo.lessonTopicsOf(this.ctx.db, id)).map(topicView)] as const)),
    ]);
    const topicsOf = new Map(topics);
    const moduleName = new Map(modules.map((m) => [m.id, localName(m, lang)]));
    return [...items.values()].map((i) => ({
      ...i,
      ...totals(i.visits.map((v) => v.otsenka)),
      modules: moduleSubtotals(i.visits, topicsOf.get(i.id_journal) ?? []).map((m) => ({ ...m, module: moduleName.get(m.id_module) ?? '' })),
      final: finalOf(finals, disciplineOf.get(i.id_journal)),
    }));
  }
}

/** A student's final result of a discipline among his results of a half-year, without the discipline's id. */
function finalOf(finals: readonly (FinalResult & { id_discipline: number })[], disciplineId: number | undefined): FinalResult | null {
  const f = finals.find((x) => x.id_discipline === disciplineId);
  return f ? { id_student: f.id_student, points: f.points, ekv_num: f.ekv_num, ekv_bukv: f.ekv_bukv } : null;
}

/**
 * A journal's lessons, by date and lesson time: those its records are on (`recorded`, `[visitDate,
 * id_time]` pairs) and those saved without one (`saved`, journalParts' JSON pairs), with their start times.
 */
function lessonsOf(recorded: readonly (readonly [string, number])[], saved: string, times: readonly { id: number; startsAt: string }[]): JournalData['dates'] {
  const startOf = new Map(times.map((t) => [t.id, t.startsAt.slice(0, 5)]));
  const seen = new Map<string, readonly [string, number]>();
  for (const pair of recorded) seen.set(cellKey(pair[0], pair[1]), pair);
  for (const [date, time] of JSON.parse(saved) as [string, number][]) seen.set(cellKey(date, time), [date, time]);
  return [...seen.values()]
    .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] - y[1]))
    .map(([visitDate, id_time]) => ({ visitDate, id_time, time: startOf.get(id_time) ?? '' }));
}

/** The session clock's moment (ms) at which a local date ('YYYY-MM-DD', the university's time zone) begins. */
function localMidnight(date: string): number {
  return new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))).getTime();
}
