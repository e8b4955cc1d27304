/**
 * The lesson bar: the lesson in focus (date and time, the teacher's timetable times first) and what
 * acts on it: add it, mark all present, its topic, delete it. Dates outside the journal's half-year
 * are refused here already (docs/areas/journal.md#for-users).
 */
import { useTranslation } from 'react-i18next';
import type { JournalInfo } from '@contract/journal';
import { Select } from '@components/Select';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { selectTimeZone } from '@shared/settings/settings';
import { journalActions, type JournalState } from '../journal.slice';
import { fullDate, today, weekday } from '../pivot';
import { lessonReady } from './useLessonMenu';
import { LessonButton } from './LessonButtons';

interface Props {
  state: JournalState;
  info: JournalInfo;
  onTopic: () => void;
  onDelete: () => void;
  /** On a phone adding the lesson and marking all present sit above the students (PhoneLessonActions.tsx). */
  mobile?: boolean;
}

export function LessonBar({ state, info, onTopic, onDelete, mobile = false }: Props) {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const timeZone = useAppSelector(selectTimeZone);
  const lesson = state.lesson;
  const outside = Boolean(lesson.date) && (lesson.date < info.startsOn || lesson.date > info.endsOn);
  const ready = lessonReady(lesson, info);
  // The lesson times of the chosen date's weekday in the teacher's timetable come first, marked as such.
  const scheduled = lesson.date ? state.timetable.filter((x) => x.day_number === weekday(lesson.date)).map((x) => x.id_time) : [];
  const timeOptions = [
    ...state.lists.times.filter((x) => scheduled.includes(x.id)).map((x) => ({ id: x.id, name: `${x.name} · ${t('lesson.scheduled')}` })),
    ...state.lists.times.filter((x) => !scheduled.includes(x.id)),
  ];
  const chooseDate = (date: string) => {
    const first = state.timetable.find((x) => date && x.day_number === weekday(date));
    // A date whose weekday has a lesson in the timetable takes its time when none is chosen yet.
    dispatch(journalActions.lessonChosen(lesson.time === -1 && first ? { date, time: first.id_time, picked: true } : { date, picked: true }));
  };
  return (
    <div className="journal-lesson" role="group" aria-label={t('lesson.group')} hidden={info.readOnly}>
      <div className="field">
        <label htmlFor="journal-date">{t('lesson.date')}</label>
        <input
          id="journal-date"
          className="input"
          type="date"
          min={info.startsOn}
          max={info.endsOn}
          aria-invalid={outside || undefined}
          aria-describedby={outside ? 'journal-date-outside' : undefined}
          value={lesson.date}
          onChange={(e) => chooseDate(e.target.value)}
        />
      </div>
      <Select
        id="journal-time"
        label={t('lesson.time')}
        options={timeOptions}
        value={lesson.time}
        onChange={(id) => dispatch(journalActions.lessonChosen({ time: id, picked: true }))}
      />
      <div className="journal-actions">
        {mobile ? null : (
          <>
            <LessonButton kind="add" state={state} ready={ready} />
            <LessonButton kind="markAll" state={state} ready={ready} />
          </>
        )}
        <button type="button" className="btn btn-secondary btn-small" disabled={!ready} onClick={onTopic}>
          {t('lesson.topic')}
        </button>
        <button type="button" className="btn btn-ghost btn-small journal-delete" disabled={!ready} onClick={onDelete}>
          {t('lesson.delete')}
        </button>
        {lesson.date === '' ? (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => chooseDate(today(timeZone))}>
            {t('lesson.today')}
          </button>
        ) : null}
      </div>
      {outside ? (
        <p id="journal-date-outside" className="journal-error" role="alert">
          {t('period.outside', { from: fullDate(info.startsOn), to: fullDate(info.endsOn) })}
        </p>
      ) : null}
    </div>
  );
}
