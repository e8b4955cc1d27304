/**
 * What an uploaded file really is, from its first bytes, against the allow-list (docs/security.md#files):
 * the content must be a known kind and the file name's extension must belong to that kind, so HTML,
 * SVG or script renamed .pdf (or sent with a made-up Content-Type) is refused.
 */

interface Kind {
  /** Extensions (lower case, no dot) that this content may carry, with the type stored for each. */
  types: Record<string, string>;
  /** The type when the extension is not listed but the family allows any (never for text). */
  test(head: Buffer): boolean;
}

const starts = (head: Buffer, ...bytes: number[]) => bytes.every((b, i) => head[i] === b);
const ascii = (head: Buffer, at: number, text: string) => head.subarray(at, at + text.length).toString('latin1') === text;

const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', jfif: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** The stored type of a PDF. */
export const PDF_TYPE = 'application/pdf';
/** The stored type of an EPUB book. */
export const EPUB_TYPE = 'application/epub+zip';
/** The stored type of a FictionBook (FB2) book. */
export const FB2_TYPE = 'application/x-fictionbook+xml';

/** Binary kinds, tried in order. Image kinds accept any image extension but store the real type. */
const KINDS: Array<Kind & { image?: string }> = [
  { test: (h) => ascii(h, 0, '%PDF-'), types: { pdf: PDF_TYPE } },
  { test: (h) => starts(h, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), types: IMAGE_TYPES, image: 'image/png' },
  { test: (h) => starts(h, 0xff, 0xd8, 0xff), types: IMAGE_TYPES, image: 'image/jpeg' },
  { test: (h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a'), types: IMAGE_TYPES, image: 'image/gif' },
  { test: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP'), types: IMAGE_TYPES, image: 'image/webp' },
  {
    test: (h) => starts(h, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1),
    types: {
      doc: 'application/msword',
      dot: 'application/msword',
      xls: 'application/vnd.ms-excel',
      ppt: 'application/vnd.ms-powerpoint',
      pps: 'application/vnd.ms-powerpoint',
    },
  },
  // EPUB: a zip whose first entry is the stored file `mimetype` holding application/epub+zip.
  { test: (h) => starts(h, 0x50, 0x4b, 0x03, 0x04) && ascii(h, 30, 'mimetype') && ascii(h, 38, 'application/epub+zip'), types: { epub: EPUB_TYPE } },
  {
    test: (h) => starts(h, 0x50, 0x4b, 0x03, 0x04) || starts(h, 0x50, 0x4b, 0x05, 0x06),
    types: {
      zip: 'application/zip',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      ppsx: 'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
      odt: 'application/vnd.oasis.opendocument.text',
      ods: 'application/vnd.oasis.opendocument.spreadsheet',
      odp: 'application/vnd.oasis.opendocument.presentation',
    },
  },
  // DjVu: an IFF container AT&TFORM of a single page (DJVU) or a multi-page document (DJVM).
  { test: (h) => ascii(h, 0, 'AT&TFORM') && (ascii(h, 12, 'DJVU') || ascii(h, 12, 'DJVM')), types: { djvu: 'image/vnd.djvu', djv: 'image/vnd.djvu' } },
  // MOBI (and AZW): a Palm database whose type and creator are BOOKMOBI.
  { test: (h) => ascii(h, 60, 'BOOKMOBI'), types: { mobi: 'application/x-mobipocket-ebook', azw: 'application/x-mobipocket-ebook' } },
  { test: (h) => starts(h, 0x52, 0x61, 0x72, 0x21, 0x1a, 0x07), types: { rar: 'application/vnd.rar' } },
  { test: (h) => starts(h, 0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c), types: { '7z': 'application/x-7z-compressed' } },
  { test: (h) => ascii(h, 0, '{\\rtf'), types: { rtf: 'application/rtf' } },
  { test: (h) => ascii(h, 0, 'ID3') || (h[0] === 0xff && (h[1] & 0xe0) === 0xe0), types: { mp3: 'audio/mpeg' } },
  { test: (h) => ascii(h, 4, 'ftyp'), types: { mp4: 'video/mp4', m4a: 'audio/mp4', mov: 'video/quicktime' } },
];

/** An FB2 book: XML (an optional declaration and comments) whose root element is FictionBook. */
const FICTION_BOOK = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<FictionBook[\s>]/;

function isFictionBook(head: Buffer): boolean {
  if (head.includes(0)) return false;
  return FICTION_BOOK.test(head.subarray(0, 4096).toString('utf8'));
}

const TEXT_TYPES: Record<string, string> = { txt: 'text/plain', csv: 'text/csv', md: 'text/plain', log: 'text/plain' };

/** Markup that a browser would render or run: refused even in a .txt file. */
const MARKUP = /^\s*<(?:!doctype|html|head|body|script|svg|\?xml|iframe|object|embed|img|a\s|div|meta|style|link)\b/i;

/** Whether a stored type is a picture a browser shows inline (only the sniffed image kinds above). */
export function isImageType(mime: string | null | undefined): boolean {
  return !!mime && Object.values(IMAGE_TYPES).includes(mime);
}

/** Bytes of the head that the sniffer needs (text is checked on up to this much). */
export const SNIFF_BYTES = 64 * 1024;

/** The lower-case extension of a file name ('' when none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

function isPlainText(head: Buffer, complete: boolean): boolean {
  if (head.length === 0) return false;
  if (head.includes(0)) return false;
  // A multi-byte character may be cut at the end of the head: drop up to 3 trailing bytes.
  let bytes = head;
  if (!complete) {
    let cut = bytes.length;
    while (cut > 0 && bytes.length - cut < 3 && (bytes[cut - 1] & 0xc0) === 0x80) cut--;
    if (cut > 0 && bytes[cut - 1] >= 0xc0) cut--;
    bytes = bytes.subarray(0, cut);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !MARKUP.test(text.replace(/^\uFEFF/, ''));
}

/**
 * The type to store for a file with this name and these first bytes, or null when it is not allowed.
 * `complete` says whether head is the whole file.
 */
export function sniffType(fileName: string, head: Buffer, complete: boolean): string | null {
  const ext = extensionOf(fileName);
  for (const kind of KINDS) {
    if (!kind.test(head)) continue;
    if (!(ext in kind.types)) return null;
    return kind.image ?? kind.types[ext];
  }
  if (ext === 'fb2') return isFictionBook(head) ? FB2_TYPE : null;
  if (ext in TEXT_TYPES && isPlainText(head, complete)) return `${TEXT_TYPES[ext]}; charset=utf-8`;
  return null;
}
