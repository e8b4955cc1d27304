/**
 * /lms/journal (docs/areas/journal.md#for-users). A teacher picks year, half-year and the filters down to
 * one journal, then works its grid with the keyboard; a student sees his own journal. Print and the
 * Excel export show the chosen journal under the title 'Activity journal'.
 */
// The journal's styles: each part's file is imported first where it is used, so the parts come in
// the order of the screen's imports (this screen's first, the grid's before its row ends'); the
// printed page's rules come last.
import './journal.css';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROLE_STUDENT } from '@shared/request/roles';
import { Select, type SelectOption } from '@components/Select';
import { LoadFailed } from '@shared/request/LoadFailed';
import { pending } from '@shared/request/loadable';
import { Loaded } from '@shared/request/Loaded';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { selectUser } from '@shared/session/session';
import { StudentJournal } from './components/StudentJournal';
import { TeacherFilters } from './components/TeacherFilters';
import { TeacherJournal } from './components/TeacherJournal';
import { chosenJournal, journalActions, selectJournal, type JournalState } from './journal.slice';
import { useJournalInAddress } from './useJournalInAddress';
import './print.css';

export { JOURNAL_PARAM } from './useJournalInAddress';

export default function JournalScreen() {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const state = useAppSelector(selectJournal);
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
    ? [
        state.years.data.find((y) => y.id === state.year)?.name ?? state.year,
        t(`ws.${state.ws}`),
        chosen.discipline,
        chosen.vid_zaniatiy,
        chosen.groupOrPotok + (chosen.subgroup ? ` · ${t('filters.subgroup', { n: chosen.subgroup })}` : ''),
      ].join(' · ')
    : null;
  // The year and half-year say they are loading until the years and the current period are in.
  const periodWaiting = !state.years.error && (pending(state.years) || state.year === -1);
  const halves: SelectOption[] = [
    { id: 1, name: t('ws.1') },
    { id: 2, name: t('ws.2') },
  ];

  return (
    <div className="journal-screen">
      {/* The title, the chosen journal's summary line and the review link share one line: the grid's rows come sooner. */}
      <div className="journal-top">
        <h1 className="journal-title">{student ? t('student.title') : t('title')}</h1>
        {summary && !filtersOpen ? (
          <p className="journal-summary">
            <button
              type="button"
              className="btn btn-ghost journal-summary-btn"
              aria-expanded={false}
              aria-controls="journal-filters"
              onClick={() => {
                flushSync(() => setFiltersOpen(true));
                document.getElementById('journal-year')?.focus();
              }}
            >
              <span className="journal-summary-text">{summary}</span>
              <span className="journal-summary-change">{t('filters.change')}</span>
            </button>
          </p>
        ) : null}
        {student ? null : (
          <p className="journal-qr-review">
            <Link to="/qrreview">{t('qrReview')}</Link>
          </p>
        )}
      </div>
      <p className="journal-print-title">{t('printTitle')}</p>
      <div id="journal-filters" className="journal-filters" hidden={Boolean(summary) && !filtersOpen}>
        <Select
          id="journal-year"
          label={t('filters.year')}
          options={state.years.data}
          value={state.year}
          loading={periodWaiting}
          onChange={(id) => dispatch(journalActions.halfChosen({ year: id, ws: state.ws }))}
        />
        <Select
          id="journal-ws"
          label={t('filters.ws')}
          options={halves}
          value={state.ws}
          loading={periodWaiting}
          onChange={(id) => dispatch(journalActions.halfChosen({ year: state.year, ws: id }))}
        />
        {student ? null : <TeacherFilters state={state} />}
        {summary ? (
          <button
            type="button"
            className="btn btn-ghost btn-small journal-filters-close"
            aria-expanded={true}
            aria-controls="journal-filters"
            onClick={() => {
              flushSync(() => setFiltersOpen(false));
              document.querySelector<HTMLElement>('.journal-summary-btn')?.focus();
            }}
          >
            {t('filters.hide')}
          </button>
        ) : null}
      </div>
      {/* A failed load is said once, with Retry; nothing below it claims the half-year is empty. */}
      {state.years.error ? (
        <LoadFailed what={t('loadFailed.years')} failure={state.years.error} onRetry={() => dispatch(journalActions.opened())} />
      ) : student ? (
        <OwnJournal state={state} />
      ) : (
        <TeacherJournal state={state} />
      )}
    </div>
  );
}

function OwnJournal({ state }: { state: JournalState }) {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  // "No marks" only once the journal has answered.
  return (
    <Loaded of={state.own} what={t('loadFailed.own')} onRetry={() => dispatch(journalActions.ownRequested())}>
      <StudentJournal items={state.own.data} />
    </Loaded>
  );
}
