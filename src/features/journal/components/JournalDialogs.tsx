/** The open journal's dialogs: a final result's history, a cell's history, the lesson's topic and the removals' confirmation. */
import { useTranslation } from 'react-i18next';
import type { JournalData, JournalStudent } from '@contract/journal';
import { useAppDispatch } from '@shared/hooks';
import { storedFinal } from '../finals.slice';
import { journalActions, type CellWrite, type JournalState } from '../journal.slice';
import { cellKey, shortDate } from '../pivot';
import { ConfirmRemoval } from './ConfirmRemoval';
import type { GridLesson } from './grid/GridHead';
import { HistoryDialog } from './HistoryDialog';
import { TopicDialog } from './TopicDialog';

/** What a cell holds now (false: no record). */
const storedCell = (state: JournalState, c: CellWrite) => {
  const key = cellKey(c.student, c.date, c.time);
  return key in state.marks ? state.marks[key] : false;
};

interface Props {
  state: JournalState;
  data: JournalData;
  lessons: readonly GridLesson[];
  topicOpen: boolean;
  onTopicClose: () => void;
  confirm: 'lesson' | 'student' | null;
  onConfirmClose: () => void;
  /** The active cell's student (removed from the list on confirmation). */
  activeStudent?: JournalStudent;
}

export function JournalDialogs({ state, data, lessons, topicOpen, onTopicClose, confirm, onConfirmClose, activeStudent }: Props) {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const { lesson, finals } = state;
  const readOnly = data.info.readOnly;
  const nameOf = (student: number) => data.students.find((s) => s.id_student === student)?.s_fio ?? '';
  /** The history dialog names the student and the lesson: "Mark history · Name · 07.09 08:00". */
  const historyTitle = (cell: CellWrite) => {
    const at = lessons.find((l) => l.date === cell.date && l.time === cell.time)?.timeName ?? '';
    return `${t('history.title')} · ${nameOf(cell.student)} · ${shortDate(cell.date)} ${at}`.trim();
  };
  const currentTopic = data.journal[1].find((x) => x.visitDate === lesson.date && x.id_time === lesson.time);
  const finalStudent = finals.history.student;

  return (
    <>
      {finalStudent !== null ? (
        <HistoryDialog
          title={`${t('history.finalTitle')} · ${nameOf(finalStudent)}`}
          finals={finals.history}
          current={readOnly ? undefined : (storedFinal(finals, data.finals, finalStudent)?.points ?? null)}
        />
      ) : null}
      {state.history.cell ? (
        <HistoryDialog
          title={historyTitle(state.history.cell)}
          history={state.history}
          current={readOnly ? undefined : storedCell(state, state.history.cell)}
        />
      ) : null}
      {topicOpen ? (
        <TopicDialog
          key={`${lesson.date}|${lesson.time}`}
          title={`${t('lesson.topic')} · ${shortDate(lesson.date)}`}
          initial={
            currentTopic
              ? { topic: currentTopic.topic, lessonNumber: currentTopic.lessonNumber, hours: currentTopic.hours, module: currentTopic.id_module ?? -1 }
              : null
          }
          modules={state.lists.modules}
          onClose={onTopicClose}
          onSave={(v) => dispatch(journalActions.topicSaveRequested({ date: lesson.date, time: lesson.time, ...v }))}
        />
      ) : null}
      {confirm ? (
        <ConfirmRemoval
          what={confirm}
          lesson={lesson}
          lessonTime={lessons.find((l) => l.date === lesson.date && l.time === lesson.time)?.timeName ?? ''}
          lessonMarks={Object.keys(state.marks).filter((k) => k.endsWith(`|${lesson.date}|${lesson.time}`)).length}
          student={activeStudent}
          busy={state.remove.fetching}
          onClose={onConfirmClose}
        />
      ) : null}
    </>
  );
}
