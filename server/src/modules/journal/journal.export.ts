/**
 * The journal as an Excel workbook (exceljs): a title block, the lessons' topics, then students
 * against lessons with their marks, absences, sum, the average over the lessons attended (a present
 * lesson without a mark counts 0) and the mean of the marks given; names frozen on the left and
 * dates on top.
 */
import ExcelJS from 'exceljs';
import type { JournalData } from '../../../../contract/journal';
import type { Language } from '../../../../contract/common';
import { cellKey } from './journal.views';

const HEADINGS: Record<
  Language,
  { title: string; student: string; nb: string; sum: string; avg: string; mean: string; topic: string; present: string; no: string }
> = {
  ru: {
    title: 'Журнал посещаемости и успеваемости',
    student: 'ФИО студента',
    nb: 'н/б',
    sum: 'Сумма',
    avg: 'Средний за посещённые (+ = 0)',
    mean: 'Средняя оценка',
    topic: 'Тема занятия',
    present: '+',
    no: '№',
  },
  kg: {
    title: 'Катышуу жана үлгүрүү журналы',
    student: 'Студенттин аты-жөнү',
    nb: 'н/б',
    sum: 'Суммасы',
    avg: 'Катышкан сабактар боюнча орточо (+ = 0)',
    mean: 'Орточо баа',
    topic: 'Сабактын темасы',
    present: '+',
    no: '№',
  },
  en: {
    title: 'Attendance and grades journal',
    student: 'Student',
    nb: 'Absences',
    sum: 'Sum',
    avg: 'Average per lesson attended (+ counts 0)',
    mean: 'Mean mark',
    topic: 'Lesson topic',
    present: '+',
    no: 'No.',
  },
};

/** 'YYYY-MM-DD' → 'DD.MM' */
const shortDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}`;

export async function journalWorkbook(data: JournalData & { yearName: string }, lang: Language): Promise<Buffer> {
  const h = HEADINGS[lang];
  const wb = new ExcelJS.Workbook();
  wb.creator = data.info.teacher;
  wb.created = new Date(0);
  const ws = wb.addWorksheet(data.info.groupOrPotok.slice(0, 31), { views: [{ state: 'frozen', xSplit: 2, ySplit: 5 }] });
  ws.getCell('A1').value = h.title;
  ws.getCell('A1').font = { bold: true, size: 14 };
  ws.getCell('A2').value = `${data.info.discipline} — ${data.info.vid_zaniatiy}${data.info.subgroup ? ` (${data.info.subgroup})` : ''}`;
  ws.getCell('A3').value = `${data.info.groupOrPotok} · ${data.yearName} · ${data.info.teacher}`;
  // The lessons' topics above their dates.
  const topicOf = new Map(data.journal[1].map((t) => [cellKey(t.visitDate, t.id_time), t.topic]));
  const topicRow = ws.getRow(4);
  topicRow.values = ['', h.topic, ...data.dates.map((d) => topicOf.get(cellKey(d.visitDate, d.id_time)) ?? '')];
  topicRow.alignment = { wrapText: true, vertical: 'top' };
  topicRow.font = { italic: true, size: 9 };
  const header = [h.no, h.student, ...data.dates.map((d) => `${shortDate(d.visitDate)} ${d.time}`), h.nb, h.sum, h.avg, h.mean];
  const headRow = ws.getRow(5);
  headRow.values = header;
  headRow.font = { bold: true };
  // The raw records pivoted: a student's mark at a lesson.
  const markOf = new Map(data.journal[0].map((v) => [`${v.id_student}|${cellKey(v.visitDate, v.id_time)}`, v.otsenka]));
  data.resArray.forEach((r, i) => {
    const marks = data.dates.map((d) => {
      const key = `${r.id_student}|${cellKey(d.visitDate, d.id_time)}`;
      if (!markOf.has(key)) return '';
      const m = markOf.get(key)!;
      if (m === null) return h.present;
      return /^\d+$/.test(m) ? Number(m) : m;
    });
    ws.getRow(6 + i).values = [i + 1, r.s_fio, ...marks, r.nb_Count, r.ball_Count, r.ball_average, r.ball_mean ?? ''];
  });
  ws.getColumn(1).width = 5;
  ws.getColumn(2).width = 36;
  for (let c = 3; c < 3 + data.dates.length; c++) ws.getColumn(c).width = 9;
  ws.getColumn(3 + data.dates.length + 2).numFmt = '0.00';
  ws.getColumn(3 + data.dates.length + 3).numFmt = '0.00';
  ws.getColumn(3 + data.dates.length + 2).width = 14;
  ws.getColumn(3 + data.dates.length + 3).width = 12;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
