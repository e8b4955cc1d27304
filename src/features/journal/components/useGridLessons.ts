/** The journal's lessons as the grid shows them (with their topics), in date and time order. */
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { selectTimeZone } from '@shared/settings/settings';
import { selectIsMobile } from '@shared/shell/shell.slice';
import { journalActions, type JournalState } from '../journal.slice';
import { lessonNow, scheduledToday, startOf } from '../lessonNow';
import { lessonKey } from '../pivot';
import type { GridLesson } from './grid/GridHead';

export function useGridLessons(state: JournalState): GridLesson[] {
  const data = state.journal.data;
  const timeName = useMemo(() => new Map(state.lists.times.map((x) => [x.id, x.name.split('–')[0]])), [state.lists.times]);
  return useMemo(() => {
    if (!data) return [];
    const topics = new Map(data.journal[1].map((x) => [lessonKey(x.visitDate, x.id_time), x.topic]));
    const all = [
      ...data.dates.map((d) => ({ date: d.visitDate, time: d.id_time, timeName: d.time, topic: topics.get(lessonKey(d.visitDate, d.id_time)) ?? null })),
      ...state.added.map((l) => ({ date: l.date, time: l.time, timeName: timeName.get(l.time) ?? '', topic: null })),
    ];
    return all.sort((a, b) => a.date.localeCompare(b.date) || a.time - b.time);
  }, [data, state.added, timeName]);
}

/**
 * A journal opens on the lesson that is on now (lessonNow.ts: the teacher's timetable lesson on now,
 * else the latest lesson not in the future), on a phone and at a desk alike, once per journal opened,
 * when its lessons and its timetable are known. Returns whether the phone's view is shown.
 */
export function useOpeningLesson(state: JournalState, lessons: readonly GridLesson[]) {
  const dispatch = useAppDispatch();
  const mobile = useAppSelector(selectIsMobile);
  const timeZone = useAppSelector(selectTimeZone);
  const data = state.journal.data;
  const openedOn = useRef(-1);
  // Before the browser paints: the grid's first frame is already on that lesson (the page asks for the
  // timetable with the journal, so both are usually there for the first render).
  useLayoutEffect(() => {
    if (!data || !state.timetableReady || openedOn.current === data.info.id_journal) return;
    openedOn.current = data.info.id_journal;
    // A lesson the teacher picked meanwhile (the timetable came late) stays.
    if (state.lessonPicked) return;
    const pick = lessonNow({
      lessons: lessons.map((l) => ({ date: l.date, time: l.time, start: startOf(l.timeName) })),
      timetable: state.timetable,
      period: data.info,
      now: new Date(),
      timeZone,
    });
    // Every lesson in the future: none is chosen on a phone (a tap there would be refused); the grid keeps its cell.
    if (pick) dispatch(journalActions.lessonChosen(pick));
    else if (mobile) dispatch(journalActions.lessonChosen({ date: '', time: -1 }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per journal, when its lessons and timetable are known
  }, [data, state.timetableReady, state.lessonPicked]);
  return mobile;
}

/** Today's lessons of the teacher's timetable that have started and are not in the journal yet (offered first on a phone). */
export function useTodayLessons(state: JournalState, lessons: readonly GridLesson[]): GridLesson[] {
  const info = state.journal.data?.info;
  const timeZone = useAppSelector(selectTimeZone);
  const timeName = useMemo(() => new Map(state.lists.times.map((x) => [x.id, x.name.split('–')[0]])), [state.lists.times]);
  return useMemo(() => {
    if (!info) return [];
    const known = new Set(lessons.map((l) => lessonKey(l.date, l.time)));
    return scheduledToday({ timetable: state.timetable, period: info, now: new Date(), timeZone })
      .filter((l) => !known.has(lessonKey(l.date, l.time)))
      .reverse()
      .map((l) => ({ date: l.date, time: l.time, timeName: timeName.get(l.time) ?? l.start, topic: null }));
  }, [info, lessons, state.timetable, timeName, timeZone]);
}

/** Leaving the page with marks not yet saved asks first. */
export function useLeaveWarning(pending: number) {
  useEffect(() => {
    if (pending === 0) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);
}
