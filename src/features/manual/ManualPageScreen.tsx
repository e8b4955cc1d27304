/**
 * /lms/manual/<page> (docs/areas/manual.md#for-users): one task of the manual: its purpose, its
 * numbered steps, a link to the screen it is about with that screen's picture, and the manual's
 * other pages about the same screen.
 */
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MANUAL_PAGES, MANUAL_PATH, manualPage, manualPagePath } from './manual.pages';
import { useManualTexts } from './useManualTexts';
import { ScreenPicture } from './components/ScreenPicture';
import './manual.css';

export default function ManualPageScreen() {
  const { t } = useTranslation('manual');
  const texts = useManualTexts();
  const page = manualPage(useParams().page);
  const back = (
    <Link to={MANUAL_PATH} className="man-back" data-testid="manual-home">
      {t('page.back')}
    </Link>
  );
  if (!page)
    return (
      <div className="man-screen">
        {back}
        <h1 className="man-title">{t('page.missingTitle')}</h1>
        <p>{t('page.missing')}</p>
      </div>
    );
  const { title, purpose, steps, alt } = texts(page);
  const related = MANUAL_PAGES.filter((other) => other.route === page.route && other.id !== page.id);
  return (
    <article className="man-screen man-page" data-testid={`manual-page-${page.id}`}>
      {back}
      <h1 className="man-title">{title}</h1>
      <p className="man-purpose">{purpose}</p>
      <p className="man-screen-link">
        {t('page.screen')}{' '}
        <Link to={page.route} data-testid="manual-screen-link">
          {t(`cm:${page.screen}`)}
        </Link>
      </p>
      <h2 className="man-h2">{t('page.steps')}</h2>
      <ol className="man-steps" data-testid="manual-steps">
        {steps.map((step, i) => (
          <li key={i}>{step}</li>
        ))}
      </ol>
      {page.picture ? <ScreenPicture stem={page.picture} alt={alt} /> : null}
      {related.length > 0 ? (
        <section className="man-related">
          <h2 className="man-h2">{t('page.related')}</h2>
          <ul>
            {related.map((other) => (
              <li key={other.id}>
                <Link to={manualPagePath(other.id)}>{texts(other).title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
