/**
 * An A4 PDF made with pdfkit and the DejaVu Sans fonts (embedded and subset, so Cyrillic and Kyrgyz
 * letters show and can be searched and copied), registered as 'regular' and 'bold'.
 *
 * Every such PDF is tagged for screen readers (PDF/UA-1) and archivable (PDF/A-3a): PDF 1.7, the
 * document's language, its title shown instead of the file name, a structure tree whose root is a
 * Document, and the sRGB output intent with the PDF/A and PDF/UA identification in its XMP metadata.
 * A document only names its structure through `TaggedPdf`: headings and paragraphs (`block`),
 * tables (`table`, `row`, `cell`), images with their alternative text (`figure`) and decoration a
 * reader skips (`artifact`). Whatever is drawn on a page goes inside one of them.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Language } from '@contract/common';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** What the PDFs claim: pdfkit writes the PDF/A identification, the PDF/UA one is added below. */
export const PDF_VERSION = '1.7';
export const PDF_A = { subset: 'PDF/A-3a', part: 3, conformance: 'A' } as const;
export const PDF_UA_PART = 1;

/** The language tag (BCP 47) of a portal language: Kyrgyz is `ky`, the portal's code `kg`. */
export const languageTag = (lang: Language): string => (lang === 'kg' ? 'ky' : lang);

/** The alternative text of a QR code of a verification address. */
export const QR_ALT: Record<Language, (url: string) => string> = {
  ru: (url) => `QR-код адреса проверки документа: ${url}`,
  kg: (url) => `Документти текшерүү дарегинин QR-коду: ${url}`,
  en: (url) => `QR code of the document's verification address: ${url}`,
};

export interface PdfMeta {
  title: string;
  author: string;
  /** The document's language (the request's). */
  lang: Language;
  /** A fixed creation date keeps the bytes the same on every run (the seed's documents). */
  created?: Date;
}

export type BlockType = 'H1' | 'H2' | 'H3' | 'P' | 'Caption';

/** Drawing on a tagged page: each call names the structure of what its `draw` puts on the page. */
export interface TaggedPdf {
  readonly doc: PDFKit.PDFDocument;
  /**
   * A heading or a paragraph: everything `draw` writes, read as one; `lang` when it is not the
   * document's. A justified paragraph needs `actual`, its text: pdfkit justifies by moving words
   * apart without writing the spaces, so a screen reader would read the words run together.
   */
  block(type: BlockType, draw: () => void, options?: { lang?: Language; actual?: string }): void;
  /** An image (a QR code...) a screen reader names by `alt`. */
  figure(alt: string, draw: () => void): void;
  /** Decoration (rules, borders) a screen reader skips. */
  artifact(draw: () => void): void;
  /** A table: `draw` adds its rows with `row`. */
  table(draw: () => void): void;
  /** A table's row: `draw` adds its cells with `cell`. New pages are added before a row, never inside one. */
  row(draw: () => void): void;
  /** A cell: a column's header (`TH`, scope Column) or a data cell (`TD`). */
  cell(kind: 'TH' | 'TD', draw: () => void): void;
}

const xml = (s: string) => s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));

/** pdfkit's document with the members this file reaches past its typings. */
type Internals = PDFKit.PDFDocument & { _addInfo(): void; info: PDFKit.DocumentInfo };

/**
 * pdfkit copies the title and author into the XMP metadata unescaped: a title with "&" or "<" would
 * make it invalid XML. They are escaped there only (the information dictionary keeps them as they are).
 */
function escapeXmpInfo(doc: PDFKit.PDFDocument): void {
  const d = doc as Internals;
  const addInfo = d._addInfo.bind(d);
  d._addInfo = () => {
    const info = d.info;
    const escaped = { ...info };
    for (const key of ['Title', 'Author', 'Subject', 'Keywords'] as const) {
      const value = info[key];
      if (typeof value === 'string') escaped[key] = xml(value);
    }
    d.info = escaped;
    try {
      addInfo();
    } finally {
      d.info = info;
    }
  };
}

function tagger(doc: PDFKit.PDFDocument, root: PDFKit.PDFStructureElement): TaggedPdf {
  let parent = root;
  /** A structure element holding others: added to the current one, then current while `draw` runs. */
  const group = (type: string, draw: () => void) => {
    const el = doc.struct(type);
    parent.add(el);
    const outer = parent;
    parent = el;
    try {
      draw();
    } finally {
      parent = outer;
      el.end();
    }
  };
  /** A structure element holding content: pdfkit marks what `draw` writes as its content. */
  const leaf = (type: string, options: PDFKit.Mixins.StructureElementOptions, draw: () => void) => {
    parent.add(doc.struct(type, options, () => draw()));
  };
  return {
    doc,
    block: (type, draw, options = {}) =>
      leaf(type, { ...(options.lang ? { lang: languageTag(options.lang) } : {}), ...(options.actual ? { actual: options.actual } : {}) }, draw),
    figure: (alt, draw) => leaf('Figure', { alt }, draw),
    artifact: (draw) => {
      doc.markContent('Artifact', { type: 'Layout' });
      draw();
      doc.endMarkedContent();
    },
    table: (draw) => group('Table', draw),
    row: (draw) => group('TR', draw),
    cell: (kind, draw) => {
      // pdfkit writes the Table attribute Scope of a header cell; its typings do not list the option.
      const header: PDFKit.Mixins.StructureElementOptions & { scope?: 'Column' } = kind === 'TH' ? { scope: 'Column' } : {};
      leaf(kind, header, draw);
    },
  };
}

/** The bytes of the tagged, archivable A4 document with margin `margin` that `draw` writes. */
export function a4Pdf(margin: number, meta: PdfMeta, draw: (pdf: TaggedPdf) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin,
      // DejaVu from the start: pdfkit's default Helvetica is not embedded, which PDF/A forbids.
      font: FONT_REGULAR,
      pdfVersion: PDF_VERSION,
      subset: PDF_A.subset,
      tagged: true,
      displayTitle: true,
      lang: languageTag(meta.lang),
      info: { Title: meta.title, Author: meta.author, ...(meta.created ? { CreationDate: meta.created } : {}) },
    });
    escapeXmpInfo(doc);
    doc.appendXML(
      `<rdf:Description xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/" rdf:about=""><pdfuaid:part>${PDF_UA_PART}</pdfuaid:part></rdf:Description>`,
    );
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('regular', FONT_REGULAR);
    doc.registerFont('bold', FONT_BOLD);
    const root = doc.struct('Document');
    doc.addStructure(root);
    try {
      draw(tagger(doc, root));
    } catch (e) {
      reject(e);
      return;
    }
    root.end();
    doc.end();
  });
}
