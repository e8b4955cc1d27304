import { describe, expect, it } from 'vitest';
import { bookPathLinks } from './chapterLinks';

const chapter = (body: string) =>
  new DOMParser().parseFromString(
    `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c</title></head><body>${body}</body></html>`,
    'application/xhtml+xml',
  );

describe('chapter links without a <base>', () => {
  it('become paths inside the book: another chapter, an anchor of it, an anchor of this chapter, a folder up', () => {
    const doc = chapter('<a href="c1.xhtml">1</a><a href="c1.xhtml#n2">2</a><a href="#n3">3</a><a href="../Text/c4.xhtml">4</a>');
    bookPathLinks(doc, { url: '/OEBPS/c0.xhtml' });
    expect([...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/OEBPS/c1.xhtml',
      '/OEBPS/c1.xhtml#n2',
      '/OEBPS/c0.xhtml#n3',
      '/Text/c4.xhtml',
    ]);
  });

  it('leave addresses elsewhere and mail links alone', () => {
    const doc = chapter('<a href="https://example.org/a">a</a><a href="mailto:x@example.org">m</a>');
    bookPathLinks(doc, { url: '/OEBPS/c0.xhtml' });
    expect([...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://example.org/a', 'mailto:x@example.org']);
  });
});
