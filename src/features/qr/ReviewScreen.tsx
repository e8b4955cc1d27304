/**
 * /lms/qrreview (teacher): every undecided check-in of the teacher's lessons, whatever the day
 * (docs/product.md#qr), with its lesson, student and reason; the teacher accepts (into the journal)
 * or rejects each, during the lesson or after it. An undecided one counts as absent after the time
 * shown (the server's QR_REVIEW_EXPIRES_HOURS).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { ErrorLine } from '../../components/fields';
import { Spinner } from '../../components/Spinner';
import { describeFailure } from '../../shared/request/errors';
import { LoadFailed } from '../../shared/request/LoadFailed';
import { usePageTitle } from '../../lib/usePageTitle';
import { qrActions, selectQr } from './qr.slice';
import { distanceText } from './distance';
import './qr.css';

/** 'YYYY-MM-DD' as the reader's locale writes a date. */
const shownDate = (date: string, lang: string) => new Date(`${date}T12:00:00`).toLocaleDateString(lang === 'kg' ? 'ky' : lang);

export default function ReviewScreen() {
  const { t, i18n } = useTranslation(['qr', 'cm']);
  const dispatch = useAppDispatch();
  const { review } = useAppSelector(selectQr);
  usePageTitle(t('review.title'));

  useEffect(() => {
    dispatch(qrActions.reviewOpened());
  }, [dispatch]);

  const marks = review.list.data;
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language === 'kg' ? 'ky' : i18n.language, { dateStyle: 'short', timeStyle: 'short' });

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
      {marks.length > 0 ? (
        <ul className="qr-list card" data-testid="qr-review-list">
          {marks.map((m) => (
            <li key={m.id} className="qr-review-item" data-testid={`qr-review-${m.id}`}>
              <span>
                <strong>{m.fio}</strong>
                <span className="qr-reason"> — {t(`reason.${m.reason ?? 'distance'}`, { distance: distanceText(m.distanceM, i18n.language) })}</span>
                <br />
                <span className="qr-review-lesson">
                  {shownDate(m.date, i18n.language)} {m.startsAt} · {m.discipline} · {m.group}
                </span>
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
      ) : null}
    </div>
  );
}
