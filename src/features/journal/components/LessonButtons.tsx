/**
 * Adding the lesson in focus to the journal and marking all its students present: the lesson bar's
 * buttons at a desk, above the students on a phone (PhoneLessonActions.tsx).
 */
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@shared/hooks';
import { journalActions, type JournalState } from '../journal.slice';

/** Each button's look, text, request and the request whose progress disables it. */
const BUTTONS = {
  add: {
    className: 'btn btn-secondary btn-small',
    text: 'lesson.add',
    request: journalActions.lessonAddRequested,
    busy: (s: JournalState) => s.lessonAdd.fetching,
  },
  markAll: {
    className: 'btn btn-primary btn-small',
    text: 'lesson.markAll',
    request: journalActions.markAllRequested,
    busy: (s: JournalState) => s.bulk.fetching,
  },
} as const;

interface Props {
  kind: keyof typeof BUTTONS;
  state: JournalState;
  /** The lesson has a date and a time inside the journal's half-year. */
  ready: boolean;
}

export function LessonButton({ kind, state, ready }: Props) {
  const { t } = useTranslation('journal');
  const dispatch = useAppDispatch();
  const { className, text, request, busy } = BUTTONS[kind];
  const { date, time } = state.lesson;
  return (
    <button type="button" className={className} disabled={!ready || busy(state)} onClick={() => dispatch(request({ date, time }))}>
      {t(text)}
    </button>
  );
}
