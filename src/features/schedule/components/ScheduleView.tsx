/**
 * The week's timetable: one card per day (today marked), lessons by time with room, discipline,
 * lesson type and the teacher (for students) or the group (for teachers); the lesson in progress is
 * marked. A teacher opens attendance from a lesson; a student marks it during the lesson.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Role } from '@contract/common';
import { ROLE_TEACHER } from '@shared/request/roles';
import { useAppSelector } from '@shared/hooks';
import { selectTimeZone } from '@shared/settings/settings';
import type { Schedule, ScheduleLesson } from '@contract/schedule';
import type { StudentMeeting } from '@contract/webinar';
import { JoinMeeting } from '@shared/webinar/JoinMeeting';
import { wallClock } from '@lib/dates';

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Is the lesson in progress at `now` (its day, between its start and end) on the university's clock (its time zone; this device's without one)? */
export function inProgress(lesson: ScheduleLesson, now: Date, timeZone: string | null = null): boolean {
  const { clock, day } = wallClock(now, timeZone);
  const m = minutes(clock);
  return lesson.day_number === day && m >= minutes(lesson.startsAt) && m < minutes(lesson.endsAt);
}

/** The clock, ticking every minute (what is "now" moves while the page stays open). */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

interface Props {
  schedule: Schedule;
  role: Role;
  headingLevel: 2 | 3;
  /** Links to attendance (off where the server cannot be reached). */
  actions?: boolean;
  /** A student's lessons whose attendance is open now, a make-up session out of the lesson's time too. */
  attendanceOpen?: readonly number[];
  /** A student's online lessons of this week: Join (or when it opens) on their lesson's row. */
  webinars?: readonly StudentMeeting[];
}

/** A student checks in to the lesson in progress, or to one whose attendance is open now (a make-up session). */
export function ScheduleView({ schedule, role, headingLevel, actions = true, attendanceOpen = [], webinars = [] }: Props) {
  const { t } = useTranslation('schedule');
  const now = useMinuteClock();
  const timeZone = useAppSelector(selectTimeZone);
  const today = wallClock(now, timeZone).day;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (schedule.days.length === 0) return <p className="schedule-empty">{t('empty')}</p>;
  return (
    <div className="schedule-days">
      {schedule.days.map((day) => (
        <section
          key={day.day_number}
          className={`schedule-day card${day.day_number === today ? ' is-today' : ''}`}
          aria-labelledby={`schedule-day-${day.day_number}`}
        >
          <Heading id={`schedule-day-${day.day_number}`} className="schedule-day-name">
            {t(`cm:days.${day.day_number}`)}
            {day.day_number === today ? <span className="schedule-badge">{t('today')}</span> : null}
          </Heading>
          <ol className="schedule-lessons">
            {day.lessons.map((lesson) => {
              const current = inProgress(lesson, now, timeZone);
              const online = actions ? webinars.find((w) => w.idShed === lesson.idShed && w.dayNumber === day.day_number) : undefined;
              return (
                <li key={lesson.idShed} className={`schedule-lesson${current ? ' is-now' : ''}`} data-testid={`lesson-${lesson.idShed}`}>
                  <span className="schedule-time">
                    {lesson.startsAt}–{lesson.endsAt}
                    {current ? <span className="schedule-badge schedule-badge-now">{t('now')}</span> : null}
                  </span>
                  <span className="schedule-what">
                    <strong>{lesson.discipline}</strong> <span className="schedule-type">({lesson.lessonType})</span>
                  </span>
                  <span className="schedule-where">
                    {lesson.room}
                    {lesson.subgroup > 0 ? ` · ${t('subgroup', { n: lesson.subgroup })}` : ''}
                  </span>
                  <span className="schedule-who">{lesson.who}</span>
                  {!actions ? null : role === ROLE_TEACHER ? (
                    <Link className="btn btn-secondary schedule-action" to={`/qrlesson?shed=${lesson.idShed}`}>
                      {t('attendance')}
                      <span className="sr-only">
                        {' '}
                        {lesson.discipline}, {t(`cm:days.${day.day_number}`)} {lesson.startsAt}
                      </span>
                    </Link>
                  ) : current || attendanceOpen.includes(lesson.idShed) ? (
                    <Link className="btn btn-primary schedule-action" to="/qrscan" data-testid={`check-in-${lesson.idShed}`}>
                      {t('markMe')}
                      <span className="sr-only"> {lesson.discipline}</span>
                    </Link>
                  ) : null}
                  {online ? <JoinMeeting meeting={online} now={now} /> : null}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}
