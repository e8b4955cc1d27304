/** A room's week: its lessons day by day (the timetable's and the bookings), and for a teacher the booking form. */
import { useTranslation } from 'react-i18next';
import type { RoomsOptions } from '@contract/rooms';
import { formatDate } from '@lib/dates';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { Loaded } from '@shared/request/Loaded';
import { roomsActions as A, selectRooms } from '../rooms.slice';
import { BookingForm } from './BookingForm';

export function RoomWeekPanel({ options }: { options: RoomsOptions }) {
  const { t, i18n } = useTranslation('rooms');
  const dispatch = useAppDispatch();
  const { week, roomId, free } = useAppSelector(selectRooms);
  const w = week.data;
  return (
    <section id="rm-week" className="card rm-week" aria-labelledby="rm-week-title" data-testid="rm-week" aria-busy={week.fetching || undefined}>
      <div className="rm-week-head">
        <h2 id="rm-week-title" className="rm-subtitle">
          {w ? t('week.title', { room: `${w.room.name}, ${w.room.building}` }) : t('week.loading')}
        </h2>
        <button type="button" className="btn btn-secondary" onClick={() => dispatch(A.roomOpened({ roomId: null }))}>
          {t('week.close')}
        </button>
      </div>
      <Loaded of={[week]} onRetry={() => dispatch(A.roomOpened({ roomId }))}>
        {w ? (
          <>
            <p className="muted small">{t('week.range', { from: formatDate(w.from, i18n.resolvedLanguage), to: formatDate(w.to, i18n.resolvedLanguage) })}</p>
            {w.lessons.length === 0 ? (
              <p className="muted">{t('week.empty')}</p>
            ) : (
              <ul className="rm-lessons" aria-label={t('week.lessons')}>
                {w.lessons.map((l) => (
                  <li key={`${l.date}-${l.lessonTimeId}-${l.bookingId ?? 0}`} className={l.bookingId ? 'rm-lesson rm-booked' : 'rm-lesson'}>
                    <span className="rm-when">
                      {formatDate(l.date, i18n.resolvedLanguage)}, {l.startsAt}–{l.endsAt}
                    </span>
                    <span>
                      {l.discipline} · {l.lessonType}
                    </span>
                    <span className="muted small">
                      {l.group} · {l.teacher}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {options.canBook && roomId !== null ? (
              <BookingForm
                key={roomId}
                roomId={roomId}
                options={options}
                date={free.data?.date ?? options.today}
                lessonTimeId={free.data?.lessonTimeId ?? null}
              />
            ) : null}
          </>
        ) : null}
      </Loaded>
    </section>
  );
}
