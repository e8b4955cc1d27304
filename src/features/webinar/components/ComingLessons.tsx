/** A teacher's coming lessons (today's not ended, then the rest of the coming week): each with its meeting, or Attach meeting and its form. */
import { useTranslation } from 'react-i18next';
import type { WebinarOptions } from '@contract/webinar';
import { formatDate } from '@lib/dates';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { lessonKey, webinarActions as A, selectWebinar } from '../webinar.slice';
import { AttachForm } from './AttachForm';

export function ComingLessons({ options }: { options: WebinarOptions }) {
  const { t, i18n } = useTranslation('webinar');
  const dispatch = useAppDispatch();
  const { attach } = useAppSelector(selectWebinar);
  const lang = i18n.resolvedLanguage;
  return (
    <section className="wb-section" aria-labelledby="wb-coming-title" data-testid="wb-coming">
      <h2 id="wb-coming-title" className="wb-subtitle">
        {t('coming.title')}
      </h2>
      {!options.serverConfigured ? <p className="small muted">{t('coming.noServer')}</p> : null}
      {options.lessons.length === 0 ? (
        <p className="card muted">{t('coming.none')}</p>
      ) : (
        <ul className="wb-list">
          {options.lessons.map((l) => {
            const key = lessonKey(l);
            const open = attach.key === key;
            const when = `${l.date === options.today ? t('today') : formatDate(l.date, lang)}, ${l.startsAt}–${l.endsAt}`;
            return (
              <li key={key} className="card wb-item" data-testid={`wb-lesson-${l.idShed}-${l.date}`}>
                <div className="wb-item-head">
                  <div>
                    <strong>{when}</strong>
                    <p className="small muted wb-facts">
                      {l.discipline} · {l.lessonType} · {l.group}
                    </p>
                  </div>
                  {l.meetingId !== null ? (
                    <span className="wb-badge">{t('coming.attached')}</span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-secondary"
                      aria-expanded={open}
                      aria-controls={open ? `wb-attach-${key}` : undefined}
                      onClick={() => dispatch(A.attachOpened(open ? null : key))}
                    >
                      {t('coming.attach')}
                      <span className="sr-only">
                        {' '}
                        {l.discipline}, {when}
                      </span>
                    </button>
                  )}
                </div>
                {open && l.meetingId === null ? <AttachForm id={`wb-attach-${key}`} lesson={l} serverConfigured={options.serverConfigured} /> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
