/**
 * The timetable panel (docs/areas/schedule.md#for-users): on the home page and at /lms/schedule. It shows
 * the stored copy at once, says when it was updated and whether it is the stored copy, reloads on
 * demand, and gives the personal calendar feed link.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { selectUser } from '@shared/session/session';
import { ErrorLine } from '@components/fields';
import { Spinner } from '@components/Spinner';
import { describeFailure } from '@shared/request/errors';
import { LoadFailed } from '@shared/request/LoadFailed';
import { ScheduleView } from './components/ScheduleView';
import { scheduleActions, selectSchedule } from './schedule.slice';
import './schedule.css';
import { formatDateTime } from '@lib/dates';

export function SchedulePanel({ main = false }: { main?: boolean }) {
  const { t, i18n } = useTranslation(['schedule', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { timetable, updatedAt, fromCache, calendar, attendanceOpen, webinars } = useAppSelector(selectSchedule);

  useEffect(() => {
    dispatch(scheduleActions.opened());
  }, [dispatch]);

  if (!user) return null;
  const Title = main ? 'h1' : 'h2';
  const updated = updatedAt ? formatDateTime(updatedAt, i18n.resolvedLanguage) : null;
  const origin = window.location.origin;

  return (
    <section className="schedule-panel" aria-labelledby="schedule-title" aria-busy={timetable.fetching}>
      <div className="schedule-head">
        <Title id="schedule-title" className="schedule-title">
          {t('title')}
        </Title>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => dispatch(scheduleActions.loadRequested({ weekly: false }))}
          disabled={timetable.fetching}
        >
          {t('refresh')}
        </button>
      </div>
      {updated ? (
        <p className="schedule-updated" data-testid="schedule-updated">
          {fromCache ? t('stored', { date: updated }) : t('updated', { date: updated })}
        </p>
      ) : null}
      {timetable.error ? (
        <LoadFailed what={t('loadFailed')} failure={timetable.error} onRetry={() => dispatch(scheduleActions.loadRequested({ weekly: false }))} />
      ) : null}
      {timetable.fetching && !timetable.data ? <Spinner label={t('cm:loading')} /> : null}
      {timetable.data ? (
        <ScheduleView schedule={timetable.data} role={user.role} headingLevel={main ? 2 : 3} attendanceOpen={attendanceOpen} webinars={webinars} />
      ) : null}
      {main ? (
        <div className="schedule-calendar card">
          <h2>{t('calendar.title')}</h2>
          <p>{t('calendar.about')}</p>
          {calendar.data ? (
            <p className="schedule-calendar-link">
              <a href={`${origin}${calendar.data}`} data-testid="calendar-link">
                {`${origin}${calendar.data}`}
              </a>
            </p>
          ) : null}
          {calendar.error ? (
            <ErrorLine
              message={t('calendar.failed')}
              detail={describeFailure(t, calendar.error) || undefined}
              onClose={() => dispatch(scheduleActions.errorCleared())}
            />
          ) : null}
          <div className="schedule-calendar-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => dispatch(scheduleActions.calendarRequested({ renew: false }))}
              disabled={calendar.fetching}
            >
              {t('calendar.show')}
            </button>
            {calendar.data ? (
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => dispatch(scheduleActions.calendarRequested({ renew: true }))}
                disabled={calendar.fetching}
              >
                {t('calendar.renew')}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** The home page's panel. */
export default function SchedulePanelOnHome() {
  return (
    <div className="schedule-home">
      <SchedulePanel />
    </div>
  );
}
