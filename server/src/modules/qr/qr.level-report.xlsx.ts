/** The attendance rates of one report level as an Excel workbook (exceljs): the same rows as the report screen's table. */
import ExcelJS from 'exceljs';
import type { Language } from '../../../../contract/common';
import type { QrReportLevel, QrReportRow } from '../../../../contract/qr';

interface Headings {
  sheet: string;
  title: string;
  half: (year: number, ws: number) => string;
  levels: Record<QrReportLevel, string>;
  no: string;
  lessons: string;
  present: string;
  rate: string;
}

const HEADINGS: Record<Language, Headings> = {
  ru: {
    sheet: 'Посещаемость',
    title: 'Посещаемость (QR и журнал)',
    half: (y, ws) => `${ws === 1 ? 'Осенний' : 'Весенний'} семестр ${y}–${y + 1}`,
    levels: { faculty: 'Факультет', speciality: 'Специальность', group: 'Группа', student: 'ФИО студента' },
    no: '№',
    lessons: 'Студенто-занятий',
    present: 'Присутствовал',
    rate: '% присутствия',
  },
  kg: {
    sheet: 'Катышуу',
    title: 'Сабакка катышуу (QR жана журнал)',
    half: (y, ws) => `${y}–${y + 1} окуу жылынын ${ws === 1 ? 'күзгү' : 'жазгы'} семестри`,
    levels: { faculty: 'Факультет', speciality: 'Адистик', group: 'Топ', student: 'Студенттин аты-жөнү' },
    no: '№',
    lessons: 'Студенттердин сабактары',
    present: 'Катышты',
    rate: 'Катышуу %',
  },
  en: {
    sheet: 'Attendance',
    title: 'Attendance (QR and journal)',
    half: (y, ws) => `${ws === 1 ? 'Autumn' : 'Spring'} half-year ${y}–${y + 1}`,
    levels: { faculty: 'Faculty', speciality: 'Speciality', group: 'Group', student: 'Student' },
    no: 'No.',
    lessons: 'Student-lessons',
    present: 'Present',
    rate: '% present',
  },
};

export async function levelWorkbook(rows: QrReportRow[], level: QrReportLevel, year: number, ws: number, lang: Language): Promise<Buffer> {
  const h = HEADINGS[lang];
  const wb = new ExcelJS.Workbook();
  wb.created = new Date(0);
  const sheet = wb.addWorksheet(h.sheet, { views: [{ state: 'frozen', xSplit: 2, ySplit: 4 }] });
  sheet.getCell('A1').value = h.title;
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getCell('A2').value = h.half(year, ws);
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
