/**
 * The cover image of an EPUB book, taken from its package when the book is uploaded
 * (docs/areas/library.md#calls): META-INF/container.xml names the package document, whose manifest marks
 * the cover (`properties="cover-image"`, EPUB 3, or `<meta name="cover" content="id">`, EPUB 2).
 * Only a JPEG, PNG, GIF or WebP image of at most COVER_MAX_BYTES is kept, recognised by its bytes.
 */
import { createHash, randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import JSZip from 'jszip';
import type { IncomingFile } from '../../plugins/files';

export const COVER_MAX_BYTES = 2 * 1024 * 1024;

const IMAGE_TYPES: [string, (b: Buffer) => boolean][] = [
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  ['image/webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
];

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i')
    .exec(tag)
    ?.slice(2)
    .find((v) => v !== undefined);

/** The manifest href of the cover in a package document, or null. */
export function coverHref(opf: string): string | null {
  const items = opf.match(/<(?:\w+:)?item\s[^>]*>/gi) ?? [];
  const byProperty = items.find((i) => (attr(i, 'properties') ?? '').split(/\s+/).includes('cover-image'));
  if (byProperty) return attr(byProperty, 'href') ?? null;
  const meta = (opf.match(/<(?:\w+:)?meta\s[^>]*>/gi) ?? []).find((m) => attr(m, 'name') === 'cover');
  const id = meta ? attr(meta, 'content') : undefined;
  const item = id ? items.find((i) => attr(i, 'id') === id) : undefined;
  return item ? (attr(item, 'href') ?? null) : null;
}

/** The cover's bytes and type from an EPUB's bytes, or null when it has none that may be kept. */
export async function epubCover(bytes: Buffer): Promise<{ bytes: Buffer; mime: string; ext: string } | null> {
  const zip = await JSZip.loadAsync(bytes);
  const container = await zip.file('META-INF/container.xml')?.async('string');
  const opfPath = container ? attr(/<rootfile\s[^>]*>/i.exec(container)?.[0] ?? '', 'full-path') : undefined;
  const opf = opfPath ? await zip.file(opfPath)?.async('string') : undefined;
  const href = opf ? coverHref(opf) : null;
  if (!opfPath || !href) return null;
  const entry = zip.file(path.posix.normalize(path.posix.join(path.posix.dirname(opfPath), decodeURIComponent(href))));
  // The size the archive declares is checked before anything is inflated.
  const declared = (entry as unknown as { _data?: { uncompressedSize?: number } } | null)?._data?.uncompressedSize ?? 0;
  if (!entry || declared > COVER_MAX_BYTES) return null;
  const image = await entry.async('nodebuffer');
  if (image.length > COVER_MAX_BYTES) return null;
  const type = IMAGE_TYPES.find(([, test]) => test(image));
  return type ? { bytes: image, mime: type[0], ext: type[0].slice('image/'.length).replace('jpeg', 'jpg') } : null;
}

/**
 * The cover of an uploaded EPUB as a file ready for FileStore.save, written beside the upload's
 * temporary file; `dispose` removes it if it was not saved. Null when the book has no usable cover
 * (a damaged archive too: the book itself is still kept).
 */
export async function coverUpload(book: IncomingFile): Promise<{ file: IncomingFile; dispose: () => Promise<void> } | null> {
  let cover: Awaited<ReturnType<typeof epubCover>>;
  try {
    cover = await epubCover(await fsp.readFile(book.tempPath));
  } catch {
    return null;
  }
  if (!cover) return null;
  const tempPath = path.join(path.dirname(book.tempPath), `${randomBytes(16).toString('hex')}.cover`);
  await fsp.writeFile(tempPath, cover.bytes, { flag: 'wx' });
  const base = book.originalName.replace(/\.[^.]*$/, '');
  return {
    file: {
      field: 'cover',
      originalName: `${base}-cover.${cover.ext}`,
      mime: cover.mime,
      size: cover.bytes.length,
      tempPath,
      sha256: createHash('sha256').update(cover.bytes).digest('hex'),
    },
    dispose: () => fsp.rm(tempPath, { force: true }),
  };
}
