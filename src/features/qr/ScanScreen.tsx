/**
 * /lms/qrscan (student): mark attendance (docs/product.md#qr). Scan the projector's QR code with the
 * camera (or open its link: /lms/qrscan?t=<token>), or type its code for a lesson in progress; the
 * mark goes with a fresh GPS reading.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CODE_LENGTH, tokenFromScan } from '../../api/qr';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { selectUser } from '../../shared/session/session';
import { Spinner } from '../../components/Spinner';
import { describeFailure } from '../../shared/request/errors';
import { LoadFailed } from '../../shared/request/LoadFailed';
import { usePageTitle } from '../../lib/usePageTitle';
import { CameraScanner } from './components/CameraScanner';
import { problemText } from './problems';
import { qrActions, selectQr } from './qr.slice';
import './qr.css';

export default function ScanScreen() {
  const { t, i18n } = useTranslation(['qr', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { scan } = useAppSelector(selectQr);
  const [params] = useSearchParams();
  const linked = params.get('t');
  const [camera, setCamera] = useState(false);
  const [code, setCode] = useState('');
  const [lessonId, setLessonId] = useState('');
  usePageTitle(t('scan.title'));

  useEffect(() => {
    dispatch(qrActions.scanOpened({ token: linked ? tokenFromScan(linked) : null }));
  }, [dispatch, linked]);

  // Students only: the route says so (areas.ts `roles`).
  if (!user) return null;

  const busy = scan.locating || scan.visit.fetching;
  // A typed code is offered only for the lessons not marked yet; the marked ones are named.
  const lessonsNow = scan.lessonsNow.data.filter((l) => !l.marked);
  const markedLessons = scan.lessonsNow.data.filter((l) => l.marked);
  // A scanned lesson whose mark was refused for good (another lesson's or an expired code, not
  // the student's lesson, marked already) loses its button: sending it again cannot succeed.
  const scanRefused =
    scan.sent !== null && !scan.sent.typed && scan.visit.error !== null && (scan.visit.error.status === 403 || scan.visit.error.status === 409);
  const ownMarks = scan.ownMarks.data;
  const chosen = lessonsNow.find((l) => String(l.idShed) === lessonId) ?? (lessonsNow.length === 1 ? lessonsNow[0] : undefined);
  // The chosen lesson's mark was just taken (accepted or waiting for the teacher): nothing more to send.
  const markedNow = scan.visit.data !== null && chosen !== undefined && scan.sent?.idShed === chosen.idShed;
  const sendCode = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen || markedNow || !new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)) return;
    dispatch(qrActions.submitRequested({ idShed: chosen.idShed, idAud: chosen.idAud, code }));
  };

  return (
    <div className="qr-screen qr-scan">
      <h1 className="screen-title">{t('scan.title')}</h1>

      {scan.token ? (
        <section className="card qr-scan-lesson" aria-labelledby="qr-scanned">
          <h2 id="qr-scanned">{t('scan.scanned')}</h2>
          {scan.lesson.fetching ? <Spinner label={t('cm:loading')} /> : null}
          {scan.lesson.error ? (
            <p role="alert" className="qr-problem error-message">
              {problemText(t, scan.lesson.error) || describeFailure(t, scan.lesson.error)}
            </p>
          ) : null}
          {scan.lesson.data ? (
            <>
              <p className="qr-scan-what" data-testid="scan-lesson">
                <strong>{scan.lesson.data.discipline}</strong> · {scan.lesson.data.room}
              </p>
              {scanRefused ? null : (
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={busy || scan.visit.data !== null}
                  onClick={() => dispatch(qrActions.submitRequested({ idShed: scan.lesson.data!.idShed, idAud: scan.lesson.data!.idAud, token: scan.token! }))}
                >
                  {t('scan.send')}
                </button>
              )}
            </>
          ) : null}
        </section>
      ) : null}

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

      <section className="card" aria-labelledby="qr-camera-title">
        <h2 id="qr-camera-title">{t('scan.cameraTitle')}</h2>
        {camera ? (
          <CameraScanner
            onText={(text) => {
              setCamera(false);
              dispatch(qrActions.scanned({ token: tokenFromScan(text) }));
            }}
          />
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={() => setCamera((on) => !on)}>
          {camera ? t('scan.stopCamera') : t('scan.startCamera')}
        </button>
      </section>

      <section className="card" aria-labelledby="qr-code-form">
        <h2 id="qr-code-form">{t('scan.codeTitle')}</h2>
        {scan.lessonsNow.fetching ? <Spinner label={t('cm:loading')} /> : null}
        {scan.lessonsNow.error ? (
          <LoadFailed what={t('scan.lessonsFailed')} failure={scan.lessonsNow.error} onRetry={() => dispatch(qrActions.lessonsNowRequested())} />
        ) : null}
        {markedLessons.length > 0 ? (
          <p className="qr-hint" data-testid="scan-marked">
            {t('scan.markedAlready', { lessons: markedLessons.map((l) => `${l.startsAt} ${l.discipline}`).join(', ') })}
          </p>
        ) : null}
        {/* "No lesson open" only once the server said so: a failed load is not an empty list. */}
        {!scan.lessonsNow.fetching && !scan.lessonsNow.error && lessonsNow.length === 0 && markedLessons.length === 0 ? (
          <>
            <p className="qr-hint">{t('scan.noLessonNow')}</p>
            {/* Attendance may open after this page did (the teacher starts it once the class is in). */}
            <div className="qr-actions">
              <button type="button" className="btn btn-secondary" onClick={() => dispatch(qrActions.lessonsNowRequested())}>
                {t('cm:actions.reload')}
              </button>
            </div>
          </>
        ) : null}
        {lessonsNow.length > 0 ? (
          <form className="qr-code-form" onSubmit={sendCode}>
            {lessonsNow.length > 1 ? (
              <label className="field">
                <span>{t('scan.lesson')}</span>
                <select className="input" value={lessonId} onChange={(e) => setLessonId(e.target.value)} required>
                  <option value="">{' --- '}</option>
                  {lessonsNow.map((l) => (
                    <option key={l.idShed} value={l.idShed}>
                      {l.startsAt} {l.discipline} ({l.room})
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <p>
                <strong>{lessonsNow[0].discipline}</strong> · {lessonsNow[0].room}
              </p>
            )}
            <label className="field">
              <span>{t('scan.code')}</span>
              <input
                className="input qr-code-input"
                inputMode="numeric"
                autoComplete="off"
                pattern={`\\d{${CODE_LENGTH}}`}
                maxLength={CODE_LENGTH}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                required
              />
            </label>
            <button type="submit" className="btn btn-primary" disabled={busy || !chosen || markedNow || code.length !== CODE_LENGTH}>
              {t('scan.sendCode')}
            </button>
          </form>
        ) : null}
      </section>

      {ownMarks.length > 0 ? (
        <section className="card" aria-labelledby="qr-mine-title">
          <h2 id="qr-mine-title">{t('scan.mineTitle')}</h2>
          <ul className="qr-list" data-testid="scan-own-marks">
            {ownMarks.map((m) => (
              <li key={m.id}>
                {new Date(`${m.date}T12:00:00`).toLocaleDateString(i18n.language === 'kg' ? 'ky' : i18n.language)} · {m.discipline} —{' '}
                {t(`scan.mine.${m.status === 'accepted' ? 'review' : m.status}`)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
