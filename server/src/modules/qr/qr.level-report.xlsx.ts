/** The attendance rates of one report level as an Excel workbook (exceljs): the same rows as the report screen's table. */
import { newWorkbook } from '../../lib/xlsx';
import type { Language } from '@contract/common';
import type { QrReportLevel, QrReportRow } from '@contract/qr';
import { halfYearTitle, SHEET_WORDS } from '../../lib/sheet-texts';

interface Headings {
  sheet: string;
  title: string;
  levels: Record<QrReportLevel, string>;
  lessons: string;
}

const HEADINGS: Record<Language, Headings> = {
  ru: {
    sheet: 'Посещаемость',
    title: 'Посещаемость (QR и журнал)',
    levels: { faculty: 'Факультет', speciality: 'Специальность', group: 'Группа', student: SHEET_WORDS.ru.student },
    lessons: 'Студенто-занятий',
  },
  kg: {
    sheet: 'Катышуу',
    title: 'Сабакка катышуу (QR жана журнал)',
    levels: { faculty: 'Факультет', speciality: 'Адистик', group: 'Топ', student: SHEET_WORDS.kg.student },
    lessons: 'Студенттердин сабактары',
  },
  en: {
    sheet: 'Attendance',
    title: 'Attendance (QR and journal)',
    levels: { faculty: 'Faculty', speciality: 'Speciality', group: 'Group', student: SHEET_WORDS.en.student },
    lessons: 'Student-lessons',
  },
};

export async function levelWorkbook(rows: QrReportRow[], level: QrReportLevel, year: number, ws: number, lang: Language): Promise<Buffer> {
  const h = { ...SHEET_WORDS[lang], ...HEADINGS[lang] };
  const wb = await newWorkbook();
  wb.created = new Date(0);
  const sheet = wb.addWorksheet(h.sheet, { views: [{ state: 'frozen', xSplit: 2, ySplit: 4 }] });
  sheet.getCell('A1').value = h.title;
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getCell('A2').value = halfYearTitle(lang, year, ws);
  sheet.getRow(4).values = [h.no, h.levels[level], h.lessons, h.present, h.rate];
  sheet.getRow(4).font = { bold: true };
  rows.forEach((r, i) => {
    sheet.getRow(5 + i).values = [i + 1, r.name, r.expected, r.present, r.rate];
  });
  sheet.getColumn(1).width = 5;
  sheet.getColumn(2).width = 40;
  for (let c = 3; c <= 5; c++) sheet.getColumn(c).width = 18;
  sheet.getColumn(5).numFmt = '0.0';
  return Buffer.from(await wb.xlsx.writeBuffer());
}
