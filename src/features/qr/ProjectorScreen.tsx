/**
 * /lms/qrlesson?shed=<idShed> (teacher): the projector screen of a lesson (docs/areas/qr.md#for-users). The
 * lesson in large type, the QR code of the current token (it changes every 15 seconds) with the
 * typed code, a countdown to the next code, the live "N of M checked in" with the names, and the
 * review list to decide on. What the room sees (the stage: code, countdown, count) goes full screen
 * without the portal around it; the projector view shows only the stage, so names and review reasons
 * stay on the teacher's own screen. Outside the lesson's time the teacher may hold it now as a
 * make-up lesson.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { selectUser } from '@shared/session/session';
import { ErrorLine } from '@components/fields';
import { Spinner } from '@components/Spinner';
import { describeFailure } from '@shared/request/errors';
import { LessonHeader } from './components/LessonHeader';
import { ProjectorMarks } from './components/ProjectorMarks';
import { ProjectorStage } from './components/ProjectorStage';
import { useFullscreenOf, useSecondsLeft } from './projector.hooks';
import { qrActions, selectQr } from './qr.slice';
import { problemText } from './problems';
import './qr.css';
import './qr.projector.css';
import './qr.review.css';

export default function ProjectorScreen() {
  const { t } = useTranslation(['qr', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { projector } = useAppSelector(selectQr);
  const [params] = useSearchParams();
  const idShed = Number(params.get('shed'));
  const valid = Number.isInteger(idShed) && idShed > 0;
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

  const { session, notNow, lesson } = projector;
  const s = session.data;

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
          <ProjectorStage ref={stage} session={s} idShed={idShed} projected={projected} fullscreen={fullscreen} secondsLeft={secondsLeft} />
          {projected ? null : <ProjectorMarks session={s} />}
        </div>
      ) : null}
    </div>
  );
}
