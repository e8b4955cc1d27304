/**
 * /lms/studentqr?data=<token> (public, no session): the student card a QR code opens — photo, full
 * name, group, code, year and semester of study, speciality and the orders. A missing or invalid
 * token shows 'Некорректные данные' with a button to the main page (docs/areas/qr.md#for-users).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { Spinner } from '@components/Spinner';
import { qrActions, selectQr } from './qr.slice';
import './qr.css';
import './qr.card.css';

export default function StudentCardScreen() {
  const { t } = useTranslation(['qr', 'cm']);
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const data = params.get('data') ?? '';
  const { view, card } = useAppSelector(selectQr).publicCard;

  useEffect(() => {
    dispatch(qrActions.publicCardOpened({ data }));
  }, [dispatch, data]);

  return (
    <main className="qr-public" id="main">
      {view === 'loading' ? <Spinner label={t('cm:loading')} /> : null}
      {view === 'invalid' || view === 'failed' ? (
        <div className="card qr-public-card">
          <h1>{t('card.title')}</h1>
          <p role="alert" data-testid="card-invalid">
            {view === 'invalid' ? t('card.invalid') : t('card.failed')}
          </p>
          <Link to="/" className="btn btn-primary">
            {t('card.toMain')}
          </Link>
        </div>
      ) : null}
      {view === 'card' && card ? (
        <article className="card qr-public-card" aria-labelledby="card-name">
          <p className="qr-public-kicker">{t('card.title')}</p>
          <div className="qr-public-head">
            {card.photo ? <img src={card.photo} alt={t('card.photo', { name: card.fio })} className="qr-public-photo" width={120} height={150} /> : null}
            <h1 id="card-name" data-testid="card-name">
              {card.fio}
            </h1>
          </div>
          <dl className="qr-public-facts">
            <dt>{t('card.group')}</dt>
            <dd>{card.group}</dd>
            <dt>{t('card.code')}</dt>
            <dd>{card.code}</dd>
            <dt>{t('card.study')}</dt>
            <dd>
              {t('card.studyValue', {
                course: t('card.courseN', { count: card.course, ordinal: true }),
                semester: t('card.semesterN', { count: card.semester, ordinal: true }),
              })}
            </dd>
            <dt>{t('card.speciality')}</dt>
            <dd>{card.speciality}</dd>
          </dl>
          <h2>{t('card.orders')}</h2>
          <ul className="qr-public-orders">
            {card.orders.map((o) => (
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
