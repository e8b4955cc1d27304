/**
 * A chapter's links as paths inside the book. epub.js resolves a clicked link against the chapter's
 * <base href>, which the reader leaves out (the portal's Content-Security-Policy has base-uri
 * 'none'); without it a relative link would resolve against the portal's page. Made absolute within
 * the book here, the link turns to the right chapter (and anchor) as before.
 */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function bookPathLinks(doc: Document, section: { url: string }): void {
  const chapter = new URL(section.url, 'http://book.invalid/');
  for (const link of doc.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    if (href === '' || SCHEME.test(href) || href.startsWith('//')) continue;
    const target = new URL(href, chapter);
    link.setAttribute('href', target.pathname + target.hash);
  }
}
