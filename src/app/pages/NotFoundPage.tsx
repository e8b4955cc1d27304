import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HomeIcon } from '../../components/shellIcons';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';
import { useAppSelector } from '../../shared/hooks';
import { selectSessionStatus } from '../../shared/session/session';
import Layout from '../Layout';

export function NotFoundScreen() {
  const { t } = useTranslation('cm');
  usePageTitle(t('notFound.title'));
  return (
    <div className="fullpage-message not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="btn btn-primary">
        <HomeIcon size={18} />
        {t('notFound.home')}
      </Link>
    </div>
  );
}

/** Unknown /lms/* paths: inside the shell for a signed-in user, on its own otherwise. */
export default function NotFoundPage() {
  const status = useAppSelector(selectSessionStatus);
  if (status === 'idle' || status === 'checking') return <PageSpinner />;
  if (status === 'authenticated')
    return (
      <Layout>
        <NotFoundScreen />
      </Layout>
    );
  return (
    <main>
      <NotFoundScreen />
    </main>
  );
}
