/**
 * An EPUB book rendered by epub.js into `host`: its bytes are read from the portal (the book's own
 * file, no CDN), its chapters are shown one page at a time in a sandboxed frame without scripts
 * (epub.js's default: same origin only, no `allow-scripts`), in the page's own text colour so dark
 * mode reads as well as light; when the portal's theme changes while the book is open, its pages
 * follow.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Book, NavItem, Rendition } from 'epubjs';
import { replaceBase } from 'epubjs/src/utils/replacements';
import { bookPathLinks } from './chapterLinks';

/**
 * `missing`: no such book (or not the caller's to read); `pdf`: the book is a PDF, which the
 * browser's own viewer shows; `failed`: the file could not be fetched or is not a readable EPUB.
 */
export type EpubStatus = 'loading' | 'ready' | 'failed' | 'missing' | 'pdf';

const PDF_MIME = 'application/pdf';

/** A fetch answered by the status or type that ends reading before epub.js is asked. */
class NotReadable extends Error {
  constructor(readonly status: 'missing' | 'pdf') {
    super(status);
  }
}

export interface Chapter {
  href: string;
  label: string;
  depth: number;
}

function flatten(items: NavItem[], depth = 0): Chapter[] {
  return items.flatMap((i) => [{ href: i.href, label: i.label.trim(), depth }, ...flatten(i.subitems ?? [], depth + 1)]);
}

/** The host's resolved text and link colours, for the book's pages. */
function themeOf(host: HTMLElement) {
  const style = getComputedStyle(host);
  // The frame's page is painted with the card's own colour: a transparent one shows the browser's
  // white canvas under a dark scheme.
  const background = getComputedStyle(host.closest('.card') ?? host).backgroundColor;
  return {
    body: { color: `${style.color} !important`, background: `${background} !important` },
    a: { color: `${style.getPropertyValue('--primary').trim() || style.color} !important` },
  };
}

/**
 * Calls `apply` when the portal's theme changes (the body's dark or light class, switched by the
 * shell or by the system's colour scheme) and again when the card's colour transition has ended, so
 * the book's pages take the colours the page settles on. Returns the stop.
 */
function followTheme(host: HTMLElement, apply: () => void): () => void {
  const observer = new MutationObserver(apply);
  observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  const card = host.closest('.card') ?? host;
  const settled = (e: Event) => {
    if (e.target === card) apply();
  };
  card.addEventListener('transitionend', settled);
  return () => {
    observer.disconnect();
    card.removeEventListener('transitionend', settled);
  };
}

export function useEpub(url: string, host: RefObject<HTMLDivElement | null>, frameTitle: string) {
  const [status, setStatus] = useState<EpubStatus>('loading');
  const [title, setTitle] = useState('');
  const [toc, setToc] = useState<Chapter[]>([]);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);
  const rendition = useRef<Rendition | null>(null);

  useEffect(() => {
    let book: Book | null = null;
    let gone = false;
    let stopFollowing = () => {};
    setStatus('loading');
    (async () => {
      const response = await fetch(url, { credentials: 'same-origin' });
      // 400: an id the server refuses (not a number of a book), 404: no such book.
      if (response.status === 404 || response.status === 400) throw new NotReadable('missing');
      if (!response.ok) throw new Error(String(response.status));
      // A PDF is not for epub.js (which would never settle on it): the browser's viewer shows it.
      if ((response.headers.get('content-type') ?? '').split(';')[0].trim() === PDF_MIME) {
        void response.body?.cancel();
        throw new NotReadable('pdf');
      }
      const bytes = await response.arrayBuffer();
      const { default: ePub } = await import('epubjs');
      if (gone || !host.current) return;
      book = ePub(bytes);
      // A file epub.js cannot unpack only raises this event: its other promises never settle.
      const openFailed = new Promise<never>((_, reject) => book?.on('openFailed', reject));
      // epub.js puts a <base href> to the chapter's address into each chapter, which the portal's
      // Content-Security-Policy (base-uri 'none', inherited by the chapter's srcdoc frame) refuses;
      // the chapters' resources are rewritten to blob: addresses anyway, and their links are made
      // paths inside the book instead (chapterLinks.ts).
      book.spine.hooks.content.deregister(replaceBase);
      book.spine.hooks.content.register(bookPathLinks);
      const view = book.renderTo(host.current, { width: '100%', height: '100%', spread: 'none', allowScriptedContent: false });
      rendition.current = view;
      view.themes.default(themeOf(host.current));
      stopFollowing = followTheme(host.current, () => {
        if (!gone && host.current) view.themes.default(themeOf(host.current));
      });
      // The frame of each rendered chapter is named for assistive technology.
      view.on('rendered', () => host.current?.querySelectorAll('iframe').forEach((f) => (f.title = frameTitle)));
      view.on('relocated', (location: { atStart?: boolean; atEnd?: boolean }) => {
        setAtStart(Boolean(location.atStart));
        setAtEnd(Boolean(location.atEnd));
      });
      const [navigation, metadata] = await Promise.race([Promise.all([book.loaded.navigation, book.loaded.metadata]), openFailed]);
      if (gone) return;
      setToc(flatten(navigation.toc));
      setTitle(metadata.title ?? '');
      await view.display();
      if (!gone) setStatus('ready');
    })().catch((error: unknown) => {
      if (!gone) setStatus(error instanceof NotReadable ? error.status : 'failed');
    });
    return () => {
      gone = true;
      stopFollowing();
      rendition.current = null;
      book?.destroy();
    };
  }, [url, host, frameTitle]);

  const next = useCallback(() => void rendition.current?.next(), []);
  const prev = useCallback(() => void rendition.current?.prev(), []);
  const go = useCallback((href: string) => void rendition.current?.display(href), []);
  /** Arrow keys turn pages, on the page and inside the book's frame. */
  const onKey = useCallback((e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') void rendition.current?.next();
    if (e.key === 'ArrowLeft') void rendition.current?.prev();
  }, []);
  useEffect(() => {
    const view = rendition.current;
    view?.on('keyup', onKey);
    return () => view?.off('keyup', onKey);
  }, [onKey, status]);

  return { status, title, toc, atStart, atEnd, next, prev, go, onKey };
}
