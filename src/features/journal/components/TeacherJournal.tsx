/** The chosen journal, for its teacher: the lesson bar, the toolbar and the grid (on a phone, the lesson's marking). */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JournalStudent } from '../../../../contract/journal';
import { SCALES } from '../../../api/journal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Spinner } from '../../../components/Spinner';
import { useAppDispatch } from '../../../shared/hooks';
import { describeFailure } from '../../../shared/request/errors';
import { LoadFailed } from '../../../shared/request/LoadFailed';
import { journalActions, type CellWrite, type JournalState } from '../journal.slice';
import { cellKey, fullDate, shortDate } from '../pivot';
import type { CellPlace } from './grid/useActiveCell';
import { HiddenStudents } from './HiddenStudents';
import { HistoryDialog } from './HistoryDialog';
import { JournalGrid } from './JournalGrid';
import { JournalSetup } from './JournalSetup';
import { JournalToolbar } from './JournalToolbar';
import { LessonBar } from './LessonBar';
import { LessonMarking } from './LessonMarking';
import { MarkLegend } from './MarkLegend';
import { TopicDialog } from './TopicDialog';
import { UndoNotice, useUndoKeys } from './UndoButtons';
import { useFinals } from './useFinals';
import { useGridLessons, useLeaveWarning, usePhoneLesson } from './useGridLessons';

/** What a cell holds now (false: no record). */
const storedCell = (state: JournalState, c: CellWrite) => {
  const key = cellKey(c.student, c.date, c.time);
  return key in state.marks ? state.marks[key] : false;
};

export function TeacherJournal({ state }: { state: JournalState }) {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const [active, setActive] = useState<CellPlace | null>(null);
  const [invalid, setInvalidState] = useState<false | 'mark' | 'points'>(false);
  /** A pasted block refused for not fitting: how many of its cells fell outside (0: none). */
  const [overflow, setOverflow] = useState(0);
  const setInvalid = useCallback((v: boolean, what: 'mark' | 'points' = 'mark') => {
    setInvalidState(v && what);
    setOverflow(0);
  }, []);
  const [confirm, setConfirm] = useState<'lesson' | 'student' | null>(null);
  const [topicOpen, setTopicOpen] = useState(false);
  /** The subgroup whose rows the grid shows (-1: everyone), for the journal it was chosen in. */
  const [shown, setShown] = useState({ journal: -1, subgroup: -1 });
  const data = state.journal.data;
  const subgroup = data && shown.journal === data.info.id_journal ? shown.subgroup : -1;
  const students = useMemo(() => (!data ? [] : subgroup === -1 ? data.students : data.students.filter((s) => s.subgroup === subgroup)), [data, subgroup]);
  const lessons = useGridLessons(state);
  const mobile = usePhoneLesson(state, lessons);
  const onHistory = useCallback((cell: CellWrite) => dispatch(journalActions.historyRequested(cell)), [dispatch]);

  /** The cells whose record came from the student's own QR scan (as last read). */
  const qrCells = useMemo(
    () => new Set((data?.journal[0] ?? []).filter((v) => v.source === 'qr').map((v) => cellKey(v.id_student, v.visitDate, v.id_time))),
    [data],
  );
  const failedEdits = [...Object.values(state.edits), ...Object.values(state.finals.edits)].filter((e) => e.status === 'failed');
  useLeaveWarning(Object.keys(state.edits).length + Object.keys(state.finals.edits).length);
  useUndoKeys(Boolean(data && !data.info.readOnly && !mobile));

  const onWrite = useCallback((w: CellWrite) => dispatch(journalActions.cellWritten(w)), [dispatch]);
  const onPaste = useCallback((cells: CellWrite[]) => dispatch(journalActions.pasteRequested(cells)), [dispatch]);
  const onLesson = useCallback((date: string, time: number) => dispatch(journalActions.lessonChosen({ date, time })), [dispatch]);
  const onCellHistory = useCallback(
    (cell: CellPlace) =>
      dispatch(cell.final ? journalActions.finalHistoryRequested({ student: cell.student }) : journalActions.historyRequested({ ...cell, written: null })),
    [dispatch],
  );
  const { modules, topics, finals } = useFinals(state);
  const toToolbar = useCallback(() => document.querySelector<HTMLElement>('.journal-toolbar button:not(:disabled), .journal-toolbar a')?.focus(), []);
  const onDiscard = useCallback(
    (key: string) => dispatch(key.startsWith('final|') ? journalActions.finalsDiscarded([Number(key.slice(6))]) : journalActions.editsDiscarded([key])),
    [dispatch],
  );
  /** The active cell's lesson is the lesson in focus (mark all present, topic, delete act on it). */
  const onActive = useCallback(
    (cell: CellPlace | null) => {
      setActive(cell);
      if (cell && !cell.final) dispatch(journalActions.lessonChosen({ date: cell.date, time: cell.time }));
    },
    [dispatch],
  );

  if (state.journals.fetching) return <Spinner label={t('loading')} />;
  if (state.journals.error)
    return <LoadFailed what={t('loadFailed.journals')} failure={state.journals.error} onRetry={() => dispatch(journalActions.journalsRequested())} />;
  if (state.journals.data.length === 0 && state.year !== -1) return <p className="muted">{t('noJournals')}</p>;
  if (state.filters.journal === -1) return <p className="muted">{t('chooseJournal')}</p>;
  if (state.journal.fetching && !data) return <Spinner label={t('loading')} />;
  if (state.journal.error)
    return (
      <LoadFailed
        what={t('loadFailed.journal')}
        failure={state.journal.error}
        onRetry={() => dispatch(journalActions.journalRequested({ id: state.filters.journal }))}
      />
    );
  if (!data) return null;

  const lesson = state.lesson;
  const info = data.info;
  const activeStudent = active ? data.students.find((s) => s.id_student === active.student) : undefined;
  /** The history dialog names the student and the lesson: "Mark history · Name · 07.09 08:00". */
  const historyTitle = (cell: CellWrite) => {
    const name = data.students.find((s) => s.id_student === cell.student)?.s_fio ?? '';
    const at = lessons.find((l) => l.date === cell.date && l.time === cell.time)?.timeName ?? '';
    return `${t('history.title')} · ${name} · ${shortDate(cell.date)} ${at}`.trim();
  };
  const currentTopic = data.journal[1].find((x) => x.visitDate === lesson.date && x.id_time === lesson.time);
  const actionError = state.bulk.error ?? state.remove.error ?? state.topic.error ?? state.lessonAdd.error;

  return (
    <section className="journal-body" aria-labelledby="journal-heading">
      <div className="journal-head">
        <h2 id="journal-heading" className="journal-heading">
          {info.discipline} · {info.vid_zaniatiy} · {info.groupOrPotok}
          {info.subgroup ? ` · ${t('filters.subgroup', { n: info.subgroup })}` : ''}
        </h2>
        {info.readOnly ? null : (
          <JournalSetup
            info={info}
            students={data.students}
            modules={state.lists.modules}
            shown={subgroup}
            onShow={(n) => setShown({ journal: info.id_journal, subgroup: n })}
          />
        )}
      </div>
      {info.readOnly ? (
        <p className="journal-readonly" role="note">
          {t('period.readOnly', { date: fullDate(info.closesOn) })}
        </p>
      ) : null}
      <p className="journal-print-meta">
        {info.teacher} · {state.years.data.find((y) => y.id === info.id_a_year)?.name ?? info.id_a_year} · {t(`ws.${info.id_w_s}`)}
      </p>

      {/* On a phone the lesson's marking comes first; the lesson bar (adding a lesson, all present) below it. */}
      {mobile && !info.readOnly ? (
        <LessonMarking
          students={students}
          lessons={lessons}
          marks={state.marks}
          edits={state.edits}
          lesson={lesson}
          onLesson={onLesson}
          onWrite={onWrite}
          onHistory={onHistory}
          scale={info.scale}
        />
      ) : null}
      <LessonBar state={state} info={info} onTopic={() => setTopicOpen(true)} onDelete={() => setConfirm('lesson')} />
      {state.bulk.data !== null ? (
        <p className="journal-note" role="status">
          {t('lesson.markedAll', { count: state.bulk.data })}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => dispatch(journalActions.markAllCleared())}>
            {t('close')}
          </button>
        </p>
      ) : null}
      {actionError ? (
        <p className="journal-error" role="alert">
          {describeFailure(t, actionError)}
        </p>
      ) : null}

      <JournalToolbar state={state} info={info} active={active} canRemove={Boolean(activeStudent)} mobile={mobile} onRemove={() => setConfirm('student')} />
      {invalid ? (
        <p className="journal-error" role="alert">
          {invalid === 'points' ? t('cm:errors.INVALID_POINTS', { min: 0, max: 100 }) : t('cm:errors.INVALID_MARK', SCALES[info.scale])}
        </p>
      ) : null}
      {overflow > 0 ? (
        <p className="journal-error" role="alert">
          {t('grid.pasteOverflow', { count: overflow })}
        </p>
      ) : null}
      <UndoNotice notice={state.undo.notice} />
      {failedEdits[0]?.error ? <p className="journal-error">{describeFailure(t, failedEdits[0].error)}</p> : null}

      {info.readOnly ? null : <MarkLegend scale={info.scale} />}
      {lessons.length === 0 ? <p className="muted">{t('noLessons')}</p> : null}
      {mobile ? null : (
        <JournalGrid
          students={students}
          lessons={lessons}
          marks={state.marks}
          edits={state.edits}
          qrCells={qrCells}
          lesson={lesson}
          onWrite={onWrite}
          onPaste={onPaste}
          onLesson={onLesson}
          onActive={onActive}
          onInvalid={setInvalid}
          onOverflow={setOverflow}
          readOnly={info.readOnly}
          onDiscard={onDiscard}
          scale={info.scale}
          onHistory={onCellHistory}
          onToolbar={toToolbar}
          modules={modules}
          topics={topics}
          finals={finals}
        />
      )}
      <HiddenStudents info={info} hidden={state.hidden} />

      {state.finals.history.student !== null ? (
        <HistoryDialog
          title={`${t('history.finalTitle')} · ${data.students.find((s) => s.id_student === state.finals.history.student)?.s_fio ?? ''}`}
          finals={state.finals.history}
        />
      ) : null}
      {state.history.cell ? (
        <HistoryDialog
          title={historyTitle(state.history.cell)}
          history={state.history}
          current={info.readOnly ? undefined : storedCell(state, state.history.cell)}
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
          busy={state.topic.fetching}
          onClose={() => setTopicOpen(false)}
          onSave={(v) => {
            dispatch(journalActions.topicSaveRequested({ date: lesson.date, time: lesson.time, ...v }));
            setTopicOpen(false);
          }}
        />
      ) : null}

      {confirm ? <ConfirmRemoval what={confirm} lesson={lesson} student={activeStudent} busy={state.remove.fetching} onClose={() => setConfirm(null)} /> : null}
    </section>
  );
}

/** Deleting the lesson in focus, or removing the active cell's student from the list, asks first. */
function ConfirmRemoval({
  what,
  lesson,
  student,
  busy,
  onClose,
}: {
  what: 'lesson' | 'student';
  lesson: { date: string; time: number };
  student?: JournalStudent;
  busy: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('journal');
  const dispatch = useAppDispatch();
  if (what === 'lesson')
    return (
      <ConfirmDialog
        title={t('confirm.lessonTitle')}
        text={t('confirm.lessonText', { date: shortDate(lesson.date) })}
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
