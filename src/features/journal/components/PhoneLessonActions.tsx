/**
 * On a phone, what acts on the lesson being marked sits between the lesson and its students, within
 * reach without scrolling past the list: add it (a lesson of today's timetable not in the journal
 * yet), mark all present, and undo or redo the last taps.
 */
import { useTranslation } from 'react-i18next';
import type { JournalInfo } from '@contract/journal';
import type { JournalState } from '../journal.slice';
import { hasLesson } from '../lessonNow';
import type { GridLesson } from './grid/GridHead';
import { UndoButtons } from './UndoButtons';
import { lessonReady } from './useLessonMenu';
import { LessonButton } from './LessonButtons';

export function PhoneLessonActions({ state, info, lessons }: { state: JournalState; info: JournalInfo; lessons: readonly GridLesson[] }) {
  const { t } = useTranslation(['journal', 'cm']);
  const lesson = state.lesson;
  const ready = lessonReady(lesson, info);
  const inJournal = ready && hasLesson(lessons, lesson);
  return (
    <div className="lm-actions" role="group" aria-label={t('lesson.group')}>
      {ready && !inJournal ? <LessonButton kind="add" state={state} ready={ready} /> : null}
      <LessonButton kind="markAll" state={state} ready={ready} />
      <UndoButtons undo={state.undo} />
    </div>
  );
}
