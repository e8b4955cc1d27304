/**
 * The chosen lesson's menu (LessonMenu.tsx) as the open journal shows it: none for a closed
 * half-year; in the grid only in a lesson's column (none for a lesson not in the journal); on a
 * phone always beside the lesson's choice (its actions disabled while no lesson of the half-year is chosen).
 */
import { useMemo } from 'react';
import type { JournalInfo } from '@contract/journal';
import { useAppDispatch } from '@shared/hooks';
import { journalActions, type JournalState, type Lesson } from '../journal.slice';
import { hasLesson } from '../lessonNow';
import { shortDate } from '../pivot';
import type { GridLesson } from './grid/GridHead';
import { LessonMenu } from './LessonMenu';

/** A lesson its actions can be taken on: a date and a time chosen, the date within the journal's half-year. */
export const lessonReady = (lesson: Lesson, info: JournalInfo) =>
  Boolean(lesson.date) && lesson.time !== -1 && lesson.date >= info.startsOn && lesson.date <= info.endsOn;

interface Args {
  state: JournalState;
  info: JournalInfo;
  lessons: readonly GridLesson[];
  onTopic: () => void;
  onDelete: () => void;
  /** A phone's larger button. */
  touch: boolean;
}

/** The same element while the lesson and what its actions depend on stay the same (the grid is memoised). */
export function useLessonMenu({ state, info, lessons, onTopic, onDelete, touch }: Args) {
  const dispatch = useAppDispatch();
  const { date, time } = state.lesson;
  const shown = !info.readOnly && (touch || hasLesson(lessons, { date, time }));
  const ready = lessonReady({ date, time }, info);
  const marking = state.bulk.fetching;
  const timeName = lessons.find((l) => l.date === date && l.time === time)?.timeName ?? state.lists.times.find((x) => x.id === time)?.name.split('–')[0] ?? '';
  return useMemo(
    () =>
      shown ? (
        <LessonMenu
          label={date ? `${shortDate(date)} · ${timeName}` : ''}
          ready={ready}
          marking={marking}
          onMarkAll={() => dispatch(journalActions.markAllRequested({ date, time }))}
          onTopic={onTopic}
          onDelete={onDelete}
          touch={touch}
        />
      ) : null,
    [shown, date, time, timeName, ready, marking, dispatch, onTopic, onDelete, touch],
  );
}
