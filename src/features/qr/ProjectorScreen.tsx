/**
 * /lms/qrlesson?shed=<idShed> (teacher): the projector screen of a lesson (docs/product.md#qr). The
 * lesson in large type, the QR code of the current token (it changes every 15 seconds) with the
 * typed code, a countdown to the next code, the live "N of M checked in" with the names, and the
 * review list to decide on. What the room sees (the stage: code, countdown, count) goes full screen
 * without the portal around it; the projector view shows only the stage, so names and review reasons
 * stay on the teacher's own screen. Outside the lesson's time the teacher may hold it now as a
 * make-up lesson.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { QRCodeSVG } from 'qrcode.react';
import { GRACE_MS, scanUrl } from '../../api/qr';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { selectUser } from '../../shared/session/session';
import { ErrorLine } from '../../components/fields';
import { Spinner } from '../../components/Spinner';
import { describeFailure } from '../../shared/request/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { qrActions, selectQr } from './qr.slice';
import { problemText } from './problems';
import { distanceText } from './distance';
import './qr.css';

/** Whole seconds until the current code's window ends (by the server's clock), counted down each second. */
function useSecondsLeft(expiresAt: string | undefined, skewMs: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - GRACE_MS - (now + skewMs)) / 1000));
}

/** Is this element the one shown full screen? Follows the browser's full-screen changes (Esc included). */
function useFullscreenOf(element: RefObject<HTMLElement | null>): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const changed = () => setOn(document.fullscreenElement !== null && document.fullscreenElement === element.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [element]);
  return on;
}

/** The lesson in large type: its discipline (and kind), then its facts in a row, and the make-up badge. */
function LessonHeader({ title, type, facts, makeup }: { title: string; type?: string; facts: string[]; makeup?: string | null }) {
  return (
    <header className="qr-lesson">
      <h1 className="qr-lesson-title">
        {title}
        {type ? (
          <>
            {' '}
            <span className="qr-lesson-type">({type})</span>
          </>
        ) : null}
      </h1>
      <p className="qr-lesson-facts">
        {facts.map((fact, i) => (
          <span key={i}>{fact}</span>
        ))}
        {makeup ? <span className="qr-badge">{makeup}</span> : null}
      </p>
    </header>
  );
}

export default function ProjectorScreen() {
  const { t, i18n } = useTranslation(['qr', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { projector } = useAppSelector(selectQr);
  const [params] = useSearchParams();
  const idShed = Number(params.get('shed'));
  const valid = Number.isInteger(idShed) && idShed > 0;
  usePageTitle(t('projector.title'));
  const stage = useRef<HTMLElement>(null);
  const fullscreen = useFullscreenOf(stage);
  const [projectorView, setProjectorView] = useState(false);
  const secondsLeft = useSecondsLeft(projector.token?.expiresAt, projector.skewMs);
  // What the room sees: only the code and the count, never names or review reasons.
  const projected = fullscreen || projectorView;
  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled;

  useEffect(() => {
    if (!valid) return;
    dispatch(qrActions.projectorOpened({ idShed }));
    return () => {
      dispatch(qrActions.projectorClosed());
    };
  }, [dispatch, idShed, valid]);

  if (!user) return null;
  // Teachers only: the route says so (areas.ts `roles`).
  if (!valid)
    return (
      <div className="qr-screen">
        <h1 className="screen-title">{t('projector.title')}</h1>
        <p>{t('projector.noLesson')}</p>
        <Link to="/schedule" className="btn btn-secondary">
          {t('toSchedule')}
        </Link>
      </div>
    );

  const { session, notNow, lesson, token, tokenError, decide } = projector;
  const s = session.data;
  const accepted = s?.marks.filter((m) => m.status === 'accepted') ?? [];
  const review = s?.marks.filter((m) => m.status === 'review') ?? [];
  // The count the room sees: beside the code, or alone when there is no code to show.
  const count = s ? (
    <p className="qr-count qr-stage-count" aria-live="polite" data-testid="qr-count">
      {t('projector.count', { n: s.count, m: s.total })}
    </p>
  ) : null;

  return (
    <div className="qr-screen qr-projector">
      {s ? (
        <LessonHeader
          title={s.discipline}
          type={s.lessonType}
          facts={[s.group, s.room, `${s.startsAt}–${s.endsAt}`]}
          makeup={s.makeup ? t('projector.makeup') : null}
        />
      ) : lesson ? (
        <LessonHeader
          title={lesson.discipline}
          facts={[lesson.group, lesson.auditoryName, `${t(`cm:days.${lesson.daynum}`)}, ${lesson.startsAt}–${lesson.endsAt}`]}
        />
      ) : (
        <h1 className="screen-title">{t('projector.title')}</h1>
      )}

      {session.fetching ? <Spinner label={t('cm:loading')} /> : null}
      {session.error ? (
        <ErrorLine
          message={t('projector.failed')}
          detail={problemText(t, session.error) || describeFailure(t, session.error) || undefined}
          onClose={() => dispatch(qrActions.openRequested({ idShed, makeup: false }))}
        />
      ) : null}

      {notNow ? (
        <div className="card qr-notnow">
          <p>{t('projector.notNow')}</p>
          <div className="qr-actions">
            <button type="button" className="btn btn-primary" onClick={() => dispatch(qrActions.openRequested({ idShed, makeup: true }))}>
              {t('projector.startMakeup')}
            </button>
            <Link to="/schedule" className="btn btn-secondary">
              {t('toSchedule')}
            </Link>
          </div>
        </div>
      ) : null}

      {s && !s.closed ? (
        <div className="qr-projector-tools">
          {canFullscreen ? (
            <button type="button" className="btn btn-primary" onClick={() => void stage.current?.requestFullscreen().catch(() => undefined)}>
              {t('projector.fullscreen')}
            </button>
          ) : null}
          <label className="qr-toggle">
            <input type="checkbox" checked={projectorView} onChange={(e) => setProjectorView(e.target.checked)} />
            {t('projector.projectorView')}
          </label>
        </div>
      ) : null}

      {s ? (
        <div className={`qr-projector-grid${projected ? ' qr-projector-grid-projected' : ''}`}>
          <section
            ref={stage}
            className={`qr-code-panel qr-stage card${projected ? ' qr-stage-projected' : ''}`}
            aria-labelledby="qr-code-title"
            data-testid="qr-stage"
          >
            <h2 id="qr-code-title" className="sr-only">
              {t('projector.codeTitle')}
            </h2>
            {s.closed ? (
              <>
                <p className="qr-closed">{t('projector.closed')}</p>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={session.fetching}
                  onClick={() =>
                    dispatch(
                      qrActions.openRequested({
                        idShed,
                        makeup: false,
                        reopen: true,
                      }),
                    )
                  }
                >
                  {t('projector.reopen')}
                </button>
              </>
            ) : token ? (
              <>
                <div className="qr-code-box" data-testid="qr-token" data-token={token.token}>
                  <QRCodeSVG
                    value={scanUrl(window.location.origin, token.token)}
                    size={320}
                    level="M"
                    marginSize={2}
                    bgColor="#ffffff"
                    fgColor="#000000"
                    title={t('projector.qrAlt')}
                  />
                </div>
                <div className="qr-stage-side">
                  <p className="qr-typed">
                    {t('projector.typedCode')} <strong data-testid="qr-code">{token.code}</strong>
                  </p>
                  {secondsLeft !== null ? (
                    <p className="qr-countdown" data-testid="qr-countdown">
                      {t('projector.nextCode', { count: secondsLeft })}
                    </p>
                  ) : null}
                  {count}
                  {fullscreen ? (
                    <button type="button" className="btn btn-secondary qr-stage-exit" onClick={() => void document.exitFullscreen()}>
                      {t('projector.exitFullscreen')}
                    </button>
                  ) : null}
                </div>
              </>
            ) : tokenError ? (
              <p role="alert" className="error-message">
                {problemText(t, tokenError) || describeFailure(t, tokenError)}
              </p>
            ) : (
              <Spinner label={t('cm:loading')} />
            )}
            {s.closed || !token ? count : null}
          </section>

          {projected ? null : (
            <section className="qr-count-panel card" aria-labelledby="qr-marks-title">
              <h2 id="qr-marks-title" className="qr-marks-title">
                {t('projector.marks')}
              </h2>
              {review.length > 0 ? (
                <div className="qr-review">
                  <h3>{t('projector.review')}</h3>
                  {decide.error ? (
                    <ErrorLine
                      message={t('projector.decideFailed')}
                      detail={describeFailure(t, decide.error) || undefined}
                      onClose={() => dispatch(qrActions.stateRequested())}
                    />
                  ) : null}
                  <ul className="qr-list">
                    {review.map((m) => (
                      <li key={m.id} className="qr-review-item">
                        <span>
                          {m.fio}
                          <span className="qr-reason"> — {t(`reason.${m.reason ?? 'distance'}`, { distance: distanceText(m.distanceM, i18n.language) })}</span>
                        </span>
                        <span className="qr-review-actions">
                          {[true, false].map((accept) => (
                            <button
                              key={String(accept)}
                              type="button"
                              className={accept ? 'btn btn-primary' : 'btn btn-ghost'}
                              disabled={decide.fetching}
                              onClick={() => dispatch(qrActions.decideRequested({ markId: m.id, accept }))}
                            >
                              {accept ? t('projector.accept') : t('projector.reject')}
                              <span className="sr-only"> {m.fio}</span>
                            </button>
                          ))}
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <h3>{t('projector.present')}</h3>
              {accepted.length === 0 ? <p className="qr-hint">{t('projector.nobody')}</p> : null}
              <ol className="qr-list" data-testid="qr-present">
                {accepted.map((m) => (
                  <li key={m.id}>{m.fio}</li>
                ))}
              </ol>
              {!s.closed ? (
                <button type="button" className="btn btn-secondary" onClick={() => dispatch(qrActions.closeRequested())}>
                  {t('projector.close')}
                </button>
              ) : null}
            </section>
          )}
        </div>
      ) : null}
    </div>
  );
}
