/** A student's online lessons: the coming ones with Join (or when it opens), the recent ones with when he joined and their recordings. */
import { useTranslation } from 'react-i18next';
import type { StudentMeeting } from '@contract/webinar';
import { formatDate, formatZonedDateTime } from '@lib/dates';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { Loaded } from '@shared/request/Loaded';
import { selectTimeZone } from '@shared/settings/settings';
import { JoinMeeting } from '@shared/webinar/JoinMeeting';
import { webinarActions as A, selectWebinar } from '../webinar.slice';
import { useNow } from './useNow';

function MeetingItem({ m, now }: { m: StudentMeeting; now: Date }) {
  const { t, i18n } = useTranslation('webinar');
  const dispatch = useAppDispatch();
  const timeZone = useAppSelector(selectTimeZone);
  return (
    <li className="card wb-item" data-testid={`wb-mine-${m.id}`}>
      <div className="wb-item-head">
        <div>
          <strong>
            {formatDate(m.date, i18n.resolvedLanguage)}, {m.startsAt}–{m.endsAt}
          </strong>
          <p className="small muted wb-facts">
            {m.discipline} · {m.lessonType} · {m.teacher}
          </p>
          {m.joinedAt ? <p className="small wb-facts">{t('mine.joinedAt', { at: formatZonedDateTime(m.joinedAt, i18n.resolvedLanguage, timeZone) })}</p> : null}
        </div>
        <JoinMeeting meeting={m} now={now} showEnded onJoined={(joinedAt) => dispatch(A.joined({ id: m.id, joinedAt }))} />
      </div>
      {m.recordings.length > 0 ? (
        <div className="wb-recordings">
          <h4 className="wb-minor">{t('recordings.title')}</h4>
          <ul className="wb-people-list">
            {m.recordings.map((r) => (
              <li key={r.id}>
                <a href={r.url} target="_blank" rel="noopener noreferrer">
                  {r.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

export function StudentWebinars() {
  const { t } = useTranslation('webinar');
  const dispatch = useAppDispatch();
  const { mine } = useAppSelector(selectWebinar);
  const now = useNow();
  const coming = mine.data.filter((m) => new Date(m.closesAt) > now);
  const recent = mine.data.filter((m) => new Date(m.closesAt) <= now).reverse();
  const part = (key: 'coming' | 'recent', list: StudentMeeting[]) => (
    <section className="wb-section" aria-labelledby={`wb-${key}-title`} data-testid={`wb-mine-${key}`}>
      <h2 id={`wb-${key}-title`} className="wb-subtitle">
        {t(`mine.${key}`)}
      </h2>
      {list.length === 0 ? (
        <p className="card muted">{t(`mine.${key}None`)}</p>
      ) : (
        <ul className="wb-list">
          {list.map((m) => (
            <MeetingItem key={m.id} m={m} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <Loaded of={[mine]} onRetry={() => dispatch(A.mineRequested())}>
      <div className="wb-columns">
        {part('coming', coming)}
        {part('recent', recent)}
      </div>
    </Loaded>
  );
}
