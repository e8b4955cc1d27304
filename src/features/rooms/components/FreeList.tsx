/** The rooms free at the slot searched, each opening its week (and a teacher's booking form). */
import { useTranslation } from 'react-i18next';
import type { FreeRooms, RoomsOptions } from '@contract/rooms';
import { formatDate } from '@lib/dates';
import { useAppDispatch } from '@shared/hooks';
import { roomsActions as A } from '../rooms.slice';

export function FreeList({ free, options, openId }: { free: FreeRooms; options: RoomsOptions; openId: number | null }) {
  const { t, i18n } = useTranslation('rooms');
  const dispatch = useAppDispatch();
  const time = options.times.find((x) => x.id === free.lessonTimeId);
  // The button's name begins with its visible text, then names the room.
  const action = options.canBook ? t('free.openBook') : t('free.openWeek');
  return (
    <section className="rm-free" aria-labelledby="rm-free-title" data-testid="rm-free">
      <h2 id="rm-free-title" className="rm-subtitle">
        {t('free.title', { date: formatDate(free.date, i18n.resolvedLanguage), from: time?.startsAt ?? '', to: time?.endsAt ?? '' })}
      </h2>
      {free.rooms.length === 0 ? (
        <p className="card muted">{t('free.none')}</p>
      ) : (
        <ul className="rm-rooms">
          {free.rooms.map((r) => (
            <li key={r.id} className="card rm-room" data-testid="rm-room">
              <div>
                <strong>{r.name}</strong> <span className="muted">· {r.building}</span>
                <p className="rm-room-facts small muted">
                  {t(`kinds.${r.kind}`)}
                  {r.capacity !== null ? ` · ${t('free.seats', { n: r.capacity })}` : ''}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-secondary"
                aria-expanded={openId === r.id}
                aria-controls="rm-week"
                aria-label={`${action}, ${r.name}, ${r.building}`}
                onClick={() => dispatch(A.roomOpened({ roomId: openId === r.id ? null : r.id }))}
              >
                {action}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
