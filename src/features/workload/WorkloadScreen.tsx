/**
 * /lms/workload (docs/areas/workload.md#for-users): the teacher's workload of a half-year — per journal
 * the planned hours, the hours given and the difference, with the totals — as a table or week by
 * week, and its .xlsx; an administrator (a faculty's dean's office) chooses a department and one of its teachers.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Workload, WorkloadRow } from '@contract/workload';
import { HalfYearSelects } from '@components/HalfYearSelects';
import { Select } from '@components/Select';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { pending } from '@shared/request/loadable';
import { useOverflowsX } from '@lib/useOverflowsX';
import { workloadXlsxUrl } from './workload.api';
import { selectWorkload, workloadActions as A, type WorkloadView } from './workload.slice';
import './workload.css';

/** A table that scrolls sideways when it is wider than the screen: then a region of its own that the keyboard reaches. */
function Scroller({ label, children }: { label: string; children: ReactNode }) {
  const wrap = useRef<HTMLDivElement>(null);
  const scrolls = useOverflowsX(wrap);
  return (
    <div ref={wrap} className="wl-table-wrap" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      {children}
    </div>
  );
}

/** The row's journal in the first column: the discipline, then its kind of lesson and group. */
function RowHead({ row }: { row: WorkloadRow }) {
  const { t } = useTranslation('workload');
  return (
    <th scope="row" className="wl-first">
      <span className="wl-discipline">{row.discipline}</span>
      <span className="wl-sub">
        {row.code} · {row.lessonType} · {row.group}
        {row.stream ? ` (${t('stream')})` : ''}
        {row.subgroup ? ` · ${t('subgroup', { n: row.subgroup })}` : ''}
      </span>
    </th>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

interface FrameProps {
  view: 'table' | 'weeks';
  className: string;
  testId: string;
  /** The workload shown: its rows, and its teacher named in the caption. */
  w: Workload;
  /** The header cells after the discipline's. */
  head: ReactNode;
  /** A row's cells after its heading (the row's journal). */
  cells: (row: WorkloadRow) => ReactNode;
  footTestId: string;
  /** The totals row's cells after its heading. */
  totals: ReactNode;
}

/** A workload table: scrolled on its own, the discipline column first, the totals row last. */
function Frame({ view, className, testId, w, head, cells, footTestId, totals }: FrameProps) {
  const { t } = useTranslation('workload');
  return (
    <Scroller label={t(`views.${view}`)}>
      <table className={className} data-testid={testId}>
        <caption className="sr-only">{t(`captions.${view}`, { name: w.teacher.name })}</caption>
        <thead>
          <tr>
            <th scope="col" className="wl-first">
              {t('columns.discipline')}
            </th>
            {head}
          </tr>
        </thead>
        <tbody>
          {w.rows.map((r) => (
            <tr key={r.id}>
              <RowHead row={r} />
              {cells(r)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid={footTestId}>
            <th scope="row" className="wl-first">
              {t('columns.total')}
            </th>
            {totals}
          </tr>
        </tfoot>
      </table>
    </Scroller>
  );
}

/** The hours table's columns after the discipline's. */
const HOURS_COLUMNS = ['weeklyPairs', 'planned', 'given', 'difference'] as const;

function HoursTable({ w }: { w: Workload }) {
  const { t } = useTranslation('workload');
  return (
    <Frame
      view="table"
      className="wl-table"
      testId="wl-table"
      w={w}
      head={HOURS_COLUMNS.map((c) => (
        <th key={c} scope="col" className={c === 'weeklyPairs' ? 'wl-num wl-pairs' : 'wl-num'}>
          {t(`columns.${c}`)}
        </th>
      ))}
      cells={(r) => (
        <>
          <td className="wl-num wl-pairs">{r.weeklyPairs}</td>
          <td className="wl-num">{r.planned}</td>
          <td className="wl-num">{r.given}</td>
          <td className={`wl-num ${r.difference < 0 ? 'wl-over' : ''}`}>{signed(r.difference)}</td>
        </>
      )}
      footTestId="wl-totals"
      totals={
        <>
          <td className="wl-num wl-pairs">{w.rows.reduce((n, r) => n + r.weeklyPairs, 0)}</td>
          <td className="wl-num">{w.totals.planned}</td>
          <td className="wl-num">{w.totals.given}</td>
          <td className={`wl-num ${w.totals.difference < 0 ? 'wl-over' : ''}`}>{signed(w.totals.difference)}</td>
        </>
      }
    />
  );
}

const shortDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

function WeeksTable({ w }: { w: Workload }) {
  const { t } = useTranslation('workload');
  const current = (n: number) => (n === w.currentWeek ? 'wl-current' : '');
  return (
    <Frame
      view="weeks"
      className="wl-table wl-weeks"
      testId="wl-weeks"
      w={w}
      head={
        <>
          {w.weeks.map((x) => (
            <th
              key={x.number}
              scope="col"
              className={`wl-num ${current(x.number)}`}
              aria-label={t('columns.weekLong', { n: x.number, from: shortDate(x.from), to: shortDate(x.to) })}
              {...(x.number === w.currentWeek ? { 'aria-current': 'date' as const } : {})}
            >
              <span aria-hidden="true">
                {x.number}
                <span className="wl-week-date">{shortDate(x.from)}</span>
              </span>
            </th>
          ))}
          <th scope="col" className="wl-num">
            {t('columns.given')}
          </th>
        </>
      }
      cells={(r) => (
        <>
          {r.byWeek.map((h, i) => (
            <td key={i} className={`wl-num ${current(i + 1)} ${h === 0 ? 'wl-zero' : ''}`}>
              {h}
            </td>
          ))}
          <td className="wl-num wl-strong">{r.given}</td>
        </>
      )}
      footTestId="wl-week-totals"
      totals={
        <>
          {w.totals.byWeek.map((h, i) => (
            <td key={i} className={`wl-num ${current(i + 1)}`}>
              {h}
            </td>
          ))}
          <td className="wl-num">{w.totals.given}</td>
        </>
      }
    />
  );
}

export default function WorkloadScreen() {
  const { t, i18n } = useTranslation('workload');
  const dispatch = useAppDispatch();
  const { half, years, halfError, yearsError, options, departmentId, teachers, teacherId, workload, view } = useAppSelector(selectWorkload);
  useEffect(() => {
    dispatch(A.opened());
  }, [dispatch]);
  // The server says whether the caller may choose a teacher (an administrator, a dean's office) and from which departments.
  const chooser = options.data?.chooseTeacher ?? false;
  const w = workload.data;
  const halfWaiting = half === null && !halfError;
  const reload = () => (half ? dispatch(A.halfSelected(half)) : dispatch(A.opened()));
  const shownTeacher = teacherId ?? options.data?.teacher.id ?? -1;
  const views: WorkloadView[] = ['table', 'weeks'];

  return (
    <div className="wl-screen" aria-busy={!halfError && pending(workload)}>
      <h1 className="wl-title">{t('title')}</h1>
      <section className="card wl-filters" aria-label={t('filters')}>
        <HalfYearSelects ns="workload" idPrefix="wl" years={years} half={half} loading={halfWaiting} onChange={(h) => dispatch(A.halfSelected(h))} />
        {chooser ? (
          <>
            <Select
              id="wl-department"
              label={t('fields.department')}
              options={options.data?.departments ?? []}
              value={departmentId ?? -1}
              onChange={(id) => dispatch(A.departmentSelected({ id: id > 0 ? id : null }))}
            />
            <Select
              id="wl-teacher"
              label={t('fields.teacher')}
              options={teachers.data}
              value={teachers.data.some((x) => x.id === shownTeacher) ? shownTeacher : -1}
              loading={teachers.fetching}
              disabled={departmentId === null}
              onChange={(id) => id > 0 && dispatch(A.teacherSelected({ id }))}
            />
          </>
        ) : null}
      </section>
      {halfError ? <LoadFailed failure={halfError} onRetry={() => dispatch(A.opened())} /> : null}
      {yearsError && !halfError ? <LoadFailed what={t('failed.years')} failure={yearsError} onRetry={() => dispatch(A.opened())} /> : null}
      {options.error ? <LoadFailed what={t('failed.options')} failure={options.error} onRetry={() => dispatch(A.opened())} /> : null}
      {teachers.error && departmentId !== null ? (
        <LoadFailed what={t('failed.teachers')} failure={teachers.error} onRetry={() => dispatch(A.departmentSelected({ id: departmentId }))} />
      ) : null}
      {workload.error ? <LoadFailed failure={workload.error} onRetry={reload} /> : null}
      {workload.fetching && !w ? (
        <div className="wl-loading" data-testid="wl-loading">
          <Spinner label={t('loading')} />
        </div>
      ) : null}
      {w && !workload.error ? (
        <section className="wl-body" aria-labelledby="wl-who" aria-busy={workload.fetching || undefined}>
          <div className="wl-bar">
            <p id="wl-who" className="wl-who" data-testid="wl-who">
              <strong>{w.teacher.name}</strong> <span className="muted">· {w.teacher.department}</span>
            </p>
            <div className="wl-actions">
              <div className="wl-views" role="group" aria-label={t('views.label')}>
                {views.map((v) => (
                  <button
                    key={v}
                    type="button"
                    className={`btn ${view === v ? 'btn-primary' : 'btn-secondary'}`}
                    aria-pressed={view === v}
                    onClick={() => dispatch(A.viewChosen(v))}
                  >
                    {t(`views.${v}`)}
                  </button>
                ))}
              </div>
              <a
                className="btn btn-secondary"
                data-testid="wl-xlsx"
                download
                href={workloadXlsxUrl(
                  { id_a_year: w.id_a_year, id_w_s: w.id_w_s === 2 ? 2 : 1, ...(teacherId === null ? {} : { id_teacher: teacherId }) },
                  i18n.resolvedLanguage ?? 'ru',
                )}
              >
                {t('download')}
              </a>
            </div>
          </div>
          <dl className="wl-summary" data-testid="wl-summary">
            <div>
              <dt>{t('columns.planned')}</dt>
              <dd>{w.totals.planned}</dd>
            </div>
            <div>
              <dt>{t('columns.given')}</dt>
              <dd>{w.totals.given}</dd>
            </div>
            <div>
              <dt>{t('columns.difference')}</dt>
              <dd className={w.totals.difference < 0 ? 'wl-over' : ''}>{signed(w.totals.difference)}</dd>
            </div>
          </dl>
          {w.rows.length === 0 ? (
            <p className="card muted" data-testid="wl-empty">
              {t('empty')}
            </p>
          ) : view === 'weeks' ? (
            <WeeksTable w={w} />
          ) : (
            <HoursTable w={w} />
          )}
          <p className="muted small">{t('rule', { weeks: w.teachingWeeks })}</p>
        </section>
      ) : null}
    </div>
  );
}
