import { useTranslation } from 'react-i18next';
import { describeFailure } from '@shared/request/errors';
import { problemText } from '../problems';
import type { QrState } from '../qr.slice';

/** Where the mark is: locating, sending, its answer or why it failed (the scan page, ScanScreen.tsx). */
export function ScanStatus({ scan }: { scan: QrState['scan'] }) {
  const { t } = useTranslation(['qr', 'cm']);
  return (
    <div aria-live="polite" className="qr-scan-status">
      {scan.locating ? <p>{t('scan.locating')}</p> : null}
      {scan.locateProblem ? (
        <p role="alert" className="qr-problem error-message">
          {t(`locate.${scan.locateProblem}`)}
        </p>
      ) : null}
      {scan.visit.fetching ? <p>{t('scan.sending')}</p> : null}
      {scan.visit.data ? (
        <p className={`qr-result${scan.visit.data.status === 'accepted' ? ' is-ok' : ''}`} data-testid="scan-result">
          {scan.visit.data.status === 'accepted' ? t('scan.accepted', { discipline: scan.visit.data.discipline }) : t('scan.review')}
        </p>
      ) : null}
      {scan.visit.error ? (
        <p role="alert" className="qr-problem error-message" data-testid="scan-error">
          {problemText(t, scan.visit.error, scan.sent?.typed) || describeFailure(t, scan.visit.error)}
        </p>
      ) : null}
    </div>
  );
}
