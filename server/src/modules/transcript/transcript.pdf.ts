/**
 * The transcript as a PDF (pdfkit with the embedded DejaVu Sans of lib/pdf.ts, so Cyrillic and
 * Kyrgyz letters render; tagged for screen readers and archivable), with a QR code of its
 * verification link: each semester a heading and a table whose first row holds the columns' titles.
 */
import QRCode from 'qrcode';
import type { Language } from '@contract/common';
import type { Transcript } from '@contract/transcript';
import { portalDate } from '../../lib/dates';
import { QR_ALT, a4Pdf } from '../../lib/pdf';
import { TX } from './transcript.texts';

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
  const g = t.groups[0];
  return a4Pdf(40, { title: TX.title[lang], author: t.institute.name, lang }, ({ doc, block, figure, artifact, table, row, cell }) => {
    figure(QR_ALT[lang](t.verifyUrl), () => doc.image(qr, 475, 40, { width: 80 }));
    block('P', () => doc.font('bold').fontSize(12).text(g.institution_ru, 40, 40, { width: 420 }), { lang: 'ru' });
    block('P', () => doc.font('regular').fontSize(9).text(g.institution_kg, { width: 420 }), { lang: 'kg' });
    block('P', () => doc.text(g.institution_en, { width: 420 }), { lang: 'en' });
    block('P', () => doc.text(`${g.address} · ${g.tel} · ${g.mail}`, { width: 420 }));
    block('P', () => doc.fontSize(7).fillColor('#444').text(TX.verifyHint[lang], 455, 124, { width: 110, align: 'center' }).fillColor('#000'));
    doc.moveDown(1.2);
    block('H1', () => doc.font('bold').fontSize(16).text(TX.title[lang], 40, 150, { align: 'center', width: 515 }));
    doc.moveDown(0.6).font('regular').fontSize(9.5);
    const line = (label: string, value: string) => block('P', () => doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value));
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
    const tableRow = (cells: string[], header = false) => {
      doc.font(header ? 'bold' : 'regular').fontSize(8);
      const height = Math.max(0, ...cells.map((c, i) => doc.heightOfString(c, { width: WIDTHS[i] - 4 })));
      // A new page before the row, never inside it.
      if (doc.y + height + 6 > doc.page.height - 60) doc.addPage();
      const y = doc.y;
      let x = 40;
      row(() =>
        cells.forEach((c, i) => {
          cell(header ? 'TH' : 'TD', () => doc.text(c, x + 2, y + 2, { width: WIDTHS[i] - 4, align: i === 1 ? 'left' : 'center' }));
          x += WIDTHS[i];
        }),
      );
      artifact(() =>
        doc
          .moveTo(40, y + height + 4)
          .lineTo(555, y + height + 4)
          .strokeColor('#bbb')
          .lineWidth(0.5)
          .stroke(),
      );
      doc.x = 40;
      doc.y = y + height + 6;
    };

    for (const year of g.years)
      for (const sem of year.semesters) {
        if (doc.y > doc.page.height - 140) doc.addPage();
        block('H2', () =>
          doc
            .font('bold')
            .fontSize(10)
            .text(
              `${year.name} · ${sem.name}${sem.inProgress ? ` (${TX.inProgress[lang]})` : ''} · ${TX.columns.kredits[lang]}: ${sem.kredits_sum}`,
              40,
              doc.y + 4,
            ),
        );
        doc.moveDown(0.2);
        table(() => {
          tableRow(
            t.columns.map((c) => c.title),
            true,
          );
          for (const d of sem.disciplines) tableRow(cellsOf(d));
        });
      }

    if (doc.y > doc.page.height - 150) doc.addPage();
    doc.moveDown(0.8);
    for (const r of t.results) line(r.label, r.value);
    line(TX.issued[lang], portalDate(new Date(t.issuedAt), lang));
    doc.moveDown(1.5).font('regular').fontSize(9.5);
    block('P', () => doc.text(`${t.signature.position}  ____________________  ${t.signature.name}`));
  });
}
