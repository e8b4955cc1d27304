/**
 * The printed grading sheet: a PDF (pdfkit with the embedded DejaVu Sans of lib/pdf.ts, as the
 * transcript's, tagged for screen readers and archivable) with the university's header, the sheet's
 * data as a table, the signatures' lines and a QR code of its verification link; the same sheet as an Excel workbook (exceljs); the verification page.
 */
import { newWorkbook } from '../../lib/xlsx';
import QRCode from 'qrcode';
import type { Language } from '@contract/common';
import type { Sheet } from '@contract/gradingsheet';
import { portalDate } from '../../lib/dates';
import { QR_ALT, a4Pdf } from '../../lib/pdf';
import { escapeHtml as esc, verifyPageHtml } from '../../shared/verify-page';
import { SX } from './gradingsheet.texts';

export interface University {
  name: string;
  address: string;
}

/**
 * The table's rows as printed: number, name, each module, modules together, exam, total, letter, grade.
 * A student who left the group keeps his line, named so after his name (as on the screen).
 */
function rowsOf(s: Sheet, lang: Language): string[][] {
  return s.lines.map((l, i) => [
    String(i + 1),
    l.left ? `${l.fio} (${SX.leftGroup[lang]})` : l.fio,
    ...l.modules.map(String),
    String(l.modulePoints),
    l.admitted ? (l.exam === null ? '' : String(l.exam)) : SX.notAdmitted[lang],
    l.total === null ? '' : String(l.total),
    l.letter ?? '',
    l.word ?? '',
  ]);
}

function headOf(s: Sheet, lang: Language): string[] {
  return [
    SX.no[lang],
    SX.student[lang],
    ...s.modules.map((m) => `${m.name} (${m.max})`),
    `${SX.modules[lang]} (60)`,
    `${SX.exam[lang]} (${s.examMax})`,
    SX.total[lang],
    SX.letter[lang],
    SX.word[lang],
  ];
}

function facts(s: Sheet, lang: Language): [string, string][] {
  return [
    [SX.discipline[lang], `${s.code} ${s.discipline}`],
    [SX.group[lang], `${s.group} · ${s.halfYear}`],
    [SX.faculty[lang], s.faculty],
    [SX.teacher[lang], s.teacher],
    [SX.credits[lang], `${s.credits} · ${SX.control[lang]}: ${s.control}`],
    [SX.attempt[lang], `${s.attempt} (${SX.attempts[lang][s.attempt] ?? ''})`],
    [SX.status[lang], s.signed && s.signedAt ? `${SX.signedOn[lang]} ${portalDate(new Date(s.signedAt), lang)}` : SX.draft[lang]],
  ];
}

export async function sheetPdf(s: Sheet, university: University, verifyUrl: string, lang: Language, printedAt: Date): Promise<Buffer> {
  const qr = await QRCode.toBuffer(verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  return a4Pdf(40, { title: SX.title[lang], author: university.name, lang }, ({ doc, block, figure, artifact, table, row, cell }) => {
    figure(QR_ALT[lang](verifyUrl), () => doc.image(qr, 475, 40, { width: 80 }));
    block('P', () => doc.font('bold').fontSize(12).text(university.name, 40, 40, { width: 420 }));
    block('P', () => doc.font('regular').fontSize(9).text(university.address, { width: 420 }));
    block('P', () => doc.fontSize(7).fillColor('#444').text(SX.verifyHint[lang], 455, 124, { width: 110, align: 'center' }).fillColor('#000'));
    block('H1', () => doc.font('bold').fontSize(15).text(SX.title[lang], 40, 150, { align: 'center', width: 515 }));
    doc.moveDown(0.5).fontSize(9.5);
    for (const [label, value] of facts(s, lang)) block('P', () => doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value));
    doc.moveDown(0.5);
    const head = headOf(s, lang);
    const body = rowsOf(s, lang);
    // As the transcript's: each column but the name's as wide as its longest word (none broken), the name's the rest.
    const longest = (texts: readonly string[], font: string) => {
      doc.font(font).fontSize(7.5);
      return Math.max(0, ...texts.flatMap((t) => t.split(/\s+/)).map((w) => doc.widthOfString(w)));
    };
    const widths = head.map((title, i) =>
      i === 1
        ? 0
        : Math.ceil(
            Math.max(
              18,
              longest([title], 'bold'),
              longest(
                body.map((c) => c[i] ?? ''),
                'regular',
              ),
            ) + 6,
          ),
    );
    widths[1] = Math.max(95, 515 - widths.reduce((n, w) => n + w, 0));
    const scale = Math.min(1, 515 / widths.reduce((n, w) => n + w, 0));
    const W = widths.map((w) => w * scale);
    const line = (cells: string[], header: boolean) => {
      doc.font(header ? 'bold' : 'regular').fontSize(7.5);
      const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: W[i] - 4 })));
      // A new page before the row, never inside it.
      if (doc.y + height + 6 > doc.page.height - 60) doc.addPage();
      const y = doc.y;
      let x = 40;
      row(() =>
        cells.forEach((c, i) => {
          cell(header ? 'TH' : 'TD', () => doc.text(c, x + 2, y + 2, { width: W[i] - 4, align: i === 1 ? 'left' : 'center' }));
          x += W[i];
        }),
      );
      artifact(() =>
        doc
          .moveTo(40, y + height + 4)
          .lineTo(555, y + height + 4)
          .strokeColor('#999')
          .lineWidth(0.5)
          .stroke(),
      );
      doc.x = 40;
      doc.y = y + height + 6;
    };
    table(() => {
      line(head, true);
      for (const cells of body) line(cells, false);
    });
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(2).font('regular').fontSize(9.5);
    block('P', () => doc.text(`${SX.teacherSignature[lang]}  ____________________  ${s.teacher}`, 40));
    block('P', () => doc.moveDown(1.5).text(`${SX.deanSignature[lang]}  ____________________`, 40));
    block('P', () =>
      doc
        .moveDown(1.5)
        .fontSize(7.5)
        .fillColor('#444')
        .text(`${SX.printed[lang]}: ${portalDate(printedAt, lang)}`, 40)
        .fillColor('#000'),
    );
  });
}

export async function sheetWorkbook(s: Sheet, lang: Language): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = wb.addWorksheet(SX.title[lang].slice(0, 31));
  ws.addRow([SX.title[lang]]).font = { bold: true, size: 14 };
  for (const [label, value] of facts(s, lang)) ws.addRow([label, value]);
  ws.addRow([]);
  ws.addRow(headOf(s, lang)).font = { bold: true };
  for (const cells of rowsOf(s, lang)) ws.addRow(cells.map((c, i) => (i !== 1 && /^\d+$/.test(c) ? Number(c) : c)));
  ws.getColumn(2).width = 36;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export type SheetVerdict = { kind: 'genuine' | 'changed'; sheet: Sheet; printedAt: Date } | { kind: 'invalid' };

/** The public verification page of a printed sheet (HTML, no script). */
export function verifyPage(v: SheetVerdict, university: string, lang: Language): string {
  const details =
    v.kind === 'invalid'
      ? ''
      : `<dl>${facts(v.sheet, lang)
          .map(([k, val]) => `<dt>${esc(k)}</dt><dd>${esc(val)}</dd>`)
          .join('')}<dt>${esc(SX.printed[lang])}</dt><dd>${portalDate(v.printedAt, lang)}</dd></dl>`;
  return verifyPageHtml({ university, title: SX.verifyTitle[lang], kind: v.kind, verdict: SX[v.kind][lang], details, maxWidth: 560 }, lang);
}
