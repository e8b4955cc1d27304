/**
 * /lms/qrstud (student): the student's own QR code, linking to their public card
 * (/lms/studentqr?data=<token>); a new link revokes the old one (docs/areas/qr.md#for-users).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QRCodeSVG } from 'qrcode.react';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { selectUser } from '@shared/session/session';
import { LoadFailed } from '@shared/request/LoadFailed';
import { Spinner } from '@components/Spinner';
import { qrActions, selectQr } from './qr.slice';
import './qr.css';
import './qr.mine.css';

export default function StudentQrScreen() {
  const { t } = useTranslation(['qr', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { card } = useAppSelector(selectQr);

  useEffect(() => {
    dispatch(qrActions.mineOpened());
  }, [dispatch]);

  // Students only: the route says so (areas.ts `roles`).
  if (!user) return null;
  const url = card.data ? `${window.location.origin}${card.data.path}` : null;
  return (
    <div className="qr-screen qr-mine">
      <h1 className="screen-title">{t('mine.title')}</h1>
      <p>{t('mine.about')}</p>
      {card.fetching ? <Spinner label={t('cm:loading')} /> : null}
      {card.error ? <LoadFailed what={t('mine.failed')} failure={card.error} onRetry={() => dispatch(qrActions.cardRequested({ renew: false }))} /> : null}
      {url && card.data ? (
        <div className="card qr-mine-card">
          <div className="qr-code-box">
            <QRCodeSVG value={url} size={260} level="M" marginSize={2} bgColor="#ffffff" fgColor="#000000" title={t('mine.qrAlt')} />
          </div>
          <Link to={`/studentqr?data=${card.data.data}`} className="btn btn-secondary" data-testid="card-link">
            {t('mine.open')}
          </Link>
          <button type="button" className="btn btn-ghost" onClick={() => dispatch(qrActions.cardRequested({ renew: true }))}>
            {t('mine.renew')}
          </button>
          <p className="qr-hint">{t('mine.renewHint')}</p>
        </div>
      ) : null}
    </div>
  );
}
