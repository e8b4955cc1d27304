/** The journal's lessons as the grid shows them (with their topics), in date and time order. */
import { useEffect, useMemo, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectIsMobile } from '../../../shared/shell/shell.slice';
import { journalActions, type JournalState } from '../journal.slice';
import { lessonKey, today } from '../pivot';
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

/** On a phone a journal opens on today's lesson (else its latest), once per journal opened. */
export function usePhoneLesson(state: JournalState, lessons: readonly GridLesson[]) {
  const dispatch = useAppDispatch();
  const mobile = useAppSelector(selectIsMobile);
  const data = state.journal.data;
  const openedOn = useRef(-1);
  useEffect(() => {
    if (!mobile || !data || lessons.length === 0 || openedOn.current === data.info.id_journal) return;
    openedOn.current = data.info.id_journal;
    if (lessons.some((l) => l.date === state.lesson.date && l.time === state.lesson.time)) return;
    const pick = lessons.find((l) => l.date === today()) ?? lessons[lessons.length - 1];
    dispatch(journalActions.lessonChosen({ date: pick.date, time: pick.time }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per journal, when its lessons are known
  }, [mobile, data, lessons]);
  return mobile;
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
