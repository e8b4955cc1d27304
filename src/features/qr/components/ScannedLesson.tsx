import { useTranslation } from 'react-i18next';
import { Spinner } from '@components/Spinner';
import { useAppDispatch } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { problemText } from '../problems';
import { qrActions, type QrState } from '../qr.slice';

/** The scanned code's lesson and its send button (the scan page, ScanScreen.tsx). */
export function ScannedLesson({ scan, token }: { scan: QrState['scan']; token: string }) {
  const { t } = useTranslation(['qr', 'cm']);
  const dispatch = useAppDispatch();
  const busy = scan.locating || scan.visit.fetching;
  const lesson = scan.lesson.data;
  // A scanned lesson whose mark was refused for good (another lesson's or an expired code, not
  // the student's lesson, marked already) loses its button: sending it again cannot succeed.
  const scanRefused =
    scan.sent !== null && !scan.sent.typed && scan.visit.error !== null && (scan.visit.error.status === 403 || scan.visit.error.status === 409);
  return (
    <section className="card qr-scan-lesson" aria-labelledby="qr-scanned">
      <h2 id="qr-scanned">{t('scan.scanned')}</h2>
      {scan.lesson.fetching ? <Spinner label={t('cm:loading')} /> : null}
      {scan.lesson.error ? (
        <p role="alert" className="qr-problem error-message">
          {problemText(t, scan.lesson.error) || describeFailure(t, scan.lesson.error)}
        </p>
      ) : null}
      {lesson ? (
        <>
          <p className="qr-scan-what" data-testid="scan-lesson">
            <strong>{lesson.discipline}</strong> · {lesson.room}
          </p>
          {scanRefused ? null : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy || scan.visit.data !== null}
              onClick={() => dispatch(qrActions.submitRequested({ idShed: lesson.idShed, idAud: lesson.idAud, token }))}
            >
              {t('scan.send')}
            </button>
          )}
        </>
      ) : null}
    </section>
  );
}
