/**
 * Adding the lesson in focus to the journal and marking all its students present: the lesson bar's
 * buttons at a desk, above the students on a phone (PhoneLessonActions.tsx).
 */
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@shared/hooks';
import { journalActions, type JournalState } from '../journal.slice';

interface Props {
  state: JournalState;
  /** The lesson has a date and a time inside the journal's half-year. */
  ready: boolean;
}

export function AddLessonButton({ state, ready }: Props) {
  const { t } = useTranslation('journal');
  const dispatch = useAppDispatch();
  const { date, time } = state.lesson;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-small"
      disabled={!ready || state.lessonAdd.fetching}
      onClick={() => dispatch(journalActions.lessonAddRequested({ date, time }))}
    >
      {t('lesson.add')}
    </button>
  );
}

export function MarkAllButton({ state, ready }: Props) {
  const { t } = useTranslation('journal');
  const dispatch = useAppDispatch();
  const { date, time } = state.lesson;
  return (
    <button
      type="button"
      className="btn btn-primary btn-small"
      disabled={!ready || state.bulk.fetching}
      onClick={() => dispatch(journalActions.markAllRequested({ date, time }))}
    >
      {t('lesson.markAll')}
    </button>
  );
}
