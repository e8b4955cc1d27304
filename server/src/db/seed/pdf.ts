/**
 * Readable PDFs for the demo library and teaching materials, made with pdfkit and the DejaVu Sans
 * font (embedded and subset, so Cyrillic and Kyrgyz letters show and can be searched and copied).
 * Making one takes a few hundred milliseconds, so each distinct document is made once and kept in
 * the system's temporary directory, keyed by its content: seeding a fresh database (every
 * end-to-end test file does) reads the cached bytes.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Language } from '@contract/common';
import { a4Pdf } from '../../lib/pdf';

/** Bump when the layout below changes, so cached copies are made anew. */
const LAYOUT_VERSION = 2;

export interface PdfSpec {
  title: string;
  subtitle: string;
  /** Sections: a heading and its paragraphs, in Russian unless `lang` says otherwise. */
  sections: ReadonlyArray<{ heading: string; paragraphs: readonly string[]; lang?: Language }>;
}

function render(spec: PdfSpec): Promise<Buffer> {
  // A fixed date keeps the bytes the same on every run.
  const meta = { title: spec.title, author: spec.subtitle, lang: 'ru' as const, created: new Date(Date.UTC(2026, 0, 1)) };
  return a4Pdf(60, meta, ({ doc, block }) => {
    block('H1', () => doc.font('bold').fontSize(20).text(spec.title, { align: 'center' }));
    block('P', () => doc.moveDown(0.5).font('regular').fontSize(12).fillColor('#444444').text(spec.subtitle, { align: 'center' }).fillColor('#000000'));
    for (const section of spec.sections) {
      block('H2', () => doc.moveDown(1.2).font('bold').fontSize(14).text(section.heading), { lang: section.lang });
      doc.font('regular').fontSize(11);
      for (const p of section.paragraphs) block('P', () => doc.moveDown(0.4).text(p, { align: 'justify' }), { lang: section.lang, actual: p });
    }
  });
}

/** The PDF of a spec: from the cache when it was made before, else made now and cached. */
export async function seedPdf(spec: PdfSpec): Promise<Buffer> {
  const key = createHash('sha256')
    .update(JSON.stringify([LAYOUT_VERSION, spec]))
    .digest('hex')
    .slice(0, 24);
  const dir = path.join(os.tmpdir(), 'lms-seed-pdf');
  const file = path.join(dir, `${key}.pdf`);
  try {
    return fs.readFileSync(file);
  } catch {
    // not made yet
  }
  const bytes = await render(spec);
  try {
    fs.mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file);
  } catch {
    // a read-only temporary directory: the next seed makes it again
  }
  return bytes;
}
