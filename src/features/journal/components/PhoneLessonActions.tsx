/**
 * On a phone, what acts on the lesson being marked sits between the lesson and its students, within
 * reach without scrolling past the list: add it (a lesson of today's timetable not in the journal
 * yet), mark all present, and undo or redo the last taps.
 */
import { useTranslation } from 'react-i18next';
import type { JournalInfo } from '@contract/journal';
import { useAppDispatch } from '@shared/hooks';
import { journalActions, type JournalState } from '../journal.slice';
import { hasLesson } from '../lessonNow';
import type { GridLesson } from './grid/GridHead';
import { UndoButtons } from './UndoButtons';
import { lessonReady } from './useLessonMenu';

export function PhoneLessonActions({ state, info, lessons }: { state: JournalState; info: JournalInfo; lessons: readonly GridLesson[] }) {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const lesson = state.lesson;
  const ready = lessonReady(lesson, info);
  const inJournal = ready && hasLesson(lessons, lesson);
  return (
    <div className="lm-actions" role="group" aria-label={t('lesson.group')}>
      {ready && !inJournal ? (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={state.lessonAdd.fetching}
          onClick={() => dispatch(journalActions.lessonAddRequested({ date: lesson.date, time: lesson.time }))}
        >
          {t('lesson.add')}
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn-primary btn-small"
        disabled={!ready || state.bulk.fetching}
        onClick={() => dispatch(journalActions.markAllRequested({ date: lesson.date, time: lesson.time }))}
      >
        {t('lesson.markAll')}
      </button>
      <UndoButtons undo={state.undo} />
    </div>
  );
}
