/**
 * What every PDF the portal issues is (lib/pdf.ts), as poppler-utils and qpdf read it: PDF 1.7,
 * tagged for screen readers (PDF/UA-1: a structure tree under a Document, the language, the title
 * shown, everything painted on a page marked as structure content or as an artifact) and archivable
 * (PDF/A-3a, named in the XMP metadata), with no error qpdf finds; and its text as pdftotext
 * extracts it. Without qpdf the check skips its test, saying so.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type TestContext } from 'vitest';

export const QPDF_MISSING = 'qpdf is not installed: apt-get install -y qpdf (.ci/run installs it)';
const hasQpdf = spawnSync('qpdf', ['--version'], { stdio: 'ignore' }).status === 0;

export interface PdfReport {
  /** pdfinfo's summary. */
  info: string;
  /** The XMP metadata (pdfinfo -meta). */
  meta: string;
  /** The structure tree with its elements' attributes (pdfinfo -struct: quick). */
  tree: string;
  /**
   * The structure tree with each element's text (pdfinfo -struct-text), read when first asked for:
   * poppler takes seconds for a document of a few pages, so a test asks for it once, not per language.
   */
  readonly structure: string;
  /** pdftotext -layout. */
  text: string;
  qpdf: { status: number | null; output: string };
  /** Per page, the painting operators (text, images, paths) outside any marked content, and whether its marks close. */
  pages: { untagged: number; balanced: boolean }[];
  /** The file's bytes as Latin-1 (pdfkit writes the catalog uncompressed). */
  raw: string;
}

/** The package each tool comes from, named when the tool is missing. */
const PACKAGE_OF: Record<string, string> = { qpdf: 'qpdf', pdfinfo: 'poppler-utils', pdftotext: 'poppler-utils' };

const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error(`${cmd} is not installed: apt-get install -y ${PACKAGE_OF[cmd] ?? cmd} (.ci/run installs it; docs/troubleshooting.md)`);
  if (r.error) throw r.error;
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
};

/** The text of the PDF in `file` as pdftotext extracts it, keeping the layout (columns side by side on one line). */
const textOfFile = (file: string) => run('pdftotext', ['-layout', file, '-']).output;

/** The PDF's text (see textOfFile). */
export const pdfTextOf = (bytes: Uint8Array): string => withFile(bytes, textOfFile);

/** Operators that paint: what a tagged page must mark as structure content or as an artifact. */
const PAINTING = new Set(['Tj', 'TJ', "'", '"', 'Do', 'S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'sh', 'BI']);

/**
 * The pages' content streams as qpdf writes them uncompressed (QDF, "%% Contents for page N"), read
 * an operator a line as pdfkit writes them.
 */
function pagesOf(qdf: string): PdfReport['pages'] {
  return qdf
    .split(/^%% Contents for page \d+$/m)
    .slice(1)
    .map((part) => {
      const stream = /\nstream\n([\s\S]*?)endstream/.exec(part)?.[1] ?? '';
      let depth = 0;
      let untagged = 0;
      let balanced = true;
      for (const line of stream.split('\n')) {
        const op = line.trim().split(/\s+/).pop() ?? '';
        if (op === 'BDC' || op === 'BMC') depth++;
        else if (op === 'EMC') balanced = --depth >= 0 && balanced;
        else if (depth === 0 && PAINTING.has(op)) untagged++;
      }
      return { untagged, balanced: balanced && depth === 0 };
    });
}

export function inspectPdf(bytes: Uint8Array): PdfReport {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-check-'));
  const file = path.join(dir, 'doc.pdf');
  const qdf = path.join(dir, 'qdf.pdf');
  try {
    fs.writeFileSync(file, bytes);
    run('qpdf', ['--qdf', '--object-streams=disable', file, qdf]);
    let structure: string | undefined;
    return {
      info: run('pdfinfo', [file]).output,
      meta: run('pdfinfo', ['-meta', file]).output,
      tree: run('pdfinfo', ['-struct', file]).output,
      get structure() {
        structure ??= withFile(bytes, (again) => run('pdfinfo', ['-struct-text', again]).output);
        return structure;
      },
      text: textOfFile(file),
      qpdf: run('qpdf', ['--check', file]),
      pages: pagesOf(fs.readFileSync(qdf, 'latin1')),
      raw: Buffer.from(bytes).toString('latin1'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `use` given the path of a temporary file holding `bytes` (removed after). */
function withFile<T>(bytes: Uint8Array, use: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-check-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, bytes);
    return use(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Expects the PDF tagged and archivable in the language `lang` (a BCP 47 tag: ru, ky, en) and
 * returns what the tools read, for the document's own checks; skips the test without qpdf.
 */
export function expectTaggedArchivable(ctx: TestContext, bytes: Uint8Array, lang: string): PdfReport {
  if (!hasQpdf) ctx.skip(QPDF_MISSING);
  const r = inspectPdf(bytes);
  expect(r.info).toMatch(/^Tagged:\s+yes$/m);
  expect(r.info).toMatch(/^PDF version:\s+1\.7$/m);
  expect(r.meta).toMatch(/<pdfaid:part>3<\/pdfaid:part>\s*<pdfaid:conformance>A<\/pdfaid:conformance>/);
  expect(r.meta).toContain('<pdfuaid:part>1</pdfuaid:part>');
  expect(r.meta).toMatch(/<dc:title>/);
  expect(r.qpdf.output).toContain('No syntax or stream encoding errors found');
  expect(r.qpdf.status, r.qpdf.output).toBe(0);
  expect(r.raw).toContain(`/Lang (${lang})`);
  expect(r.raw).toMatch(/\/DisplayDocTitle true/);
  expect(r.raw).toContain('/S /GTS_PDFA1');
  expect(r.tree.split('\n')[0]).toBe('Document');
  expect(r.pages.length).toBeGreaterThan(0);
  for (const page of r.pages) expect(page).toEqual({ untagged: 0, balanced: true });
  return r;
}
