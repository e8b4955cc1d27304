/**
 * /lms/studentqr?data=<token> (public, no session): the student card a QR code opens — photo, full
 * name, group, code, year and semester of study, speciality and the orders. A missing or invalid
 * token shows 'Некорректные данные' with a button to the main page (docs/product.md#qr).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { QrCard } from '../../../contract/qr';
import { qrApi } from '../../api/qr';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';
import './qr.css';

type View = { state: 'loading' } | { state: 'invalid' } | { state: 'failed' } | { state: 'card'; card: QrCard };

export default function StudentCardScreen() {
  const { t } = useTranslation(['qr', 'cm']);
  const [params] = useSearchParams();
  const data = params.get('data') ?? '';
  const [view, setView] = useState<View>({ state: 'loading' });
  usePageTitle(t('card.title'));

  useEffect(() => {
    let live = true;
    if (!/^[A-Za-z0-9_-]{32}$/.test(data)) {
      setView({ state: 'invalid' });
      return;
    }
    setView({ state: 'loading' });
    void qrApi.publicCard(data).then((result) => {
      if (!live) return;
      if (result.ok) setView({ state: 'card', card: result.data });
      else setView(result.status === 404 || result.status === 400 ? { state: 'invalid' } : { state: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [data]);

  return (
    <main className="qr-public" id="main">
      {view.state === 'loading' ? <Spinner label={t('cm:loading')} /> : null}
      {view.state === 'invalid' || view.state === 'failed' ? (
        <div className="card qr-public-card">
          <h1>{t('card.title')}</h1>
          <p role="alert" data-testid="card-invalid">
            {view.state === 'invalid' ? t('card.invalid') : t('card.failed')}
          </p>
          <Link to="/" className="btn btn-primary">
            {t('card.toMain')}
          </Link>
        </div>
      ) : null}
      {view.state === 'card' ? (
        <article className="card qr-public-card" aria-labelledby="card-name">
          <p className="qr-public-kicker">{t('card.title')}</p>
          <div className="qr-public-head">
            {view.card.photo ? <img src={view.card.photo} alt={t('card.photo', { name: view.card.fio })} className="qr-public-photo" width={120} height={150} /> : null}
            <h1 id="card-name" data-testid="card-name">
              {view.card.fio}
            </h1>
          </div>
          <dl className="qr-public-facts">
            <dt>{t('card.group')}</dt>
            <dd>{view.card.group}</dd>
            <dt>{t('card.code')}</dt>
            <dd>{view.card.code}</dd>
            <dt>{t('card.study')}</dt>
            <dd>{t('card.studyValue', { course: t('card.courseN', { count: view.card.course, ordinal: true }), semester: t('card.semesterN', { count: view.card.semester, ordinal: true }) })}</dd>
            <dt>{t('card.speciality')}</dt>
            <dd>{view.card.speciality}</dd>
          </dl>
          <h2>{t('card.orders')}</h2>
          <ul className="qr-public-orders">
            {view.card.orders.map((o) => (
              <li key={`${o.date}-${o.text}`}>
                <span className="qr-order-date">{o.date.split('-').reverse().join('.')}</span> {o.text}
              </li>
            ))}
          </ul>
        </article>
      ) : null}
    </main>
  );
}
