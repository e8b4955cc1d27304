/**
 * A group's attendance in one discipline over a half-year from every source (contract/qr.ts,
 * QrAttendanceReport): QR attendance and the journal's visit records, one record per student per
 * lesson (its date and start: the two halves of a double pair are two lessons), a summary per student, and the same as an Excel workbook (qr.group-report.xlsx.ts).
 */
import type { AppContext } from '../../context';
import { ROLE_STUDENT, type Language } from '@contract/common';
import type {
  QrAttendanceQuery,
  QrAttendanceRecord,
  QrAttendanceReport,
  QrAttendanceSource,
  QrAttendanceStatus,
  QrAttendanceStudent,
  QrGroupQuery,
  QrReportDiscipline,
} from '@contract/qr';
import { forbidden, notFound } from '../../app-error';
import { localName } from '../../i18n';
import { fullName } from '../../lib/person';
import type { Download } from '../../plugins/reply';
import { type AuthInfo } from '../../shared/caller';
import * as timetable from '../../shared/timetable.repository';
import * as repo from './qr.group-report.repository';
import { attendanceWorkbook } from './qr.group-report.xlsx';

const RANK: Record<QrAttendanceStatus, number> = { absent: 0, excused: 1, present: 2 };

/** What a raw record says: its status and source, or null for a QR mark still under review (not known yet). */
function readRecord(r: repo.RawRecord): { status: QrAttendanceStatus; source: QrAttendanceSource } | null {
  if (r.kind === 'journal')
    return { status: r.mark === 'н/б' ? 'absent' : r.mark === 'ув' ? 'excused' : 'present', source: r.source === 'qr' ? 'qr' : 'journal' };
  if (r.mark === 'review') return null;
  return { status: r.mark === 'accepted' ? 'present' : 'absent', source: 'qr' };
}

/**
 * One record per student and lesson (date and start time): present outweighs excused, excused
 * outweighs absent; its sources are those that say so (a QR mark and the journal record it wrote are
 * one source, 'qr').
 */
export function mergeRecords(raw: repo.RawRecord[]): QrAttendanceRecord[] {
  const byKey = new Map<string, QrAttendanceRecord>();
  for (const r of raw) {
    const read = readRecord(r);
    if (!read) continue;
    const key = `${r.studentId}|${r.date}|${r.time}`;
    const known = byKey.get(key);
    if (!known || RANK[read.status] > RANK[known.status])
      byKey.set(key, { studentId: r.studentId, date: r.date, time: r.time, status: read.status, sources: [read.source] });
    else if (read.status === known.status && !known.sources.includes(read.source)) known.sources = [...known.sources, read.source].sort().reverse();
  }
  return [...byKey.values()];
}

/** Per student: lessons, present, absent, excused and the rate present / lessons. */
export function summarise(students: { id: number; name: string }[], records: QrAttendanceRecord[]): QrAttendanceStudent[] {
  return students.map((s) => {
    const own = records.filter((r) => r.studentId === s.id);
    const count = (status: QrAttendanceStatus) => own.filter((r) => r.status === status).length;
    const present = count('present');
    return {
      id: s.id,
      name: s.name,
      lessons: own.length,
      present,
      absent: count('absent'),
      excused: count('excused'),
      rate: own.length ? Math.round((present / own.length) * 1000) / 10 : 0,
    };
  });
}

export class QrGroupReports {
  constructor(private readonly ctx: Pick<AppContext, 'db'>) {}

  /** A teacher of the group in that half-year, or one with the report permission; never a student. */
  private async assertMayRead(auth: AuthInfo, q: QrGroupQuery): Promise<void> {
    if (auth.role === ROLE_STUDENT) throw forbidden();
    if (await timetable.isQrReportViewer(this.ctx.db, auth.userId)) return;
    if (!(await repo.teachesGroup(this.ctx.db, auth.uid, q.year, q.ws, q.group))) throw forbidden();
  }

  /** disciplines.json */
  async disciplines(auth: AuthInfo, q: QrGroupQuery, lang: Language): Promise<QrReportDiscipline[]> {
    await this.assertMayRead(auth, q);
    const rows = await repo.disciplinesOfGroup(this.ctx.db, q.year, q.ws, q.group);
    return rows.map((d) => ({ id: d.id, name: localName(d, lang) })).sort((a, b) => a.name.localeCompare(b.name, lang));
  }

  /** attendance.json */
  async attendance(auth: AuthInfo, q: QrAttendanceQuery, lang: Language): Promise<QrAttendanceReport> {
    await this.assertMayRead(auth, q);
    const db = this.ctx.db;
    const [group, discipline] = await Promise.all([repo.groupName(db, q.group), repo.disciplineNames(db, q.discipline)]);
    if (group === undefined || !discipline) throw notFound();
    const scope = { year: q.year, ws: q.ws, groupId: q.group, disciplineId: q.discipline };
    const [journal, qr] = await Promise.all([repo.journalRecords(db, scope), repo.qrRecords(db, scope)]);
    const merged = mergeRecords([...qr, ...journal]);
    const people = (await repo.studentsOf(db, q.group, [...new Set(merged.map((r) => r.studentId))]))
      .map((s) => ({ id: s.id, name: fullName(s) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'ru') || a.id - b.id);
    const order = new Map(people.map((p, i) => [p.id, i]));
    const records = merged.sort(
      (a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || (order.get(a.studentId) ?? 0) - (order.get(b.studentId) ?? 0),
    );
    const lessons = new Map(records.map((r) => [`${r.date} ${r.time}`, { date: r.date, time: r.time }]));
    return {
      group,
      discipline: localName(discipline, lang),
      students: summarise(people, records),
      lessons: [...lessons.values()],
      records,
    };
  }

  /** attendance.xlsx */
  async workbook(auth: AuthInfo, q: QrAttendanceQuery, lang: Language): Promise<Download> {
    const report = await this.attendance(auth, q, lang);
    const bytes = await attendanceWorkbook(report, q, lang);
    return { name: `${report.group} ${report.discipline}.xlsx`, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes };
  }
}
