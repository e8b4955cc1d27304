/**
 * /lms/gradingsheet (docs/areas/gradingsheet.md#for-users): a teacher's disciplines and groups of a
 * half-year and the sheet he opens (exam points typed or pasted, totals and grades as he types,
 * signing, resits; the dean's office reopens a signed one); a student's own lines of signed sheets.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLE_STUDENT } from '@shared/request/roles';
import type { Sheet } from '@contract/gradingsheet';
import { academicYearName } from '@contract/pure/academic-year';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { LoadFailed } from '@shared/request/LoadFailed';
import { selectUser } from '@shared/session/session';
import { ExamGrid } from './components/ExamGrid';
import { ReopenDialog } from './components/ReopenDialog';
import { sheetPdfUrl, sheetXlsxUrl } from './gradingsheet.api';
import { gradingSheetActions as A, selectGradingSheet } from './gradingsheet.slice';
import './gradingsheet.css';

function MyLines() {
  const { t } = useTranslation('gradingsheet');
  const dispatch = useAppDispatch();
  const { mine } = useAppSelector(selectGradingSheet);
  if (mine.error) return <LoadFailed failure={mine.error} onRetry={() => dispatch(A.mineRequested())} />;
  if (!mine.loaded) return <Spinner />;
  if (mine.data.length === 0) return <p className="muted">{t('mine.empty')}</p>;
  return (
    <div className="gs-table-wrap">
      <table className="gs-table stack-table" data-testid="gs-mine">
        <caption className="sr-only">{t('mine.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.discipline')}</th>
            <th scope="col">{t('columns.halfYear')}</th>
            <th scope="col">{t('columns.attempt')}</th>
            <th scope="col">{t('columns.modules')}</th>
            <th scope="col">{t('columns.exam')}</th>
            <th scope="col">{t('columns.total')}</th>
            <th scope="col">{t('columns.grade')}</th>
          </tr>
        </thead>
        <tbody>
          {mine.data.map((l) => (
            <tr key={l.id_sheet}>
              <td className="stack-title" data-label={t('columns.discipline')}>
                {l.discipline}
              </td>
              <td data-label={t('columns.halfYear')}>{l.halfYear}</td>
              <td data-label={t('columns.attempt')}>{t(`attempts.${l.attempt}`)}</td>
              <td data-label={t('columns.modules')}>{l.modulePoints}</td>
              <td data-label={t('columns.exam')}>{l.exam ?? '—'}</td>
              <td data-label={t('columns.total')}>{l.total}</td>
              <td data-label={t('columns.grade')}>
                {l.letter} · {l.word}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SheetList() {
  const { t } = useTranslation('gradingsheet');
  const dispatch = useAppDispatch();
  const { list, half } = useAppSelector(selectGradingSheet);
  const now = new Date().getFullYear();
  const years = [now + 1, now, now - 1, now - 2, now - 3];
  return (
    <>
      <div className="gs-filters">
        <div className="field">
          <label htmlFor="gs-year">{t('fields.year')}</label>
          <select
            id="gs-year"
            className="input"
            value={half?.year ?? ''}
            disabled={!half}
            onChange={(e) => half && dispatch(A.halfChosen({ year: Number(e.target.value), ws: half.ws }))}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {academicYearName(y)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="gs-ws">{t('fields.halfYear')}</label>
          <select
            id="gs-ws"
            className="input"
            value={half?.ws ?? ''}
            disabled={!half}
            onChange={(e) => half && dispatch(A.halfChosen({ year: half.year, ws: Number(e.target.value) === 2 ? 2 : 1 }))}
          >
            <option value={1}>{t('halfYears.autumn')}</option>
            <option value={2}>{t('halfYears.spring')}</option>
          </select>
        </div>
      </div>
      {list.error ? <LoadFailed failure={list.error} onRetry={() => half && dispatch(A.halfChosen(half))} /> : null}
      {!list.loaded && !list.error ? <Spinner /> : null}
      {list.loaded && list.data.length === 0 ? <p className="muted">{t('list.empty')}</p> : null}
      {list.loaded && list.data.length > 0 ? (
        <ul className="gs-list" data-testid="gs-list">
          {list.data.map((item) => {
            const first = item.sheets.find((s) => s.attempt === 1);
            const resits = item.sheets.filter((s) => s.attempt > 1);
            return (
              <li key={`${item.id_journal}-${item.id_group}`} className="card gs-item">
                <div>
                  <p className="gs-item-title">{item.discipline}</p>
                  <p className="muted">
                    {item.group} · {first ? (first.signed ? t('status.signed') : t('status.open')) : t('status.none')}
                  </p>
                </div>
                <div className="gs-item-actions">
                  <button
                    type="button"
                    className="btn btn-primary"
                    aria-label={`${t('list.open')}: ${item.discipline}, ${item.group}`}
                    onClick={() => dispatch(first ? A.sheetRequested(first.id) : A.sheetOpened({ id_journal: item.id_journal, id_group: item.id_group }))}
                  >
                    {t('list.open')}
                  </button>
                  {resits.map((r) => (
                    <button key={r.id} type="button" className="btn btn-secondary" onClick={() => dispatch(A.sheetRequested(r.id))}>
                      {t(`attempts.${r.attempt}`)}: {r.student}
                    </button>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}

function SheetScreen({ sheet }: { sheet: Sheet }) {
  const { t } = useTranslation('gradingsheet');
  const dispatch = useAppDispatch();
  const { saving, writeError, sheet: read } = useAppSelector(selectGradingSheet);
  const [confirm, setConfirm] = useState(false);
  const [reopen, setReopen] = useState(false);
  // The dialog whose write was sent closes once it is answered (a refusal then shows under the toolbar).
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (asked && !saving) {
      setAsked(false);
      setConfirm(false);
      setReopen(false);
    }
  }, [asked, saving]);
  return (
    <section className="gs-sheet" aria-labelledby="gs-sheet-title">
      <div className="gs-head">
        <button type="button" className="btn btn-ghost" onClick={() => dispatch(A.sheetClosed())}>
          ← {t('back')}
        </button>
        <div className="gs-actions">
          <a className="btn btn-secondary" href={sheetPdfUrl(sheet.id)} download>
            {t('pdf')}
          </a>
          <a className="btn btn-secondary" href={sheetXlsxUrl(sheet.id)} download>
            {t('xlsx')}
          </a>
          {sheet.canReopen ? (
            <button type="button" className="btn btn-secondary" onClick={() => setReopen(true)}>
              {t('reopen.open')}
            </button>
          ) : null}
          {sheet.canWrite ? (
            <button type="button" className="btn btn-primary" data-testid="gs-sign" onClick={() => setConfirm(true)} disabled={saving}>
              {t('sign.open')}
            </button>
          ) : null}
        </div>
      </div>
      <h2 id="gs-sheet-title" className="gs-sheet-title">
        {sheet.code} {sheet.discipline} · {sheet.group}
      </h2>
      <dl className="gs-facts">
        <dt>{t('fields.halfYear')}</dt>
        <dd>{sheet.halfYear}</dd>
        <dt>{t('fields.teacher')}</dt>
        <dd>{sheet.teacher}</dd>
        <dt>{t('fields.attempt')}</dt>
        <dd>{t(`attempts.${sheet.attempt}`)}</dd>
        <dt>{t('fields.status')}</dt>
        <dd data-testid="gs-status">{sheet.signed ? t('status.signed') : t('status.open')}</dd>
      </dl>
      {sheet.canWrite ? <p className="muted small">{t('hint', { min: sheet.admissionMin, max: sheet.examMax })}</p> : null}
      <p className="gs-live" role="status" aria-live="polite">
        {saving ? t('saving') : ''}
      </p>
      {read.error ? <LoadFailed what={t('refreshFailed')} failure={read.error} onRetry={() => dispatch(A.sheetRefreshRequested(sheet.id))} /> : null}
      {writeError ? (
        <p className="gs-err" role="alert" data-testid="gs-error">
          {describeFailure(t, writeError)}
        </p>
      ) : null}
      <ExamGrid
        key={sheet.id}
        sheet={sheet}
        onSave={(points) => dispatch(A.examSaved({ id_sheet: sheet.id, points }))}
        onResit={(id_student) => dispatch(A.resitRequested({ id_sheet: sheet.id, id_student }))}
        onOpenSheet={(id) => dispatch(A.sheetRequested(id))}
      />
      {sheet.history.length > 0 ? (
        <details className="gs-history">
          <summary>{t('history.title')}</summary>
          <ul>
            {sheet.history.map((h, i) => (
              <li key={i}>
                {new Date(h.at).toLocaleString()} · {h.who} · {t(`history.${h.action}`)}
                {h.student ? ` · ${h.student}` : ''}
                {h.action === 'exam' ? `: ${h.oldPoints ?? '—'} → ${h.newPoints ?? '—'}` : ''}
                {h.reason ? ` · ${h.reason}` : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {confirm ? (
        <ConfirmDialog
          title={t('sign.title')}
          text={t('sign.text', { count: sheet.lines.length })}
          confirm={t('sign.confirm')}
          cancel={t('cancel')}
          busy={saving}
          onConfirm={() => {
            setAsked(true);
            dispatch(A.signRequested(sheet.id));
          }}
          onCancel={() => setConfirm(false)}
        />
      ) : null}
      {reopen ? (
        <ReopenDialog
          busy={saving}
          onReopen={(reason) => {
            setAsked(true);
            dispatch(A.reopenRequested({ id_sheet: sheet.id, reason }));
          }}
          onCancel={() => setReopen(false)}
        />
      ) : null}
    </section>
  );
}

export default function GradingSheetScreen() {
  const { t } = useTranslation('gradingsheet');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const state = useAppSelector(selectGradingSheet);
  const student = user?.role === ROLE_STUDENT;
  useEffect(() => {
    dispatch(A.opened());
  }, [dispatch]);
  const first = student ? state.mine : state.list;
  const sheet = state.sheet;
  return (
    <div className="gs-screen" aria-busy={!first.loaded && !first.error}>
      <h1 className="gs-title">{student ? t('mine.title') : t('title')}</h1>
      {student ? (
        <MyLines />
      ) : sheet.data ? (
        <SheetScreen sheet={sheet.data} />
      ) : sheet.fetching ? (
        <Spinner />
      ) : (
        <>
          {sheet.error ? <LoadFailed failure={sheet.error} onRetry={() => dispatch(A.sheetClosed())} /> : null}
          <SheetList />
        </>
      )}
    </div>
  );
}
