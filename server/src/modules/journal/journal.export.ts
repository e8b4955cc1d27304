/**
 * The journal as an Excel workbook (exceljs): a title block, the lessons' topics, then students
 * against lessons with their marks, absences, sum, the average over the lessons attended (a present
 * lesson without a mark counts 0) and the mean of the marks given; before those totals, as in the
 * grid, each module's subtotal (when the topics carry modules) and the final result (points and
 * letter). Names frozen on the left and dates on top.
 */
import { newWorkbook } from '../../lib/xlsx';
import type { JournalData } from '@contract/journal';
import type { Language } from '@contract/common';
import { moduleSubtotals, modulesOf } from '@contract/pure/journal-totals';
import { SHEET_WORDS } from '../../lib/sheet-texts';
import { cellKey } from './journal.views';

const HEADINGS: Record<
  Language,
  {
    title: string;
    nb: string;
    sum: string;
    avg: string;
    mean: string;
    topic: string;
    present: string;
    moduleAvg: string;
    moduleMean: string;
    final: string;
    letter: string;
  }
> = {
  ru: {
    title: 'Журнал посещаемости и успеваемости',
    nb: 'н/б',
    sum: 'Сумма',
    avg: 'Средний за посещённые (+ = 0)',
    mean: 'Средняя оценка',
    topic: 'Тема занятия',
    present: '+',
    moduleAvg: 'ср. (+ = 0)',
    moduleMean: 'ср. оценка',
    final: 'Итог (баллы)',
    letter: 'Буква',
  },
  kg: {
    title: 'Катышуу жана үлгүрүү журналы',
    nb: 'н/б',
    sum: 'Суммасы',
    avg: 'Катышкан сабактар боюнча орточо (+ = 0)',
    mean: 'Орточо баа',
    topic: 'Сабактын темасы',
    present: '+',
    moduleAvg: 'орточо (+ = 0)',
    moduleMean: 'орточо баа',
    final: 'Жыйынтык (балл)',
    letter: 'Тамга',
  },
  en: {
    title: 'Attendance and grades journal',
    nb: 'Absences',
    sum: 'Sum',
    avg: 'Average per lesson attended (+ counts 0)',
    mean: 'Mean mark',
    topic: 'Lesson topic',
    present: '+',
    moduleAvg: 'avg. (+ = 0)',
    moduleMean: 'mean',
    final: 'Final (points)',
    letter: 'Letter',
  },
};

/** 'YYYY-MM-DD' → 'DD.MM' */
const shortDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}`;

/** The journal's data with its year's name and the names of the modules its topics carry. */
export type ExportData = JournalData & { yearName: string; moduleNames: ReadonlyMap<number, string> };

export async function journalWorkbook(data: ExportData, lang: Language): Promise<Buffer> {
  const h = { ...HEADINGS[lang], no: SHEET_WORDS[lang].no, student: SHEET_WORDS[lang].student };
  const wb = await newWorkbook();
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
  // After the lessons, as in the grid: each module's subtotal (average and mean) and the final result (points and letter).
  const modules = modulesOf(data.journal[1]);
  const moduleHeads = modules.flatMap((id) => {
    const name = data.moduleNames.get(id) ?? String(id);
    return [`${name}: ${h.moduleAvg}`, `${name}: ${h.moduleMean}`];
  });
  const finalOf = new Map(data.finals.map((f) => [f.id_student, f]));
  const header = [
    h.no,
    h.student,
    ...data.dates.map((d) => `${shortDate(d.visitDate)} ${d.time}`),
    ...moduleHeads,
    h.final,
    h.letter,
    h.nb,
    h.sum,
    h.avg,
    h.mean,
  ];
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
    const lessonMarks = data.journal[0].filter((v) => v.id_student === r.id_student);
    const subtotals = moduleSubtotals(lessonMarks, data.journal[1], modules).flatMap((m) => [m.ball_average, m.ball_mean ?? '']);
    const final = finalOf.get(r.id_student);
    ws.getRow(6 + i).values = [
      i + 1,
      r.s_fio,
      ...marks,
      ...subtotals,
      final?.points ?? '',
      final?.ekv_bukv ?? '',
      r.nb_Count,
      r.ball_Count,
      r.ball_average,
      r.ball_mean ?? '',
    ];
  });
  const firstModule = 3 + data.dates.length;
  for (let c = firstModule; c < firstModule + moduleHeads.length; c++) {
    ws.getColumn(c).numFmt = '0.00';
    ws.getColumn(c).width = 14;
  }
  ws.getColumn(firstModule + moduleHeads.length).width = 12;
  const afterFinal = moduleHeads.length + 2;
  ws.getColumn(1).width = 5;
  ws.getColumn(2).width = 36;
  for (let c = 3; c < 3 + data.dates.length; c++) ws.getColumn(c).width = 9;
  ws.getColumn(3 + data.dates.length + afterFinal + 2).numFmt = '0.00';
  ws.getColumn(3 + data.dates.length + afterFinal + 3).numFmt = '0.00';
  ws.getColumn(3 + data.dates.length + afterFinal + 2).width = 14;
  ws.getColumn(3 + data.dates.length + afterFinal + 3).width = 12;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
