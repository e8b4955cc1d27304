/**
 * /lms/library/read/:id (docs/areas/library.md#for-users): an EPUB book read in the browser, as a PDF is
 * read by the browser's own viewer. Previous and next page by the buttons or the arrow keys, the
 * table of contents, and the book's file to download. An address of no book says so (no download,
 * no pages); a PDF's address offers the browser's viewer.
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { bookDownloadUrl, bookReadUrl } from '../library.api';
import { Spinner } from '@components/Spinner';
import { useShownTitle } from '@shared/shell/pageTitle';
import { useEpub } from './useEpub';
import './reader.css';

export default function ReaderScreen() {
  const { t } = useTranslation(['library', 'cm']);
  const id = Number(useParams().id);
  const host = useRef<HTMLDivElement>(null);
  const tocId = useId();
  const url = bookDownloadUrl(id);
  const { status, title, toc, atStart, atEnd, next, prev, go, onKey } = useEpub(url, host, t('reader.frame'));
  const missing = status === 'missing';
  /** The book's frame and page buttons: while it opens and once open. */
  const reading = status === 'loading' || status === 'ready';
  const heading = missing ? t('reader.missingTitle') : title || t('reader.title');
  // The page is named after the book.
  useShownTitle(heading);

  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      // Arrows keep their meaning in fields and lists.
      if (target?.closest('input, select, textarea, [role="listbox"]')) return;
      onKey(e);
    };
    document.addEventListener('keyup', listener);
    return () => document.removeEventListener('keyup', listener);
  }, [onKey]);

  return (
    <div className="reader-screen">
      <div className="reader-head">
        <Link className="btn btn-ghost" to="/library">
          {t('reader.back')}
        </Link>
        <h1 className="reader-title" data-testid="reader-title">
          {heading}
        </h1>
        {missing ? null : (
          <a className="btn btn-secondary" href={url}>
            {t('reader.download')}
          </a>
        )}
      </div>
      <div className="reader-layout">
        {toc.length > 0 ? (
          <nav className="card reader-toc" aria-labelledby={tocId}>
            <h2 id={tocId}>{t('reader.contents')}</h2>
            <ol>
              {toc.map((c) => (
                <li key={c.href} style={{ paddingInlineStart: `${c.depth}em` }}>
                  <button type="button" className="reader-toc-link" onClick={() => go(c.href)}>
                    {c.label}
                  </button>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <section className="card reader-page" aria-label={t('reader.page')} aria-busy={status === 'loading'}>
          {status === 'loading' ? <Spinner label={t('cm:loading')} /> : null}
          {status === 'failed' ? (
            <p className="field-error" role="alert">
              {t('reader.failed')}
            </p>
          ) : null}
          {missing ? (
            <p role="alert" data-testid="reader-missing">
              {t('reader.missing')}
            </p>
          ) : null}
          {status === 'pdf' ? (
            <p data-testid="reader-pdf">
              {t('reader.pdf')}{' '}
              <a className="btn btn-primary" href={bookReadUrl(id)}>
                {t('reader.openPdf')}
              </a>
            </p>
          ) : null}
          <div ref={host} className="reader-book" data-testid="reader-book" hidden={!reading} />
          {reading ? (
            <div className="reader-turns">
              <button type="button" className="btn btn-secondary" onClick={prev} disabled={status !== 'ready' || atStart}>
                <span aria-hidden="true">←</span> {t('reader.prev')}
              </button>
              <p className="muted small reader-hint">{t('reader.keys')}</p>
              <button type="button" className="btn btn-secondary" onClick={next} disabled={status !== 'ready' || atEnd}>
                {t('reader.next')} <span aria-hidden="true">→</span>
              </button>
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
