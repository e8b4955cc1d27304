/**
 * /lms/journal (docs/product.md#journal). A teacher picks year, half-year and the filters down to
 * one journal, then works its grid with the keyboard; a student sees his own journal. Print and the
 * Excel export show the chosen journal under the title 'Activity journal'.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROLE_STUDENT } from '../../shared/request/roles';
import type { JournalInfo } from '../../../contract/journal';
import { journalExportUrl, SCALES } from '../../api/journal';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Select, type SelectOption } from '../../components/Select';
import { Spinner } from '../../components/Spinner';
import { describeFailure } from '../../shared/request/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { selectUser } from '../../shared/session/session';
import { Dialog } from '../../components/Dialog';
import { selectIsMobile } from '../../shared/shell/shell.slice';
import { JournalGrid, type GridLesson } from './components/JournalGrid';
import { JournalSetup } from './components/JournalSetup';
import { LessonMarking } from './components/LessonMarking';
import { StudentJournal } from './components/StudentJournal';
import { canRetry, chosenJournal, journalActions, matchingJournals, selectJournal, type CellWrite, type FilterName, type JournalState } from './journal.slice';
import { cellKey, fullDate, lessonKey, shortDate, showMark } from './pivot';
import './journal.css';

const distinct = (items: SelectOption[]) => [...new Map(items.map((o) => [o.id, o])).values()];

function useOptions(state: JournalState, name: FilterName, pick: (j: JournalInfo) => SelectOption): SelectOption[] {
  return useMemo(() => distinct(matchingJournals(state.journals.data, state.filters, name).map(pick)), [state.journals.data, state.filters, name, pick]);
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** ISO day of the week of a date, 1 Monday .. 7 Sunday (the timetable's day numbers). */
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

/** The address parameter that names the chosen journal (/lms/journal?j=<id>). */
export const JOURNAL_PARAM = 'j';

/**
 * The chosen journal and the address follow each other: choosing a journal adds a history entry
 * (?j=<id>), so the back button, a reload and a shared link reopen it once the teacher's journals
 * are listed; choosing something above it drops the parameter.
 */
function useJournalInAddress(state: JournalState, enabled: boolean) {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get(JOURNAL_PARAM) ?? -1) || -1;
  const chosen = state.filters.journal;
  const listed = enabled && !state.journals.fetching && state.journals.data.length > 0;
  /** The screen shown again (from another screen) with a journal still chosen keeps it, and names it. */
  const shown = useRef(false);
  useEffect(() => {
    if (!listed) return;
    const first = !shown.current;
    shown.current = true;
    if (linked === chosen) return;
    if (linked === -1) {
      if (first) setParams((p) => new URLSearchParams([...p, [JOURNAL_PARAM, String(chosen)]]), { replace: true });
      else dispatch(journalActions.filterChosen({ name: 'journal', id: -1 }));
      return;
    }
    const info = state.journals.data.find((j) => j.id_journal === linked);
    if (info) dispatch(journalActions.journalLinked(info));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the address (and the list's arrival) only
  }, [linked, listed]);
  const previous = useRef(chosen);
  useEffect(() => {
    if (!enabled || previous.current === chosen) return;
    previous.current = chosen;
    if (chosen === linked) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (chosen === -1) next.delete(JOURNAL_PARAM);
        else next.set(JOURNAL_PARAM, String(chosen));
        return next;
      },
      { replace: chosen === -1 },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the choice only
  }, [chosen, enabled]);
}

export default function JournalScreen() {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const state = useAppSelector(selectJournal);
  usePageTitle(t('title'));
  useJournalInAddress(state, Boolean(user) && user?.role !== ROLE_STUDENT);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // A journal newly chosen folds the filters again.
  useEffect(() => setFiltersOpen(false), [state.filters.journal]);

  useEffect(() => {
    dispatch(journalActions.opened());
  }, [dispatch]);

  if (!user) return null;
  const student = user.role === ROLE_STUDENT;
  const chosen = student ? null : chosenJournal(state.journals.data, state.filters);
  // Once a journal is chosen the filters fold into one line naming it (which opens them again).
  const summary = chosen
    ? [state.years.data.find((y) => y.id === state.year)?.name ?? state.year, t(`ws.${state.ws}`), chosen.discipline, chosen.vid_zaniatiy, chosen.groupOrPotok + (chosen.subgroup ? ` · ${t('filters.subgroup', { n: chosen.subgroup })}` : '')].join(' · ')
    : null;
  const halves: SelectOption[] = [
    { id: 1, name: t('ws.1') },
    { id: 2, name: t('ws.2') },
  ];

  return (
    <div className="journal-screen">
      <h1 className="journal-title">{student ? t('student.title') : t('title')}</h1>
      <p className="journal-print-title">{t('printTitle')}</p>
      {summary && !filtersOpen ? (
        <p className="journal-summary">
          <button type="button" className="btn btn-ghost journal-summary-btn" aria-expanded={false} aria-controls="journal-filters" onClick={() => {
              flushSync(() => setFiltersOpen(true));
              document.getElementById('journal-year')?.focus();
            }}>
            <span className="journal-summary-text">{summary}</span>
            <span className="journal-summary-change">{t('filters.change')}</span>
          </button>
        </p>
      ) : null}
      <div id="journal-filters" className="journal-filters" hidden={Boolean(summary) && !filtersOpen}>
        <Select id="journal-year" label={t('filters.year')} options={state.years.data} value={state.year} onChange={(id) => dispatch(journalActions.halfChosen({ year: id, ws: state.ws }))} />
        <Select id="journal-ws" label={t('filters.ws')} options={halves} value={state.ws} onChange={(id) => dispatch(journalActions.halfChosen({ year: state.year, ws: id }))} />
        {student ? null : <TeacherFilters state={state} />}
        {summary ? (
          <button type="button" className="btn btn-ghost btn-small journal-filters-close" aria-expanded={true} aria-controls="journal-filters" onClick={() => {
              flushSync(() => setFiltersOpen(false));
              document.querySelector<HTMLElement>('.journal-summary-btn')?.focus();
            }}>
            {t('filters.hide')}
          </button>
        ) : null}
      </div>
      {state.years.error ? <p className="journal-error" role="alert">{describeFailure(t, state.years.error)}</p> : null}
      {student ? <OwnJournal state={state} /> : <TeacherJournal state={state} />}
    </div>
  );
}

function OwnJournal({ state }: { state: JournalState }) {
  const { t } = useTranslation(['journal', 'cm']);
  if (state.own.fetching) return <Spinner label={t('loading')} />;
  if (state.own.error) return <p className="journal-error" role="alert">{describeFailure(t, state.own.error)}</p>;
  return <StudentJournal items={state.own.data} />;
}

const pickSemester = (j: JournalInfo) => ({ id: j.id_semester, name: j.semester });
const pickDiscipline = (j: JournalInfo) => ({ id: j.id_discipline, name: j.discipline });
const pickControl = (j: JournalInfo) => ({ id: j.id_examination, name: j.examination });
const pickCredit = (j: JournalInfo) => ({ id: j.credits, name: String(j.credits) });
const pickLessonType = (j: JournalInfo) => ({ id: j.id_vid_zaniatiy, name: j.vid_zaniatiy });
const pickForm = (j: JournalInfo) => ({ id: j.id_f_educ, name: j.f_educ });

function TeacherFilters({ state }: { state: JournalState }) {
  const { t } = useTranslation('journal');
  const dispatch = useAppDispatch();
  const pickJournal = useCallback(
    (j: JournalInfo) => ({ id: j.id_journal, name: `${j.groupOrPotok}${j.isPotok ? ` (${t('filters.stream')})` : ''}${j.subgroup ? ` · ${t('filters.subgroup', { n: j.subgroup })}` : ''}` }),
    [t],
  );
  const options: Record<FilterName, SelectOption[]> = {
    semester: useOptions(state, 'semester', pickSemester),
    discipline: useOptions(state, 'discipline', pickDiscipline),
    control: useOptions(state, 'control', pickControl),
    credit: useOptions(state, 'credit', pickCredit),
    lessonType: useOptions(state, 'lessonType', pickLessonType),
    educForm: useOptions(state, 'educForm', pickForm),
    journal: useOptions(state, 'journal', pickJournal),
  };
  const choose = (name: FilterName) => (id: number) => dispatch(journalActions.filterChosen({ name, id }));
  return (
    <>
      <Select id="journal-semester" label={t('filters.semester')} options={options.semester} value={state.filters.semester} onChange={choose('semester')} />
      <Select id="journal-discipline" label={t('filters.discipline')} options={options.discipline} value={state.filters.discipline} onChange={choose('discipline')} />
      <Select id="journal-control" label={t('filters.control')} options={options.control} value={state.filters.control} onChange={choose('control')} />
      <Select id="journal-credit" label={t('filters.credit')} options={options.credit} value={state.filters.credit} onChange={choose('credit')} />
      <Select id="journal-lesson-type" label={t('filters.lessonType')} options={options.lessonType} value={state.filters.lessonType} onChange={choose('lessonType')} />
      <Select id="journal-form" label={t('filters.educForm')} options={options.educForm} value={state.filters.educForm} onChange={choose('educForm')} />
      <Select id="journal-group" label={t('filters.group')} options={options.journal} value={state.filters.journal} onChange={choose('journal')} />
    </>
  );
}

function TeacherJournal({ state }: { state: JournalState }) {
  const { t, i18n } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const [active, setActive] = useState<{ student: number; date: string; time: number } | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [confirm, setConfirm] = useState<'lesson' | 'student' | null>(null);
  const [topicOpen, setTopicOpen] = useState(false);
  /** The subgroup whose rows the grid shows (-1: everyone), for the journal it was chosen in. */
  const [shown, setShown] = useState({ journal: -1, subgroup: -1 });
  const data = state.journal.data;
  const subgroup = data && shown.journal === data.info.id_journal ? shown.subgroup : -1;
  const students = useMemo(() => (!data ? [] : subgroup === -1 ? data.students : data.students.filter((s) => s.subgroup === subgroup)), [data, subgroup]);

  const timeName = useMemo(() => new Map(state.lists.times.map((x) => [x.id, x.name.split('–')[0]])), [state.lists.times]);
  const lessons: GridLesson[] = useMemo(() => {
    if (!data) return [];
    const topics = new Map(data.journal[1].map((x) => [lessonKey(x.visitDate, x.id_time), x.topic]));
    const all = [
      ...data.dates.map((d) => ({ date: d.visitDate, time: d.id_time, timeName: d.time, topic: topics.get(lessonKey(d.visitDate, d.id_time)) ?? null })),
      ...state.added.map((l) => ({ date: l.date, time: l.time, timeName: timeName.get(l.time) ?? '', topic: null })),
    ];
    return all.sort((a, b) => a.date.localeCompare(b.date) || a.time - b.time);
  }, [data, state.added, timeName]);

  // On a phone a journal opens on today's lesson (else its latest), once per journal opened.
  const mobile = useAppSelector(selectIsMobile);
  const openedOn = useRef(-1);
  useEffect(() => {
    if (!mobile || !data || lessons.length === 0 || openedOn.current === data.info.id_journal) return;
    openedOn.current = data.info.id_journal;
    if (lessons.some((l) => l.date === state.lesson.date && l.time === state.lesson.time)) return;
    const pick = lessons.find((l) => l.date === today()) ?? lessons[lessons.length - 1];
    dispatch(journalActions.lessonChosen({ date: pick.date, time: pick.time }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per journal, when its lessons are known
  }, [mobile, data, lessons]);
  const onHistory = useCallback((cell: CellWrite) => dispatch(journalActions.historyRequested(cell)), [dispatch]);

  /** The cells whose record came from the student's own QR scan (as last read). */
  const qrCells = useMemo(() => new Set((data?.journal[0] ?? []).filter((v) => v.source === 'qr').map((v) => cellKey(v.id_student, v.visitDate, v.id_time))), [data]);

  const pending = Object.values(state.edits);
  const saving = pending.filter((e) => e.status === 'saving').length;
  const failedEdits = pending.filter((e) => e.status === 'failed');
  const retryable = failedEdits.some((e) => canRetry(e.error));

  // Leaving the page with marks not yet saved asks first.
  useEffect(() => {
    if (pending.length === 0) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending.length]);

  const onWrite = useCallback((w: CellWrite) => dispatch(journalActions.cellWritten(w)), [dispatch]);
  const onPaste = useCallback((cells: CellWrite[]) => dispatch(journalActions.pasteRequested(cells)), [dispatch]);
  const onLesson = useCallback((date: string, time: number) => dispatch(journalActions.lessonChosen({ date, time })), [dispatch]);
  const onDiscard = useCallback((key: string) => dispatch(journalActions.editsDiscarded([key])), [dispatch]);
  /** The active cell's lesson is the lesson in focus (mark all present, topic, delete act on it). */
  const onActive = useCallback(
    (cell: { student: number; date: string; time: number } | null) => {
      setActive(cell);
      if (cell) dispatch(journalActions.lessonChosen({ date: cell.date, time: cell.time }));
    },
    [dispatch],
  );

  if (state.journals.fetching) return <Spinner label={t('loading')} />;
  if (state.journals.error) return <p className="journal-error" role="alert">{describeFailure(t, state.journals.error)}</p>;
  if (state.journals.data.length === 0 && state.year !== -1) return <p className="muted">{t('noJournals')}</p>;
  if (state.filters.journal === -1) return <p className="muted">{t('chooseJournal')}</p>;
  if (state.journal.fetching && !data) return <Spinner label={t('loading')} />;
  if (state.journal.error) return <p className="journal-error" role="alert">{describeFailure(t, state.journal.error)}</p>;
  if (!data) return null;

  const lesson = state.lesson;
  const info = data.info;
  // Every write is dated inside the journal's half-year (docs/product.md#journal).
  const outside = Boolean(lesson.date) && (lesson.date < info.startsOn || lesson.date > info.endsOn);
  const lessonReady = Boolean(lesson.date) && lesson.time !== -1 && !outside;
  // The lesson times of the chosen date's weekday in the teacher's timetable come first, marked as such.
  const scheduled = lesson.date ? state.timetable.filter((x) => x.day_number === weekday(lesson.date)).map((x) => x.id_time) : [];
  const timeOptions = [
    ...state.lists.times.filter((x) => scheduled.includes(x.id)).map((x) => ({ id: x.id, name: `${x.name} · ${t('lesson.scheduled')}` })),
    ...state.lists.times.filter((x) => !scheduled.includes(x.id)),
  ];
  const chooseDate = (date: string) => {
    const first = state.timetable.find((x) => date && x.day_number === weekday(date));
    // A date whose weekday has a lesson in the timetable takes its time when none is chosen yet.
    dispatch(journalActions.lessonChosen(lesson.time === -1 && first ? { date, time: first.id_time } : { date }));
  };
  const activeStudent = active ? data.students.find((s) => s.id_student === active.student) : undefined;
  /** The history dialog names the student and the lesson: "Mark history · Name · 07.09 08:00". */
  const historyTitle = (cell: CellWrite) => {
    const name = data.students.find((s) => s.id_student === cell.student)?.s_fio ?? '';
    const at = lessons.find((l) => l.date === cell.date && l.time === cell.time)?.timeName ?? '';
    return `${t('history.title')} · ${name} · ${shortDate(cell.date)} ${at}`.trim();
  };
  const currentTopic = data.journal[1].find((x) => x.visitDate === lesson.date && x.id_time === lesson.time);

  return (
    <section className="journal-body" aria-labelledby="journal-heading">
      <div className="journal-head">
        <h2 id="journal-heading" className="journal-heading">
          {info.discipline} · {info.vid_zaniatiy} · {info.groupOrPotok}
          {info.subgroup ? ` · ${t('filters.subgroup', { n: info.subgroup })}` : ''}
        </h2>
        {info.readOnly ? null : (
          <JournalSetup info={info} students={data.students} modules={state.lists.modules} shown={subgroup} onShow={(n) => setShown({ journal: info.id_journal, subgroup: n })} />
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
        <LessonMarking students={students} lessons={lessons} marks={state.marks} edits={state.edits} lesson={lesson} onLesson={onLesson} onWrite={onWrite} onHistory={onHistory} scale={info.scale} />
      ) : null}
      <div className="journal-lesson" role="group" aria-label={t('lesson.group')} hidden={info.readOnly}>
        <div className="field">
          <label htmlFor="journal-date">{t('lesson.date')}</label>
          <input id="journal-date" className="input" type="date" min={info.startsOn} max={info.endsOn} aria-invalid={outside || undefined} aria-describedby={outside ? 'journal-date-outside' : undefined} value={lesson.date} onChange={(e) => chooseDate(e.target.value)} />
        </div>
        <Select id="journal-time" label={t('lesson.time')} options={timeOptions} value={lesson.time} onChange={(id) => dispatch(journalActions.lessonChosen({ time: id }))} />
        <div className="journal-actions">
          <button type="button" className="btn btn-secondary" disabled={!lessonReady || state.lessonAdd.fetching} onClick={() => dispatch(journalActions.lessonAddRequested({ date: lesson.date, time: lesson.time }))}>
            {t('lesson.add')}
          </button>
          <button type="button" className="btn btn-primary" disabled={!lessonReady || state.bulk.fetching} onClick={() => dispatch(journalActions.markAllRequested({ date: lesson.date, time: lesson.time }))}>
            {t('lesson.markAll')}
          </button>
          <button type="button" className="btn btn-secondary" disabled={!lessonReady} onClick={() => setTopicOpen(true)}>
            {t('lesson.topic')}
          </button>
          <button type="button" className="btn btn-ghost" disabled={!lessonReady} onClick={() => setConfirm('lesson')}>
            {t('lesson.delete')}
          </button>
          {lesson.date === '' ? (
            <button type="button" className="btn btn-ghost" onClick={() => chooseDate(today())}>
              {t('lesson.today')}
            </button>
          ) : null}
        </div>
        {outside ? (
          <p id="journal-date-outside" className="journal-error" role="alert">
            {t('period.outside', { from: fullDate(info.startsOn), to: fullDate(info.endsOn) })}
          </p>
        ) : null}
      </div>
      {state.bulk.data !== null ? (
        <p className="journal-note" role="status">
          {t('lesson.markedAll', { count: state.bulk.data })}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => dispatch(journalActions.markAllCleared())}>
            {t('close')}
          </button>
        </p>
      ) : null}
      {state.bulk.error || state.remove.error || state.topic.error || state.lessonAdd.error ? (
        <p className="journal-error" role="alert">
          {describeFailure(t, state.bulk.error ?? state.remove.error ?? state.topic.error ?? state.lessonAdd.error)}
        </p>
      ) : null}

      <div className="journal-toolbar">
        <p className="journal-status" role="status" aria-live="polite">
          {saving > 0 ? t('status.saving', { count: saving }) : failedEdits.length > 0 ? t(retryable ? 'status.failed' : 'status.failedRefused', { count: failedEdits.length }) : state.savedCount > 0 ? t('status.saved') : mobile || info.readOnly ? '' : t('status.hint')}
        </p>
        {retryable ? (
          <button type="button" className="btn btn-primary btn-small" onClick={() => dispatch(journalActions.retryRequested())}>
            {t('status.retry')}
          </button>
        ) : null}
        {failedEdits.length > 0 ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => dispatch(journalActions.editsDiscarded())}>
            {t('status.discard')}
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost btn-small" disabled={!active} onClick={() => active && dispatch(journalActions.historyRequested({ ...active, written: null }))}>
          {t('toolbar.history')}
        </button>
        <button type="button" className="btn btn-ghost btn-small" disabled={!activeStudent} hidden={info.readOnly} onClick={() => setConfirm('student')}>
          {t('toolbar.removeStudent')}
        </button>
        <a className="btn btn-ghost btn-small" href={journalExportUrl(info.id_journal, i18n.resolvedLanguage ?? 'ru')} download>
          {t('toolbar.export')}
        </a>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => window.print()}>
          {t('toolbar.print')}
        </button>
      </div>
      {invalid ? (
        <p className="journal-error" role="alert">
          {t('cm:errors.INVALID_MARK', SCALES[info.scale])}
        </p>
      ) : null}
      {failedEdits[0]?.error ? <p className="journal-error">{describeFailure(t, failedEdits[0].error)}</p> : null}

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
          readOnly={info.readOnly}
          onDiscard={onDiscard}
          scale={info.scale}
        />
      )}

      {state.history.cell ? (
        <Dialog title={historyTitle(state.history.cell)} onClose={() => dispatch(journalActions.historyClosed())} className="dialog card journal-dialog-wide">
          {state.history.fetching ? <Spinner label={t('loading')} /> : null}
          {state.history.error ? <p className="journal-error">{describeFailure(t, state.history.error)}</p> : null}
          {!state.history.fetching && state.history.data.length === 0 && !state.history.error ? <p className="muted">{t('history.empty')}</p> : null}
          <ol className="journal-history">
            {state.history.data.map((h, i) => (
              <li key={i}>
                <span className="muted">{new Date(h.at).toLocaleString(i18n.resolvedLanguage === 'en' ? 'en-GB' : 'ru-RU')}</span> · {h.who}:{' '}
                {t(`history.${h.action}`, { old: showMark(h.oldMark), new: showMark(h.newMark) })} <span className="muted">({t(`history.source.${h.source}`)})</span>
              </li>
            ))}
          </ol>
          <div className="dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={() => dispatch(journalActions.historyClosed())}>
              {t('close')}
            </button>
          </div>
        </Dialog>
      ) : null}

      {topicOpen ? (
        <TopicDialog
          key={`${lesson.date}|${lesson.time}`}
          title={`${t('lesson.topic')} · ${shortDate(lesson.date)}`}
          initial={currentTopic ? { topic: currentTopic.topic, lessonNumber: currentTopic.lessonNumber, hours: currentTopic.hours, module: currentTopic.id_module ?? -1 } : null}
          modules={state.lists.modules}
          busy={state.topic.fetching}
          onClose={() => setTopicOpen(false)}
          onSave={(v) => {
            dispatch(journalActions.topicSaveRequested({ date: lesson.date, time: lesson.time, ...v }));
            setTopicOpen(false);
          }}
        />
      ) : null}

      {confirm === 'lesson' ? (
        <ConfirmDialog
          title={t('confirm.lessonTitle')}
          text={t('confirm.lessonText', { date: shortDate(lesson.date) })}
          confirm={t('confirm.delete')}
          cancel={t('confirm.cancel')}
          busy={state.remove.fetching}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            dispatch(journalActions.lessonDeleteRequested({ date: lesson.date, time: lesson.time }));
            setConfirm(null);
          }}
        />
      ) : null}
      {confirm === 'student' && activeStudent ? (
        <ConfirmDialog
          title={t('confirm.studentTitle')}
          text={t('confirm.studentText', { name: activeStudent.s_fio })}
          confirm={t('confirm.remove')}
          cancel={t('confirm.cancel')}
          busy={state.remove.fetching}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            dispatch(journalActions.studentDeleteRequested({ student: activeStudent.id_student }));
            setConfirm(null);
          }}
        />
      ) : null}
    </section>
  );
}

interface TopicValue {
  topic: string;
  lessonNumber: number;
  hours: number;
  module: number;
}

function TopicDialog({ title, initial, modules, busy, onClose, onSave }: { title: string; initial: TopicValue | null; modules: SelectOption[]; busy: boolean; onClose: () => void; onSave: (v: TopicValue) => void }) {
  const { t } = useTranslation('journal');
  const dispatch = useAppDispatch();
  const [value, setValue] = useState<TopicValue>(initial ?? { topic: '', lessonNumber: 1, hours: 2, module: -1 });
  const [planned, setPlanned] = useState(-1);
  const plan = useAppSelector(selectJournal).setup.topics.data ?? [];
  // The planned topics, to take one as this lesson's topic.
  useEffect(() => {
    dispatch(journalActions.planTopicsRequested());
  }, [dispatch]);
  const orders = [1, 2, 3, 4, 5].map((n) => ({ id: n, name: t(`topic.order${n}`) }));
  const hours = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: String(i + 1) }));
  const takePlanned = (n: number) => {
    setPlanned(n);
    const p = plan.find((x) => x.number === n);
    if (p) setValue({ ...value, topic: p.topic, hours: p.hours, module: p.id_module ?? -1 });
  };
  return (
    <Dialog title={title} onClose={onClose} className="dialog card journal-dialog-wide">
      <form
        className="form journal-topic-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (value.topic.trim()) onSave({ ...value, topic: value.topic.trim() });
        }}
      >
        {plan.length > 0 ? (
          <Select id="journal-topic-planned" label={t('topic.planned')} options={plan.map((p) => ({ id: p.number, name: `${p.number}. ${p.topic}` }))} value={planned} onChange={takePlanned} />
        ) : null}
        <div className="field">
          <label htmlFor="journal-topic-text">{t('topic.text')}</label>
          <input id="journal-topic-text" className="input" value={value.topic} maxLength={500} required onChange={(e) => setValue({ ...value, topic: e.target.value })} />
        </div>
        <Select id="journal-topic-order" label={t('topic.number')} options={orders} value={value.lessonNumber} blank={false} onChange={(id) => setValue({ ...value, lessonNumber: id })} />
        <Select id="journal-topic-hours" label={t('topic.hours')} options={hours} value={value.hours} blank={false} onChange={(id) => setValue({ ...value, hours: id })} />
        <Select id="journal-topic-module" label={t('topic.module')} options={modules} value={value.module} onChange={(id) => setValue({ ...value, module: id })} />
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('confirm.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || !value.topic.trim()}>
            {t('topic.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
