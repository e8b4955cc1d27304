/** Deleting the lesson in focus, or removing the active cell's student from the list, asks first. */
import { useTranslation } from 'react-i18next';
import type { JournalStudent } from '@contract/journal';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { useAppDispatch } from '@shared/hooks';
import { journalActions } from '../journal.slice';
import { shortDate } from '../pivot';

interface Props {
  what: 'lesson' | 'student';
  lesson: { date: string; time: number };
  /** The lesson's start ("08:00") and how many records it holds: the question names them. */
  lessonTime?: string;
  lessonMarks?: number;
  student?: JournalStudent;
  busy: boolean;
  onClose: () => void;
}

export function ConfirmRemoval({ what, lesson, lessonTime = '', lessonMarks = 0, student, busy, onClose }: Props) {
  const { t } = useTranslation('journal');
  const dispatch = useAppDispatch();
  if (what === 'lesson')
    return (
      <ConfirmDialog
        title={t('confirm.lessonTitle')}
        text={t('confirm.lessonCount', { date: shortDate(lesson.date), time: lessonTime, count: lessonMarks })}
        confirm={t('confirm.delete')}
        cancel={t('confirm.cancel')}
        busy={busy}
        onCancel={onClose}
        onConfirm={() => {
          dispatch(journalActions.lessonDeleteRequested({ date: lesson.date, time: lesson.time }));
          onClose();
        }}
      />
    );
  if (!student) return null;
  return (
    <ConfirmDialog
      title={t('confirm.studentTitle')}
      text={t('confirm.studentText', { name: student.s_fio })}
      confirm={t('confirm.remove')}
      cancel={t('confirm.cancel')}
      busy={busy}
      onCancel={onClose}
      onConfirm={() => {
        dispatch(journalActions.studentDeleteRequested({ student: student.id_student }));
        onClose();
      }}
    />
  );
}
