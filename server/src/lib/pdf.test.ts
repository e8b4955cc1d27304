/**
 * The tagged, archivable A4 PDF every document of the portal is made with: its structure (headings,
 * paragraphs in another language, a table over several pages, a figure with its alternative text,
 * decoration as artifacts) as poppler and qpdf read it, and a title that is not valid XML as it is.
 */
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { expectTaggedArchivable } from '../test/pdf-checks';
import { QR_ALT, a4Pdf } from './pdf';

const URL = 'https://lms.example.edu/verify?t=abc';

describe('a4Pdf', () => {
  it('is tagged (PDF/UA-1) and archivable (PDF/A-3a), everything on its pages tagged or an artifact', async (ctx) => {
    const qr = await QRCode.toBuffer(URL, { margin: 1, width: 120 });
    const bytes = await a4Pdf(40, { title: 'Grades & <notes>', author: 'University "A & B"', lang: 'en' }, (pdf) => {
      const { doc, block, figure, artifact, table, row, cell } = pdf;
      figure(QR_ALT.en(URL), () => doc.image(qr, 475, 40, { width: 80 }));
      block('H1', () => doc.font('bold').fontSize(16).text('Transcript', 40, 150));
      block('P', () => doc.font('regular').fontSize(10).text('Кыргыз Республикасы'), { lang: 'kg' });
      table(() => {
        for (let i = 0; i < 90; i++) {
          if (doc.y > doc.page.height - 80) doc.addPage();
          const y = doc.y;
          row(() => {
            cell(i === 0 ? 'TH' : 'TD', () => doc.text(i === 0 ? 'Discipline' : `Discipline ${i}`, 40, y));
            cell(i === 0 ? 'TH' : 'TD', () => doc.text(i === 0 ? 'Points' : String(i), 300, y));
          });
          artifact(() =>
            doc
              .moveTo(40, y + 14)
              .lineTo(555, y + 14)
              .stroke(),
          );
          doc.x = 40;
          doc.y = y + 16;
        }
      });
      // A justified paragraph pdfkit carries over to the next pages itself; its text read as written.
      const long = 'A long closing paragraph. '.repeat(300).trim();
      block('P', () => doc.text(long, { align: 'justify' }), { actual: long });
    });
    const r = expectTaggedArchivable(ctx, bytes, 'en');
    expect(r.info).toMatch(/^Pages:\s+[3-9]$/m);
    expect(r.info).toContain('Title:           Grades & <notes>');
    // The XMP metadata stays valid XML.
    expect(r.meta).toContain('Grades &amp; &lt;notes&gt;');
    expect(r.meta).toContain('University "A &amp; B"');
    const s = r.structure;
    expect(s).toMatch(/^ {2}Figure$/m);
    expect(r.raw).toContain(`/Alt (QR code of the document's verification address: ${URL})`);
    expect(s).toMatch(/^ {2}H1 \(block\)\n {4}"Transcript"$/m);
    expect(r.raw).toContain('/Lang (ky)');
    expect(s).toMatch(/^ {2}Table \(block\)\n {4}TR\n {6}TH:\n {9}\/Scope \/Column\n {8}"Discipline"$/m);
    expect(s).toMatch(/^ {6}TD\n {8}"Discipline 89"$/m);
    expect(r.text).toContain('Кыргыз Республикасы');
    expect(r.text).toMatch(/Discipline 89\s+89/);
    expect(r.raw).toContain('/ActualText (A long closing paragraph. A long closing paragraph.');
  });
});
