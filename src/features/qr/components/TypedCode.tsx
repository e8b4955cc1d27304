import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '@api/qr';
import { Spinner } from '@components/Spinner';
import { useAppDispatch } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { qrActions, type QrState } from '../qr.slice';

/** The typed code for a lesson in progress, with the lessons marked already named (the scan page, ScanScreen.tsx). */
export function TypedCode({ scan }: { scan: QrState['scan'] }) {
  const { t } = useTranslation(['qr', 'cm']);
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [lessonId, setLessonId] = useState('');
  const busy = scan.locating || scan.visit.fetching;
  // A typed code is offered only for the lessons not marked yet; the marked ones are named.
  const lessonsNow = scan.lessonsNow.data.filter((l) => !l.marked);
  const markedLessons = scan.lessonsNow.data.filter((l) => l.marked);
  const chosen = lessonsNow.find((l) => String(l.idShed) === lessonId) ?? (lessonsNow.length === 1 ? lessonsNow[0] : undefined);
  // The chosen lesson's mark was just taken (accepted or waiting for the teacher): nothing more to send.
  const markedNow = scan.visit.data !== null && chosen !== undefined && scan.sent?.idShed === chosen.idShed;
  const sendCode = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen || markedNow || !new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)) return;
    dispatch(qrActions.submitRequested({ idShed: chosen.idShed, idAud: chosen.idAud, code }));
  };

  return (
    <section className="card" aria-labelledby="qr-code-form">
      <h2 id="qr-code-form">{t('scan.codeTitle')}</h2>
      {scan.lessonsNow.fetching ? <Spinner label={t('cm:loading')} /> : null}
      {scan.lessonsNow.error ? (
        <LoadFailed what={t('scan.lessonsFailed')} failure={scan.lessonsNow.error} onRetry={() => dispatch(qrActions.lessonsNowRequested())} />
      ) : null}
      {markedLessons.length > 0 ? (
        <p className="qr-hint" data-testid="scan-marked">
          {t('scan.markedAlready', {
            lessons: markedLessons
              .map((l) => t(l.waiting ? 'scan.markedWaiting' : 'scan.markedLesson', { time: l.startsAt, discipline: l.discipline, kind: l.lessonType }))
              .join('; '),
          })}
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
                    {t('scan.lessonOption', { time: l.startsAt, discipline: l.discipline, kind: l.lessonType, room: l.room })}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <p>
              <strong>{lessonsNow[0].discipline}</strong> · {lessonsNow[0].lessonType} · {lessonsNow[0].room}
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
  );
}
