/**
 * A questionnaire's results as an Excel workbook (exceljs): its title, teacher and discipline, the
 * number who answered, then per question its counts per value (a scale's mean) and the free answers.
 * No respondent anywhere; below the threshold only the count and the rule.
 */
import type { Language } from '@contract/common';
import type { QuestionnaireResults } from '@contract/questionnaire';
import { newWorkbook } from '../../lib/xlsx';

interface Headings {
  sheet: string;
  answers: string;
  teacher: string;
  question: string;
  value: string;
  count: string;
  mean: string;
  texts: string;
  hidden: (threshold: number) => string;
}

const HEADINGS: Record<Language, Headings> = {
  ru: {
    sheet: 'Результаты',
    answers: 'Ответили',
    teacher: 'Преподаватель, дисциплина',
    question: 'Вопрос',
    value: 'Ответ',
    count: 'Число ответов',
    mean: 'Среднее',
    texts: 'Свободные ответы',
    hidden: (n) => `Результаты появятся, когда ответят не менее ${n} человек.`,
  },
  kg: {
    sheet: 'Жыйынтыктар',
    answers: 'Жооп бергендер',
    teacher: 'Окутуучу, сабак',
    question: 'Суроо',
    value: 'Жооп',
    count: 'Жооптордун саны',
    mean: 'Орточо',
    texts: 'Эркин жооптор',
    hidden: (n) => `Жыйынтыктар кеминде ${n} адам жооп бергенде көрүнөт.`,
  },
  en: {
    sheet: 'Results',
    answers: 'Answered',
    teacher: 'Teacher, discipline',
    question: 'Question',
    value: 'Answer',
    count: 'Answers',
    mean: 'Mean',
    texts: 'Free answers',
    hidden: (n) => `Results appear once at least ${n} people have answered.`,
  },
};

export async function resultsWorkbook(r: QuestionnaireResults, lang: Language): Promise<Buffer> {
  const h = HEADINGS[lang];
  const wb = await newWorkbook();
  wb.created = new Date(0);
  const sheet = wb.addWorksheet(h.sheet);
  const rows: (string | number)[][] = [[r.item.title]];
  if (r.item.teacher) rows.push([h.teacher, `${r.item.teacher}, ${r.item.discipline}`]);
  rows.push([h.answers, r.answers], []);
  if (!r.shown) rows.push([h.hidden(r.threshold)]);
  r.questions.forEach((q, i) => {
    rows.push([`${i + 1}. ${q.text}`]);
    if (q.kind === 'text') {
      rows.push([h.texts, q.texts.length]);
      for (const t of q.texts) rows.push(['', t]);
    } else {
      rows.push([h.value, h.count]);
      q.labels.forEach((label, j) => rows.push([label, q.counts[j]]));
      if (q.mean !== null) rows.push([h.mean, q.mean]);
    }
    rows.push([]);
  });
  rows.forEach((values, i) => (sheet.getRow(i + 1).values = values));
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getColumn(1).width = 50;
  sheet.getColumn(2).width = 60;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
