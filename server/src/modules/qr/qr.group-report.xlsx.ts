/**
 * A group's attendance report as an Excel workbook (exceljs): the summary per student on the first
 * sheet, every record by lesson (date and time) with its source on the second; the same data as the report screen.
 */
import type ExcelJS from 'exceljs';
import { newWorkbook } from '../../lib/xlsx';
import type { Language } from '@contract/common';
import type { QrAttendanceQuery, QrAttendanceReport, QrAttendanceSource, QrAttendanceStatus } from '@contract/qr';
import { halfYearTitle, SHEET_WORDS } from '../../lib/sheet-texts';

interface Headings {
  summary: string;
  byDate: string;
  title: string;
  lessons: string;
  absent: string;
  excused: string;
  date: string;
  time: string;
  status: string;
  source: string;
  statuses: Record<QrAttendanceStatus, string>;
  sources: Record<QrAttendanceSource, string>;
}

const HEADINGS: Record<Language, Headings> = {
  ru: {
    summary: 'Сводка',
    byDate: 'По датам',
    title: 'Посещаемость группы по дисциплине',
    lessons: 'Занятий',
    absent: 'Отсутствовал (н/б)',
    excused: 'Уважительно (ув)',
    date: 'Дата',
    time: 'Время',
    status: 'Отметка',
    source: 'Источник',
    statuses: { present: 'присутствовал', absent: 'н/б', excused: 'ув' },
    sources: { qr: 'QR', journal: 'журнал' },
  },
  kg: {
    summary: 'Жыйынтык',
    byDate: 'Күндөр боюнча',
    title: 'Топтун сабакка катышуусу (дисциплина боюнча)',
    lessons: 'Сабактар',
    absent: 'Келген жок (н/б)',
    excused: 'Жүйөлүү себеп (ув)',
    date: 'Күнү',
    time: 'Убакыт',
    status: 'Белги',
    source: 'Булагы',
    statuses: { present: 'катышты', absent: 'н/б', excused: 'ув' },
    sources: { qr: 'QR', journal: 'журнал' },
  },
  en: {
    summary: 'Summary',
    byDate: 'By date',
    title: "Group's attendance in a discipline",
    lessons: 'Lessons',
    absent: 'Absent',
    excused: 'Excused',
    date: 'Date',
    time: 'Time',
    status: 'Attendance',
    source: 'Source',
    statuses: { present: 'present', absent: 'absent', excused: 'excused' },
    sources: { qr: 'QR', journal: 'journal' },
  },
};

/** 'YYYY-MM-DD' → 'DD.MM.YYYY' */
const longDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

export async function attendanceWorkbook(report: QrAttendanceReport, q: QrAttendanceQuery, lang: Language): Promise<Buffer> {
  const h = { ...SHEET_WORDS[lang], ...HEADINGS[lang] };
  const wb = await newWorkbook();
  wb.created = new Date(0);
  const title = (ws: ExcelJS.Worksheet) => {
    ws.getCell('A1').value = h.title;
    ws.getCell('A1').font = { bold: true, size: 14 };
    ws.getCell('A2').value = `${report.group} · ${report.discipline} · ${halfYearTitle(lang, q.year, q.ws)}`;
  };

  const summary = wb.addWorksheet(h.summary, { views: [{ state: 'frozen', xSplit: 2, ySplit: 4 }] });
  title(summary);
  summary.getRow(4).values = [h.no, h.student, h.lessons, h.present, h.absent, h.excused, h.rate];
  summary.getRow(4).font = { bold: true };
  report.students.forEach((s, i) => {
    summary.getRow(5 + i).values = [i + 1, s.name, s.lessons, s.present, s.absent, s.excused, s.rate];
  });
  summary.getColumn(1).width = 5;
  summary.getColumn(2).width = 36;
  for (let c = 3; c <= 7; c++) summary.getColumn(c).width = 16;
  summary.getColumn(7).numFmt = '0.0';

  const detail = wb.addWorksheet(h.byDate, { views: [{ state: 'frozen', ySplit: 4 }] });
  title(detail);
  detail.getRow(4).values = [h.date, h.time, h.student, h.status, h.source];
  detail.getRow(4).font = { bold: true };
  const names = new Map(report.students.map((s) => [s.id, s.name]));
  report.records.forEach((r, i) => {
    detail.getRow(5 + i).values = [longDate(r.date), r.time, names.get(r.studentId) ?? '', h.statuses[r.status], r.sources.map((s) => h.sources[s]).join(', ')];
  });
  detail.getColumn(1).width = 12;
  detail.getColumn(2).width = 8;
  detail.getColumn(3).width = 36;
  detail.getColumn(4).width = 16;
  detail.getColumn(5).width = 16;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
