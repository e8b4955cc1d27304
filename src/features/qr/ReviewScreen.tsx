/**
 * /lms/qrreview (teacher): every undecided check-in of the teacher's lessons, whatever the day
 * (docs/areas/qr.md#for-users), by lesson, with its student and reason; the teacher accepts (into the journal)
 * or rejects each, or accepts all of one lesson at once, during the lesson or after it. An undecided one counts as absent after the time
 * shown (the server's QR_REVIEW_EXPIRES_HOURS).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { QrReviewMark } from '@contract/qr';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { ErrorLine } from '@components/fields';
import { Spinner } from '@components/Spinner';
import { describeFailure } from '@shared/request/errors';
import { LoadFailed } from '@shared/request/LoadFailed';
import { qrActions, selectQr } from './qr.slice';
import { distanceText } from './distance';
import './qr.css';
import './qr.review.css';
import { formatDate, formatDateTime } from '@lib/dates';

export default function ReviewScreen() {
  const { t, i18n } = useTranslation(['qr', 'cm']);
  const dispatch = useAppDispatch();
  const { review } = useAppSelector(selectQr);

  useEffect(() => {
    dispatch(qrActions.reviewOpened());
  }, [dispatch]);

  const marks = review.list.data;
  // The marks by lesson (session), in the list's order: a lesson's marks are decided together.
  const lessons: { sessionId: number; marks: QrReviewMark[] }[] = [];
  for (const m of marks) {
    const lesson = lessons.find((l) => l.sessionId === m.sessionId);
    if (lesson) lesson.marks.push(m);
    else lessons.push({ sessionId: m.sessionId, marks: [m] });
  }
  const when = (iso: string) => formatDateTime(iso, i18n.resolvedLanguage);

  return (
    <div className="qr-screen qr-review-screen">
      <h1 className="screen-title">{t('review.title')}</h1>
      <p className="qr-hint">{t('review.about')}</p>
      {review.list.fetching && marks.length === 0 ? <Spinner label={t('cm:loading')} /> : null}
      {review.list.error ? <LoadFailed what={t('review.failed')} failure={review.list.error} onRetry={() => dispatch(qrActions.reviewOpened())} /> : null}
      {review.decide.error ? (
        <ErrorLine
          message={t('review.decideFailed')}
          detail={describeFailure(t, review.decide.error) || undefined}
          onClose={() => dispatch(qrActions.reviewOpened())}
        />
      ) : null}
      {!review.list.fetching && !review.list.error && marks.length === 0 ? <p data-testid="qr-review-empty">{t('review.empty')}</p> : null}
      {lessons.length > 0 ? (
        <div className="qr-review-lessons" data-testid="qr-review-list">
          {lessons.map((lesson) => {
            const first = lesson.marks[0];
            const headingId = `qr-review-lesson-${lesson.sessionId}`;
            return (
              <section key={lesson.sessionId} className="card qr-review-lesson" aria-labelledby={headingId} data-testid={headingId}>
                <div className="qr-review-lesson-head">
                  <h2 id={headingId} className="qr-review-lesson-title">
                    {formatDate(first.date, i18n.resolvedLanguage)} {first.startsAt} · {first.discipline} · {first.group}
                  </h2>
                  {lesson.marks.length > 1 ? (
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={review.decide.fetching}
                      onClick={() => dispatch(qrActions.reviewAcceptLessonRequested({ sessionId: lesson.sessionId }))}
                    >
                      {t('review.acceptLesson', { count: lesson.marks.length })}
                    </button>
                  ) : null}
                </div>
                <ul className="qr-list">
                  {lesson.marks.map((m) => (
                    <li key={m.id} className="qr-review-item" data-testid={`qr-review-${m.id}`}>
                      <span>
                        <strong>{m.fio}</strong>
                        <span className="qr-reason"> — {t(`reason.${m.reason ?? 'distance'}`, { distance: distanceText(m.distanceM, i18n.language) })}</span>
                        <br />
                        <span className="qr-hint">
                          {t('review.expires')}: {when(m.expiresAt)}
                        </span>
                      </span>
                      <span className="qr-review-actions">
                        <button
                          type="button"
                          className="btn btn-primary"
                          disabled={review.decide.fetching}
                          onClick={() => dispatch(qrActions.reviewDecideRequested({ markId: m.id, accept: true }))}
                        >
                          {t('review.accept')}
                          <span className="sr-only"> {m.fio}</span>
                        </button>
                        <button
                          type="button"
                          className="btn btn-ghost"
                          disabled={review.decide.fetching}
                          onClick={() => dispatch(qrActions.reviewDecideRequested({ markId: m.id, accept: false }))}
                        >
                          {t('review.reject')}
                          <span className="sr-only"> {m.fio}</span>
                        </button>
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
