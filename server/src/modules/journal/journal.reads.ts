/**
 * Reading one journal: the grid (journal.json) and its parts, a cell's history, the timetable and QR
 * lists, the export's data, and the student's own view. The caller's rights and the period check are
 * journal.service.ts's.
 */
import {
  type HistoryBody,
  type HistoryEntry,
  type JournalBody,
  type JournalData,
  type JournalRow,
  type JournalStudent,
  type QrStudentsBody,
  type StudentJournalBody,
  type StudentJournalItem,
} from '../../../../contract/journal';
import { ROLE_STUDENT, type Language } from '../../../../contract/common';
import { notFound } from '../../app-error';
import { localName } from '../../i18n';
import { academicYearName } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import { assertOwn, type AuthInfo } from '../../shared/caller';
import * as repo from './journal.repository';
import type { Download } from '../../plugins/reply';
import { journalWorkbook } from './journal.export';
import { JournalService } from './journal.service';
import { infoView, studentView } from './journal.views';
import { totals } from './journal.marks';

export class JournalReads extends JournalService {
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

  /** The journal as the export and print show it. */
  async exportData(auth: AuthInfo, input: JournalBody, lang: Language) {
    const data = await this.journal(auth, input, lang);
    return { ...data, yearName: academicYearName(data.info.id_a_year) };
  }

  /** export.xlsx: the journal as an Excel workbook, to its teacher, named after its group and discipline. */
  async exportWorkbook(auth: AuthInfo, input: JournalBody, lang: Language): Promise<Download> {
    const data = await this.exportData(auth, input, lang);
    const bytes = await journalWorkbook(data, lang);
    return { name: `${data.info.groupOrPotok} ${data.info.discipline}.xlsx`, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes };
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
}
