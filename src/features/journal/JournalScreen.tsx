/**
 * /lms/journal (docs/product.md#journal). A teacher picks year, half-year and the filters down to
 * one journal, then works its grid with the keyboard; a student sees his own journal. Print and the
 * Excel export show the chosen journal under the title 'Activity journal'.
 */
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROLE_STUDENT } from '../../shared/request/roles';
import { Select, type SelectOption } from '../../components/Select';
import { Spinner } from '../../components/Spinner';
import { LoadFailed } from '../../shared/request/LoadFailed';
import { usePageTitle } from '../../lib/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { selectUser } from '../../shared/session/session';
import { StudentJournal } from './components/StudentJournal';
import { TeacherFilters } from './components/TeacherFilters';
import { TeacherJournal } from './components/TeacherJournal';
import { chosenJournal, journalActions, selectJournal, type JournalState } from './journal.slice';
import { useJournalInAddress } from './useJournalInAddress';
import './journal.css';

export { JOURNAL_PARAM } from './useJournalInAddress';

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
    ? [
        state.years.data.find((y) => y.id === state.year)?.name ?? state.year,
        t(`ws.${state.ws}`),
        chosen.discipline,
        chosen.vid_zaniatiy,
        chosen.groupOrPotok + (chosen.subgroup ? ` · ${t('filters.subgroup', { n: chosen.subgroup })}` : ''),
      ].join(' · ')
    : null;
  const halves: SelectOption[] = [
    { id: 1, name: t('ws.1') },
    { id: 2, name: t('ws.2') },
  ];

  return (
    <div className="journal-screen">
      <h1 className="journal-title">{student ? t('student.title') : t('title')}</h1>
      <p className="journal-print-title">{t('printTitle')}</p>
      {student ? null : (
        <p className="journal-qr-review">
          <Link to="/qrreview">{t('qrReview')}</Link>
        </p>
      )}
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
      <div id="journal-filters" className="journal-filters" hidden={Boolean(summary) && !filtersOpen}>
        <Select
          id="journal-year"
          label={t('filters.year')}
          options={state.years.data}
          value={state.year}
          onChange={(id) => dispatch(journalActions.halfChosen({ year: id, ws: state.ws }))}
        />
        <Select
          id="journal-ws"
          label={t('filters.ws')}
          options={halves}
          value={state.ws}
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
  if (state.own.fetching) return <Spinner label={t('loading')} />;
  if (state.own.error) return <LoadFailed what={t('loadFailed.own')} failure={state.own.error} onRetry={() => dispatch(journalActions.ownRequested())} />;
  return <StudentJournal items={state.own.data} />;
}
