/** The public check of a certificate (/lms/verify?token=…, opened from its QR code): no session needed. */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Verified } from '@contract/singlewindow';
import { singlewindowApi } from './singlewindow.api';
import { PageSpinner } from '@components/Spinner';
import { formatDate } from '@lib/dates';
import './singlewindow.css';

export default function VerifyScreen() {
  const { t, i18n } = useTranslation(['singlewindow', 'cm']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<Verified | null | 'failed'>(null);
  useEffect(() => {
    if (token.length < 10) return setResult('failed');
    void singlewindowApi.verify(token).then((r) => setResult(r.ok ? r.data : 'failed'));
  }, [token]);
  return (
    <main id="main" className="sw-verify">
      <section className="card">
        <h1>{t('verify.title')}</h1>
        {result === null ? (
          <PageSpinner />
        ) : result !== 'failed' && (result.valid || result.problem === 'expired') ? (
          <div data-testid={result.valid ? 'verify-valid' : 'verify-expired'}>
            <p className={result.valid ? 'sw-status sw-status-3' : 'sw-status sw-status-4'}>{result.valid ? t('verify.valid') : t('verify.expired')}</p>
            <dl className="sw-verify-facts">
              <dt>{t('verify.number')}</dt>
              <dd>{result.number}</dd>
              <dt>{t('queue.student')}</dt>
              <dd>{result.student}</dd>
              <dt>{t('verify.group')}</dt>
              <dd>{result.group}</dd>
              <dt>{t('list.type')}</dt>
              <dd>{result.type}</dd>
              <dt>{t('verify.issued')}</dt>
              <dd>{result.issued ? formatDate(result.issued, i18n.resolvedLanguage) : ''}</dd>
            </dl>
          </div>
        ) : (
          <p className="sw-status sw-status-4" data-testid="verify-invalid">
            {result !== 'failed' && result.problem === 'revoked' ? t('verify.revoked') : t('verify.invalid')}
          </p>
        )}
        <Link to="/" className="btn btn-secondary">
          {t('cm:notFound.home')}
        </Link>
      </section>
    </main>
  );
}
