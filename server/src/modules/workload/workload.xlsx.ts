/**
 * The workload as an Excel workbook (exceljs): on the first sheet the journals with their planned
 * hours, the hours given and the difference, and the totals row; on the second the hours given
 * week by week (a column per week of the half-year), with the same totals.
 */
import type ExcelJS from 'exceljs';
import { newWorkbook } from '../../lib/xlsx';
import type { Language } from '@contract/common';
import type { Workload, WorkloadRow } from '@contract/workload';
import { halfYearTitle, SHEET_WORDS } from '../../lib/sheet-texts';

interface Headings {
  sheet: string;
  weeksSheet: string;
  title: string;
  teacher: string;
  code: string;
  discipline: string;
  lessonType: string;
  group: string;
  subgroup: string;
  weeklyPairs: string;
  planned: string;
  given: string;
  difference: string;
  total: string;
  week: string;
  rule: (weeks: number) => string;
}

const HEADINGS: Record<Language, Headings> = {
  ru: {
    sheet: 'Нагрузка',
    weeksSheet: 'По неделям',
    title: 'Учебная нагрузка преподавателя',
    teacher: 'Преподаватель',
    code: 'Код',
    discipline: 'Дисциплина',
    lessonType: 'Вид занятия',
    group: 'Группа / поток',
    subgroup: 'Подгруппа',
    weeklyPairs: 'Пар в неделю',
    planned: 'План, ч',
    given: 'Выдано, ч',
    difference: 'Разница, ч',
    total: 'Итого',
    week: 'Нед.',
    rule: (weeks) => `План: пары в неделю по расписанию × ${weeks} недель × 2 ч; выдано: проведённые занятия по журналу.`,
  },
  kg: {
    sheet: 'Жүктөм',
    weeksSheet: 'Жумалар боюнча',
    title: 'Окутуучунун окуу жүктөмү',
    teacher: 'Окутуучу',
    code: 'Коду',
    discipline: 'Сабак',
    lessonType: 'Сабактын түрү',
    group: 'Топ / агым',
    subgroup: 'Топчо',
    weeklyPairs: 'Жумасына жуп',
    planned: 'План, саат',
    given: 'Өтүлдү, саат',
    difference: 'Айырма, саат',
    total: 'Жыйынтыгы',
    week: 'Жума',
    rule: (weeks) => `План: жадыбал боюнча жумасына жуптар × ${weeks} жума × 2 саат; өтүлдү: журнал боюнча өткөрүлгөн сабактар.`,
  },
  en: {
    sheet: 'Workload',
    weeksSheet: 'By week',
    title: "Teacher's workload",
    teacher: 'Teacher',
    code: 'Code',
    discipline: 'Discipline',
    lessonType: 'Lesson type',
    group: 'Group / stream',
    subgroup: 'Subgroup',
    weeklyPairs: 'Pairs a week',
    planned: 'Planned, h',
    given: 'Given, h',
    difference: 'Difference, h',
    total: 'Total',
    week: 'Wk',
    rule: (weeks) => `Planned: the timetable's pairs a week × ${weeks} weeks × 2 h; given: the lessons held, from the journal.`,
  },
};

const TABLE_ROW = 5;

function titleBlock(sheet: ExcelJS.Worksheet, w: Workload, h: Headings, lang: Language): void {
  sheet.getCell('A1').value = h.title;
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getCell('A2').value = `${h.teacher}: ${w.teacher.name} (${w.teacher.department})`;
  sheet.getCell('A3').value = halfYearTitle(lang, w.id_a_year, w.id_w_s);
}

const groupOf = (r: WorkloadRow) => r.group;

export async function workloadWorkbook(w: Workload, lang: Language): Promise<Buffer> {
  const h = HEADINGS[lang];
  const no = SHEET_WORDS[lang].no;
  const wb = await newWorkbook();
  wb.created = new Date(0);

  const sheet = wb.addWorksheet(h.sheet, { views: [{ state: 'frozen', xSplit: 3, ySplit: TABLE_ROW }] });
  titleBlock(sheet, w, h, lang);
  sheet.getRow(TABLE_ROW).values = [no, h.code, h.discipline, h.lessonType, h.group, h.subgroup, h.weeklyPairs, h.planned, h.given, h.difference];
  sheet.getRow(TABLE_ROW).font = { bold: true };
  w.rows.forEach((r, i) => {
    sheet.getRow(TABLE_ROW + 1 + i).values = [
      i + 1,
      r.code,
      r.discipline,
      r.lessonType,
      groupOf(r),
      r.subgroup || '',
      r.weeklyPairs,
      r.planned,
      r.given,
      r.difference,
    ];
  });
  const totalRow = sheet.getRow(TABLE_ROW + 1 + w.rows.length);
  totalRow.values = ['', '', h.total, '', '', '', '', w.totals.planned, w.totals.given, w.totals.difference];
  totalRow.font = { bold: true };
  sheet.getCell(`A${TABLE_ROW + 3 + w.rows.length}`).value = h.rule(w.teachingWeeks);
  [5, 10, 40, 16, 18, 10, 12, 12, 12, 12].forEach((width, i) => (sheet.getColumn(i + 1).width = width));

  const weeks = wb.addWorksheet(h.weeksSheet, { views: [{ state: 'frozen', xSplit: 3, ySplit: TABLE_ROW }] });
  titleBlock(weeks, w, h, lang);
  weeks.getRow(TABLE_ROW).values = [no, h.discipline, h.lessonType, h.group, ...w.weeks.map((x) => `${h.week} ${x.number}`), h.given];
  weeks.getRow(TABLE_ROW).font = { bold: true };
  w.rows.forEach((r, i) => {
    weeks.getRow(TABLE_ROW + 1 + i).values = [i + 1, r.discipline, r.lessonType, groupOf(r), ...r.byWeek, r.given];
  });
  const weeksTotal = weeks.getRow(TABLE_ROW + 1 + w.rows.length);
  weeksTotal.values = ['', h.total, '', '', ...w.totals.byWeek, w.totals.given];
  weeksTotal.font = { bold: true };
  weeks.getColumn(1).width = 5;
  weeks.getColumn(2).width = 40;
  weeks.getColumn(3).width = 16;
  weeks.getColumn(4).width = 18;
  for (let c = 5; c < 5 + w.weeks.length; c++) weeks.getColumn(c).width = 7;
  weeks.getColumn(5 + w.weeks.length).width = 12;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
