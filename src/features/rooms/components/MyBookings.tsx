/** The teacher's bookings from a week ago on, each cancellable until its pair starts. */
import { useTranslation } from 'react-i18next';
import { formatDate } from '@lib/dates';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { Loaded } from '@shared/request/Loaded';
import { describeFailure } from '@shared/request/errors';
import { roomsActions as A, selectRooms } from '../rooms.slice';

export function MyBookings() {
  const { t, i18n } = useTranslation('rooms');
  const dispatch = useAppDispatch();
  const { bookings, cancel } = useAppSelector(selectRooms);
  return (
    <section className="rm-mine" aria-labelledby="rm-mine-title" data-testid="rm-mine">
      <h2 id="rm-mine-title" className="rm-subtitle">
        {t('mine.title')}
      </h2>
      <Loaded of={[bookings]} onRetry={() => dispatch(A.bookingsRequested())}>
        {bookings.data.length === 0 ? (
          <p className="card muted">{t('mine.none')}</p>
        ) : (
          <ul className="rm-rooms">
            {bookings.data.map((b) => (
              <li key={b.id} className="card rm-room" data-testid="rm-booking">
                <div>
                  <strong>
                    {formatDate(b.date, i18n.resolvedLanguage)}, {b.startsAt}–{b.endsAt}
                  </strong>{' '}
                  <span className="muted">· {b.room}</span>
                  <p className="small muted rm-room-facts">
                    {b.discipline} · {b.group} · {t(`bookingKinds.${b.kind}`)}
                  </p>
                </div>
                {b.cancellable ? (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={cancel.busy && cancel.id === b.id}
                    aria-label={t('mine.cancelOne', { date: formatDate(b.date, i18n.resolvedLanguage), time: b.startsAt, room: b.room })}
                    onClick={() => dispatch(A.cancelRequested({ id: b.id }))}
                  >
                    {t('mine.cancel')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      <p className="rm-refusal" role="alert">
        {cancel.failure ? describeFailure(t, cancel.failure) : ''}
      </p>
    </section>
  );
}
