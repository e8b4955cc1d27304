/** The chosen journal, for its teacher: the lesson bar, the toolbar and the grid (on a phone, the lesson's marking). */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JournalData } from '@contract/journal';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { Spinner } from '@components/Spinner';
import { pending } from '@shared/request/loadable';
import { useAppDispatch } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { journalActions, type CellWrite, type JournalState } from '../journal.slice';
import type { FinalWrite } from '../finals.slice';
import { cellKey } from '../pivot';
import type { CellPlace } from './grid/useActiveCell';
import { HiddenStudents } from './HiddenStudents';
import { JournalDialogs } from './JournalDialogs';
import { JournalGrid } from './JournalGrid';
import { JournalHead } from './JournalHead';
import { ActionNotices, EditNotices } from './JournalNotices';
import { JournalToolbar } from './JournalToolbar';
import { LessonBar } from './LessonBar';
import { LessonMarking } from './LessonMarking';
import { useUndoKeys } from './UndoButtons';
import { useFinals } from './useFinals';
import { useGridLessons, useLeaveWarning, useOpeningLesson, useTodayLessons } from './useGridLessons';
import { PhoneLessonActions } from './PhoneLessonActions';
import { useLessonMenu } from './useLessonMenu';

/** Loading, failure and empty states down to the chosen journal, then the journal itself. */
export function TeacherJournal({ state }: { state: JournalState }) {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const data = state.journal.data;
  useLeaveWarning(Object.keys(state.edits).length + Object.keys(state.finals.edits).length);

  if (pending(state.journals)) return <Spinner label={t('loading')} />;
  if (state.journals.error)
    return <LoadFailed what={t('loadFailed.journals')} failure={state.journals.error} onRetry={() => dispatch(journalActions.journalsRequested())} />;
  if (state.journals.data.length === 0 && state.year !== -1) return <p className="muted">{t('noJournals')}</p>;
  if (state.filters.journal === -1) return <p className="muted">{t('chooseJournal')}</p>;
  if (state.journal.fetching && !data) return <Spinner label={t('loading')} />;
  if (state.journal.error && !data)
    return (
      <LoadFailed
        what={t('loadFailed.journal')}
        failure={state.journal.error}
        onRetry={() => dispatch(journalActions.journalRequested({ id: state.filters.journal }))}
      />
    );
  if (!data) return null;
  return <OpenJournal state={state} data={data} />;
}

function OpenJournal({ state, data }: { state: JournalState; data: JournalData }) {
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
  const openTopic = useCallback(() => setTopicOpen(true), []);
  const askLessonDelete = useCallback(() => setConfirm('lesson'), []);
  /** The subgroup whose rows the grid shows (-1: everyone), for the journal it was chosen in. */
  const [shown, setShown] = useState({ journal: -1, subgroup: -1 });
  const info = data.info;
  const subgroup = shown.journal === info.id_journal ? shown.subgroup : -1;
  const students = useMemo(() => (subgroup === -1 ? data.students : data.students.filter((s) => s.subgroup === subgroup)), [data, subgroup]);
  const lessons = useGridLessons(state);
  const mobile = useOpeningLesson(state, lessons);
  const todayLessons = useTodayLessons(state, lessons);
  const lessonMenu = useLessonMenu({ state, info, lessons, onTopic: openTopic, onDelete: askLessonDelete, touch: mobile });
  useUndoKeys(!info.readOnly && !mobile);
  /** The cells whose record came from the student's own QR scan (as last read). */
  const qrCells = useMemo(() => new Set(data.journal[0].filter((v) => v.source === 'qr').map((v) => cellKey(v.id_student, v.visitDate, v.id_time))), [data]);

  const onHistory = useCallback((cell: CellWrite) => dispatch(journalActions.historyRequested(cell)), [dispatch]);
  const onWrite = useCallback((w: CellWrite) => dispatch(journalActions.cellWritten(w)), [dispatch]);
  /** A paste whose blank cells would delete stored records (or final results), held until the teacher says so. */
  const [pasteAsked, setPasteAsked] = useState<{ cells: CellWrite[]; finals: FinalWrite[]; clears: number } | null>(null);
  const marks = state.marks;
  const onPaste = useCallback(
    (cells: CellWrite[], finals: FinalWrite[]) => {
      const clears =
        cells.filter((c) => c.written === null && cellKey(c.student, c.date, c.time) in marks).length + finals.filter((f) => f.points === null).length;
      if (clears > 0) setPasteAsked({ cells, finals, clears });
      else dispatch(journalActions.pasteRequested(cells, finals));
    },
    [dispatch, marks],
  );
  const onLesson = useCallback((date: string, time: number) => dispatch(journalActions.lessonChosen({ date, time, picked: true })), [dispatch]);
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
  /**
   * The lesson of a cell the teacher moved to is the lesson in focus (mark all present, topic, delete
   * act on it). Where the grid first puts its cell (the last column, maybe a lesson planned ahead) or
   * keeps it while it changes (or follows the lesson bar) leaves the lesson in focus alone: the
   * opening lesson (useOpeningLesson) or the teacher's own pick says which it is.
   */
  const onActive = useCallback(
    (cell: CellPlace | null, moved: boolean) => {
      setActive(cell);
      if (cell && !cell.final && moved) dispatch(journalActions.lessonChosen({ date: cell.date, time: cell.time, picked: true }));
    },
    [dispatch],
  );
  const activeStudent = active ? data.students.find((s) => s.id_student === active.student) : undefined;
  /** What the grid and, on a phone, the lesson's marking both show and do. */
  const shared = { students, lessons, marks: state.marks, edits: state.edits, lesson: state.lesson, onLesson, onWrite, scale: info.scale, finals, lessonMenu };
  const toolbar = (
    <JournalToolbar state={state} info={info} active={active} canRemove={Boolean(activeStudent)} mobile={mobile} onRemove={() => setConfirm('student')} />
  );

  return (
    <section className="journal-body" aria-labelledby="journal-heading">
      <JournalHead data={data} state={state} shown={subgroup} onShow={(n) => setShown({ journal: info.id_journal, subgroup: n })} keys={!mobile}>
        {mobile ? null : toolbar}
      </JournalHead>
      {/* A failed read of this journal: what is shown is the last read, said before anything else on a phone too. */}
      {state.journal.error ? (
        <LoadFailed
          what={t('loadFailed.refresh')}
          failure={state.journal.error}
          onRetry={() => dispatch(journalActions.journalRequested({ id: info.id_journal, keepEdits: true }))}
        />
      ) : null}
      {/* On a phone the lesson's marking comes first; the lesson bar (adding a lesson, all present) below it. */}
      {mobile && !info.readOnly ? (
        <LessonMarking {...shared} onHistory={onHistory} today={todayLessons} actions={<PhoneLessonActions state={state} info={info} lessons={lessons} />} />
      ) : null}
      <LessonBar state={state} info={info} mobile={mobile} onTopic={openTopic} onDelete={askLessonDelete} />
      <ActionNotices state={state} />
      {mobile ? toolbar : null}
      <EditNotices state={state} scale={info.scale} invalid={invalid} overflow={overflow} />
      {lessons.length === 0 ? <p className="muted">{t('noLessons')}</p> : null}
      {mobile ? null : (
        <JournalGrid
          {...shared}
          qrCells={qrCells}
          onPaste={onPaste}
          onActive={onActive}
          onInvalid={setInvalid}
          onOverflow={setOverflow}
          readOnly={info.readOnly}
          onDiscard={onDiscard}
          onHistory={onCellHistory}
          onToolbar={toToolbar}
          modules={modules}
          topics={topics}
        />
      )}
      <HiddenStudents info={info} hidden={state.hidden} />
      {pasteAsked ? (
        <ConfirmDialog
          title={t('paste.clearsTitle')}
          text={t('paste.clears', { count: pasteAsked.clears, cells: pasteAsked.cells.length + pasteAsked.finals.length })}
          confirm={t('paste.confirm')}
          cancel={t('confirm.cancel')}
          onCancel={() => setPasteAsked(null)}
          onConfirm={() => {
            dispatch(journalActions.pasteRequested(pasteAsked.cells, pasteAsked.finals));
            setPasteAsked(null);
          }}
        />
      ) : null}
      <JournalDialogs
        state={state}
        data={data}
        lessons={lessons}
        topicOpen={topicOpen}
        onTopicClose={() => setTopicOpen(false)}
        confirm={confirm}
        onConfirmClose={() => setConfirm(null)}
        activeStudent={activeStudent}
      />
    </section>
  );
}
