/**
 * The transcript as a PDF (pdfkit with the embedded DejaVu Sans, so Cyrillic and Kyrgyz letters
 * render), with a QR code of its verification link.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Language } from '@contract/common';
import type { Transcript } from '@contract/transcript';
import { portalDate } from '../../lib/dates';
import { TX } from './transcript.texts';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = path.join(FONT_DIR, 'DejaVuSans.ttf');
const BOLD = path.join(FONT_DIR, 'DejaVuSans-Bold.ttf');

/** Column widths at least (A4 width 595 − margins 2 × 40 = 515); the last fits the longest word of a grade ("неудовлетворительно") on one line. */
const MIN_WIDTHS = [56, 173, 54, 42, 50, 40, 100];
/** The discipline's column: it gives up what the others need. */
const NAME_COLUMN = 1;
const TABLE_WIDTH = 515;
/** A cell's inner padding, both sides together, plus a point of slack. */
const CELL_PAD = 6;

/**
 * Widths in which no word of a column's title or cells is broken (a Kyrgyz title such as
 * "Кредиттер" is wider than the Russian one): each column but the discipline's gets its longest
 * word, the discipline's the rest.
 */
function columnWidths(doc: PDFKit.PDFDocument, titles: readonly string[], cells: readonly string[][]): number[] {
  const longest = (texts: readonly string[], font: string) => {
    doc.font(font).fontSize(8);
    return Math.max(0, ...texts.flatMap((s) => s.split(/\s+/)).map((w) => doc.widthOfString(w)));
  };
  const widths = MIN_WIDTHS.map((min, i) =>
    i === NAME_COLUMN
      ? min
      : Math.max(
          min,
          Math.ceil(
            Math.max(
              longest([titles[i] ?? ''], 'bold'),
              longest(
                cells.map((c) => c[i] ?? ''),
                'regular',
              ),
            ) + CELL_PAD,
          ),
        ),
  );
  widths[NAME_COLUMN] = TABLE_WIDTH - widths.reduce((n, w, i) => (i === NAME_COLUMN ? n : n + w), 0);
  return widths;
}

export async function transcriptPdf(t: Transcript & { verifyUrl: string }, lang: Language): Promise<Buffer> {
  const qr = await QRCode.toBuffer(t.verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: TX.title[lang], Author: t.institute.name } });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const g = t.groups[0];

  doc.image(qr, 475, 40, { width: 80 });
  doc.font('bold').fontSize(12).text(g.institution_ru, 40, 40, { width: 420 });
  doc.font('regular').fontSize(9).text(g.institution_kg, { width: 420 }).text(g.institution_en, { width: 420 });
  doc.text(`${g.address} · ${g.tel} · ${g.mail}`, { width: 420 });
  doc.fontSize(7).fillColor('#444').text(TX.verifyHint[lang], 455, 124, { width: 110, align: 'center' }).fillColor('#000');
  doc.moveDown(1.2);
  doc.font('bold').fontSize(16).text(TX.title[lang], 40, 150, { align: 'center', width: 515 });
  doc.moveDown(0.6).font('regular').fontSize(9.5);
  const line = (label: string, value: string) => doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
  line(TX.student[lang], g.fio);
  if (g.birthDate) line(TX.birth[lang], portalDate(g.birthDate, lang));
  line(TX.group[lang], g.group);
  line(TX.spec[lang], g.spec);
  line(TX.faculty[lang], g.faculty);
  doc.moveDown(0.5);

  const cellsOf = (d: Transcript['groups'][number]['years'][number]['semesters'][number]['disciplines'][number]) => [
    d.code_discipline,
    d.discipline,
    String(d.kredits),
    d.points === null ? '—' : String(d.points),
    d.ekv_num === null ? '—' : d.ekv_num.toFixed(2),
    d.ekv_bukv ?? '—',
    d.mark ?? '—',
  ];
  const WIDTHS = columnWidths(
    doc,
    t.columns.map((c) => c.title),
    g.years.flatMap((y) => y.semesters.flatMap((s) => s.disciplines.map(cellsOf))),
  );
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(8);
    let x = 40;
    let height = 0;
    cells.forEach((c, i) => {
      height = Math.max(height, doc.heightOfString(c, { width: WIDTHS[i] - 4 }));
    });
    if (y + height + 6 > doc.page.height - 60) {
      doc.addPage();
      return row(cells, bold);
    }
    cells.forEach((c, i) => {
      doc.text(c, x + 2, y + 2, { width: WIDTHS[i] - 4, align: i === 1 ? 'left' : 'center' });
      x += WIDTHS[i];
    });
    doc
      .moveTo(40, y + height + 4)
      .lineTo(555, y + height + 4)
      .strokeColor('#bbb')
      .lineWidth(0.5)
      .stroke();
    doc.x = 40;
    doc.y = y + height + 6;
  };

  for (const year of g.years)
    for (const sem of year.semesters) {
      if (doc.y > doc.page.height - 140) doc.addPage();
      doc
        .font('bold')
        .fontSize(10)
        .text(
          `${year.name} · ${sem.name}${sem.inProgress ? ` (${TX.inProgress[lang]})` : ''} · ${TX.columns.kredits[lang]}: ${sem.kredits_sum}`,
          40,
          doc.y + 4,
        );
      doc.moveDown(0.2);
      row(
        t.columns.map((c) => c.title),
        true,
      );
      for (const d of sem.disciplines) row(cellsOf(d));
    }

  if (doc.y > doc.page.height - 150) doc.addPage();
  doc.moveDown(0.8);
  for (const r of t.results) line(r.label, r.value);
  line(TX.issued[lang], portalDate(new Date(t.issuedAt), lang));
  doc.moveDown(1.5).font('regular').fontSize(9.5).text(`${t.signature.position}  ____________________  ${t.signature.name}`);
  doc.end();
  return done;
}
