/** A test's results as a workbook (exceljs): one sheet of students, one of the questions' statistics. */
import type { Language } from '@contract/common';
import type { Results } from '@contract/testing';
import { newWorkbook } from '../../lib/xlsx';
import { RX } from './testing.texts';

export async function resultsWorkbook(r: Results, lang: Language): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = wb.addWorksheet(RX.results[lang]);
  ws.addRow([r.title]).font = { bold: true, size: 14 };
  ws.addRow([RX.of[lang], r.maxScore]);
  ws.addRow([]);
  ws.addRow(['№', RX.student[lang], RX.group[lang], RX.attempts[lang], RX.score[lang]]).font = { bold: true };
  r.lines.forEach((l, i) => ws.addRow([i + 1, l.fio, l.group, l.attempts.length, l.score]));
  ws.getColumn(2).width = 36;
  const qs = wb.addWorksheet(RX.questions[lang]);
  qs.addRow(['№', RX.question[lang], RX.kind[lang], RX.answered[lang], RX.difficulty[lang], RX.discrimination[lang]]).font = { bold: true };
  r.questions.forEach((q, i) => qs.addRow([i + 1, q.text, q.kind, q.answered, q.difficulty, q.discrimination]));
  qs.getColumn(2).width = 60;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
