/**
 * The teacher's own panel of the projector screen (never projected): the marks waiting for review,
 * each with its reason and distance and the accept / reject buttons, how many marks came from outside
 * the university's networks (or that none are listed), the students present, and the button that closes attendance.
 */
import { useTranslation } from 'react-i18next';
import type { QrSession } from '@contract/qr';
import { ErrorLine } from '@components/fields';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { distanceText } from '../distance';
import { qrActions, selectQr } from '../qr.slice';

export function ProjectorMarks({ session }: { session: QrSession }) {
  const { t, i18n } = useTranslation(['qr', 'cm']);
  const dispatch = useAppDispatch();
  const { decide } = useAppSelector(selectQr).projector;
  const accepted = session.marks.filter((m) => m.status === 'accepted');
  const review = session.marks.filter((m) => m.status === 'review');
  return (
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
      {/* Where marks may come from: without listed networks a code relayed home with the building's coordinates is accepted. */}
      <p className="qr-hint qr-networks" data-testid="qr-networks">
        {session.networksListed ? t('projector.networksOutside', { count: session.marks.filter((m) => m.outside).length }) : t('projector.networksOff')}
      </p>
      <h3>{t('projector.present')}</h3>
      {accepted.length === 0 ? <p className="qr-hint">{t('projector.nobody')}</p> : null}
      <ol className="qr-list" data-testid="qr-present">
        {accepted.map((m) => (
          <li key={m.id}>{m.fio}</li>
        ))}
      </ol>
      {!session.closed ? (
        <button type="button" className="btn btn-secondary" onClick={() => dispatch(qrActions.closeRequested())}>
          {t('projector.close')}
        </button>
      ) : null}
    </section>
  );
}
