/**
 * QR attendance reports and the student's public QR card.
 */
import type { AppContext } from '../../context';
import { randomBytes } from 'node:crypto';
import { ROLE_STUDENT, type Language } from '@contract/common';
import { type QrCard, type QrCardLink, type QrLevelXlsxQuery, type QrReportQuery, type QrReportRow } from '@contract/qr';
import { forbidden, notFound } from '../../app-error';
import { localName } from '../../i18n';
import { currentAcademicYear } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import type { Download } from '../../plugins/reply';
import { type AuthInfo } from '../../shared/caller';
import * as timetable from '../../shared/timetable.repository';
import * as repo from './qr.card.repository';
import * as levels from './qr.level-report.repository';
import { levelWorkbook } from './qr.level-report.xlsx';

export class QrReports {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'now' | 'throttle'>) {}

  /**
   * Attendance rates of a half-year at one level, from QR attendance and the journal (contract/qr.ts). A teacher sees the groups he
   * teaches in that half-year, the whole university only with the report permission (the dean's
   * office: qr_report_viewers); a student gets only his own row, and only at the student level.
   */
  async report(auth: AuthInfo, level: levels.ReportLevel, input: QrReportQuery, lang: Language): Promise<QrReportRow[]> {
    const within = {
      facultyId: input.faculty,
      specialityId: input.speciality,
      groupId: input.group,
      studentId: undefined as number | undefined,
      teacherId: undefined as number | undefined,
    };
    if (auth.role === ROLE_STUDENT) {
      if (level !== 'student') throw forbidden();
      within.studentId = auth.uid;
    } else if (!(await timetable.isQrReportViewer(this.ctx.db, auth.userId))) within.teacherId = auth.uid;
    const rows = await levels.attendanceByLevel(this.ctx.db, level, input.year, input.ws, within);
    return rows.map((r) => ({
      id: r.id,
      name: localName(r, lang),
      expected: r.expected,
      present: r.present,
      rate: r.expected ? Math.round((r.present / r.expected) * 1000) / 10 : 0,
    }));
  }

  /** levels.xlsx: the rows of report() as an Excel workbook, under the same rules. */
  async levelXlsx(auth: AuthInfo, input: QrLevelXlsxQuery, lang: Language): Promise<Download> {
    const { level, ...query } = input;
    const rows = await this.report(auth, level, query, lang);
    const bytes = await levelWorkbook(rows, level, input.year, input.ws, lang);
    return { name: `attendance-${level}-${input.year}-${input.ws}.xlsx`, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes };
  }

  /** card.json / card/revoke.json: the student's public card link. */
  async cardLink(auth: AuthInfo, renew: boolean): Promise<QrCardLink> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const existing = renew ? undefined : await repo.findCardToken(this.ctx.db, auth.uid);
    const data = existing ?? (await repo.saveCardToken(this.ctx.db, auth.uid, randomBytes(24).toString('base64url'), renew));
    return { data, path: `/lms/studentqr?data=${data}` };
  }

  /** getstudentqrinfo (no session): the card of a token; unknown → 404; too many look-ups from one address → 429. */
  async card(data: string, ip: string, lang: Language): Promise<QrCard> {
    // Counted in the database, so that the limit holds across server processes.
    await this.ctx.throttle.count('card', ip, ip);
    if (!/^[A-Za-z0-9_-]{32}$/.test(data)) throw notFound();
    const row = await repo.cardOf(this.ctx.db, data);
    if (!row) throw notFound();
    const now = this.ctx.now();
    const course = Math.max(1, currentAcademicYear(now) - row.admissionYear + 1);
    const month = now.getMonth();
    const autumn = month >= 8 || month === 0;
    return {
      photo: row.photo && row.photoMime ? `data:${row.photoMime};base64,${row.photo.toString('base64')}` : null,
      fio: fullName(row),
      group: row.group,
      code: row.code,
      course,
      semester: course * 2 - (autumn ? 1 : 0),
      speciality: localName(row.speciality, lang),
      orders: row.orders.map((o) => ({ date: o.date, text: `№ ${o.number} — ${localName(o, lang)}` })),
    };
  }
}
