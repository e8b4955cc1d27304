/** A small EPUB 3 book built in memory for the tests: two chapters, a table of contents and, optionally, a cover image. */
import JSZip from 'jszip';

/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const chapter = (title: string, text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

export async function buildEpub(options: { title: string; chapters: [string, string][]; cover?: Buffer }): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
  zip.file(
    'META-INF/container.xml',
    '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
  );
  const items = options.chapters.map((_, i) => `<item id="c${i}" href="c${i}.xhtml" media-type="application/xhtml+xml"/>`).join('');
  const cover = options.cover ? '<item id="cover" href="images/cover.png" media-type="image/png" properties="cover-image"/>' : '';
  zip.file(
    'OEBPS/content.opf',
    `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:0a1b2c3d</dc:identifier><dc:title>${options.title}</dc:title><dc:language>ru</dc:language><meta property="dcterms:modified">2026-01-01T00:00:00Z</meta></metadata><manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>${items}${cover}</manifest><spine>${options.chapters.map((_, i) => `<itemref idref="c${i}"/>`).join('')}</spine></package>`,
  );
  zip.file(
    'OEBPS/nav.xhtml',
    `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>nav</title></head><body><nav epub:type="toc"><ol>${options.chapters.map(([t], i) => `<li><a href="c${i}.xhtml">${t}</a></li>`).join('')}</ol></nav></body></html>`,
  );
  options.chapters.forEach(([t, text], i) => zip.file(`OEBPS/c${i}.xhtml`, chapter(t, text)));
  if (options.cover) zip.file('OEBPS/images/cover.png', options.cover);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
