/**
 * The cover of a PDF book made in the browser before it is uploaded (docs/areas/library.md#calls): its
 * first page drawn by pdfjs-dist at COVER_WIDTH pixels wide, as a JPEG. pdfjs-dist and its worker
 * are loaded only when a PDF is saved; the worker is a file of the portal's own build (no CDN).
 */
import { COVER_MAX_BYTES } from './library.api';

export const COVER_WIDTH = 240;
/** A very tall first page is cut to this height. */
const COVER_MAX_HEIGHT = 480;

/** Whether a chosen book file is a PDF (by its type or its name). */
export const isPdfFile = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** The JPEG of the PDF's first page, or null when it cannot be made (a damaged or locked PDF): the book then has no cover. */
export async function pdfCover(file: File): Promise<Blob | null> {
  try {
    const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    const doc = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()) }).promise;
    try {
      const page = await doc.getPage(1);
      const viewport = page.getViewport({ scale: COVER_WIDTH / page.getViewport({ scale: 1 }).width });
      const canvas = document.createElement('canvas');
      canvas.width = COVER_WIDTH;
      canvas.height = Math.min(Math.round(viewport.height), COVER_MAX_HEIGHT);
      await page.render({ canvas, viewport, background: '#ffffff' }).promise;
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
      return blob && blob.size <= COVER_MAX_BYTES ? blob : null;
    } finally {
      await doc.destroy();
    }
  } catch {
    return null;
  }
}
