/** A teacher's meetings from two weeks ago on: the link, how many joined, the participants (and marking them present), the recordings. */
import { useTranslation } from 'react-i18next';
import { formatDate } from '@lib/dates';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { Loaded } from '@shared/request/Loaded';
import { webinarActions as A, selectWebinar } from '../webinar.slice';
import { ParticipantsPanel } from './ParticipantsPanel';
import { Recordings } from './Recordings';
import { useNow } from './useNow';

export function TeacherMeetings() {
  const { t, i18n } = useTranslation('webinar');
  const dispatch = useAppDispatch();
  const { meetings, openId } = useAppSelector(selectWebinar);
  const now = useNow();
  return (
    <section className="wb-section" aria-labelledby="wb-meetings-title" data-testid="wb-meetings">
      <h2 id="wb-meetings-title" className="wb-subtitle">
        {t('meetings.title')}
      </h2>
      <Loaded of={[meetings]} onRetry={() => dispatch(A.meetingsRequested())}>
        {meetings.data.length === 0 ? (
          <p className="card muted">{t('meetings.none')}</p>
        ) : (
          <ul className="wb-list">
            {meetings.data.map((m) => {
              const open = openId === m.id;
              const when = `${formatDate(m.date, i18n.resolvedLanguage)}, ${m.startsAt}–${m.endsAt}`;
              const started = now >= new Date(m.opensAt);
              return (
                <li key={m.id} className="card wb-item" data-testid={`wb-meeting-${m.id}`}>
                  <div className="wb-item-head">
                    <div>
                      <strong>{when}</strong>
                      <p className="small muted wb-facts">
                        {m.discipline} · {m.lessonType} · {m.group}
                      </p>
                      <p className="small wb-facts">
                        {t(`provider.${m.provider}`)} ·{' '}
                        <a href={m.url} target="_blank" rel="noopener noreferrer">
                          {t('meetings.open')}
                          <span className="sr-only">
                            {' '}
                            {m.discipline}, {when}
                          </span>
                        </a>{' '}
                        · {t('meetings.joined', { n: m.joined })}
                      </p>
                    </div>
                    <button
                      type="button"
                      className="btn btn-secondary"
                      aria-expanded={open}
                      aria-controls={open ? `wb-people-${m.id}` : undefined}
                      onClick={() => dispatch(A.participantsOpened(open ? null : m.id))}
                    >
                      {t('meetings.participants')}
                      <span className="sr-only">
                        {' '}
                        {m.discipline}, {when}
                      </span>
                    </button>
                  </div>
                  {open ? <ParticipantsPanel id={`wb-people-${m.id}`} meetingId={m.id} started={started} /> : null}
                  <Recordings meeting={m} canAdd={started} />
                </li>
              );
            })}
          </ul>
        )}
      </Loaded>
    </section>
  );
}
