/** The content check of uploads for the library's book formats (sniff.ts, docs/security.md#files). */
import { describe, expect, it } from 'vitest';
import { EPUB_TYPE, FB2_TYPE, sniffType } from './sniff';

/** The head of a zip whose first stored entry is `name` with `content`. */
function zipHead(name: string, content: string): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, Buffer.from(name, 'latin1'), Buffer.from(content, 'latin1')]);
}

const epub = zipHead('mimetype', 'application/epub+zip');
const djvu = Buffer.concat([Buffer.from('AT&TFORM'), Buffer.from([0, 0, 1, 0]), Buffer.from('DJVMDIRM')]);
const mobi = Buffer.concat([Buffer.alloc(60), Buffer.from('BOOKMOBI'), Buffer.alloc(16)]);
const fb2 = Buffer.from(
  '\uFEFF<?xml version="1.0" encoding="utf-8"?>\n<!-- made by hand -->\n<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0"><body/></FictionBook>',
);

describe('book formats are recognised by their content', () => {
  it('accepts EPUB, DjVu, MOBI and FB2 under their own extensions', () => {
    expect(sniffType('Knuth.epub', epub, false)).toBe(EPUB_TYPE);
    expect(sniffType('scan.djvu', djvu, false)).toBe('image/vnd.djvu');
    expect(sniffType('book.mobi', mobi, false)).toBe('application/x-mobipocket-ebook');
    expect(sniffType('book.fb2', fb2, true)).toBe(FB2_TYPE);
  });

  it('refuses an ordinary zip, an office file or HTML renamed to a book format', () => {
    expect(sniffType('fake.epub', zipHead('word/document.xml', '<w:document/>'), false)).toBeNull();
    expect(sniffType('fake.epub', zipHead('mimetype', 'application/zip'), false)).toBeNull();
    expect(sniffType('fake.djvu', Buffer.from('%PDF-1.4\n'), false)).toBeNull();
    expect(sniffType('fake.mobi', Buffer.from('<html><body>hi</body></html>'), true)).toBeNull();
    expect(sniffType('fake.fb2', Buffer.from('<?xml version="1.0"?><svg onload="alert(1)"/>'), true)).toBeNull();
    expect(sniffType('fake.fb2', Buffer.from('<html><FictionBook/></html>'), true)).toBeNull();
  });

  it('does not let a book format pass under another extension', () => {
    expect(sniffType('book.pdf', epub, false)).toBeNull();
    expect(sniffType('book.txt', fb2, true)).toBeNull();
    expect(sniffType('book.zip', epub, false)).toBeNull();
  });
});
