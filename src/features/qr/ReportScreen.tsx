/**
 * /lms/reportqr (side menu "student QR reports"): attendance rates of a half-year from QR
 * attendance and the journal by faculty, then speciality, group and student (a student sees his own),
 * with a bar per row, a name filter, printing and an Excel file of the level (docs/areas/qr.md#for-users). Under a group's students, the group's attendance in a discipline
 * from QR marks and the journal (components/GroupAttendance.tsx).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { levelXlsxUrl, REPORT_NEXT } from '@api/qr';
import { ROLE_TEACHER } from '@shared/request/roles';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { selectUser } from '@shared/session/session';
import { LoadFailed } from '@shared/request/LoadFailed';
import { Spinner } from '@components/Spinner';
import { GroupAttendance } from './components/GroupAttendance';
import { ReportTable } from './components/ReportTable';
import { qrActions, selectQr } from './qr.slice';
import './qr.css';
import './qr.report.css';
import { academicYearName } from '@contract/pure/academic-year';

export default function ReportScreen() {
  const { t } = useTranslation(['qr', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { report } = useAppSelector(selectQr);
  const [filter, setFilter] = useState('');

  useEffect(() => {
    dispatch(qrActions.reportOpened());
  }, [dispatch]);

  if (!user) return null;
  const { query, level, crumbs, rows } = report;
  const next = REPORT_NEXT[level];
  const group = level === 'student' && crumbs.at(-1)?.level === 'group' ? crumbs.at(-1)!.id : null;
  const shown = rows.data.filter((r) => r.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const go = (depth: number) => {
    if (!query) return;
    const kept = crumbs.slice(0, depth);
    const q = { year: query.year, ws: query.ws, ...Object.fromEntries(kept.map((c) => [REPORT_NEXT[c.level]!.field, c.id])) };
    dispatch(qrActions.reportRequested({ level: depth === 0 ? 'faculty' : REPORT_NEXT[kept[depth - 1].level]!.level, query: q, crumbs: kept }));
  };

  return (
    <div className="qr-screen qr-report">
      <div className="qr-report-head">
        <h1 className="screen-title">{t('report.title')}</h1>
        <div className="qr-report-actions qr-no-print">
          {query && rows.data.length > 0 ? (
            <a className="btn btn-secondary" href={levelXlsxUrl(level, query)} download>
              {t('report.download')}
            </a>
          ) : null}
          <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
            {t('report.print')}
          </button>
        </div>
      </div>
      {query ? (
        <div className="qr-report-filters qr-no-print">
          <label className="field">
            <span>{t('report.half')}</span>
            <select
              className="input"
              value={query.ws}
              onChange={(e) => dispatch(qrActions.reportRequested({ level, query: { ...query, ws: e.target.value === '2' ? 2 : 1 }, crumbs }))}
            >
              <option value="1">{t('report.autumn', { year: academicYearName(query.year) })}</option>
              <option value="2">{t('report.spring', { year: academicYearName(query.year) })}</option>
            </select>
          </label>
          <label className="field">
            <span>{t('report.filter')}</span>
            <input className="input" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </label>
        </div>
      ) : null}
      {user.role === ROLE_TEACHER && crumbs.length > 0 ? (
        <nav aria-label={t('report.path')} className="qr-crumbs qr-no-print">
          <button type="button" className="btn btn-ghost" onClick={() => go(0)}>
            {t('report.levels.faculty')}
          </button>
          {crumbs.map((c, i) => (
            <button
              key={`${c.level}-${c.id}`}
              type="button"
              className="btn btn-ghost"
              onClick={() => go(i + 1)}
              aria-current={i === crumbs.length - 1 ? 'page' : undefined}
            >
              {c.name}
            </button>
          ))}
        </nav>
      ) : null}
      {rows.error ? <LoadFailed what={t('report.failed')} failure={rows.error} onRetry={() => go(crumbs.length)} /> : null}
      {rows.fetching ? <Spinner label={t('cm:loading')} /> : null}
      {!rows.fetching && !rows.error && query ? (
        shown.length === 0 ? (
          <p className="qr-hint">{t('report.empty')}</p>
        ) : (
          <ReportTable
            level={level}
            rows={shown}
            onOpen={
              next && user.role === ROLE_TEACHER
                ? (r) =>
                    dispatch(
                      qrActions.reportRequested({
                        level: next.level,
                        query: { ...query, [next.field]: r.id },
                        crumbs: [...crumbs, { level, id: r.id, name: r.name }],
                      }),
                    )
                : null
            }
          />
        )
      ) : null}
      {user.role === ROLE_TEACHER && query && group !== null ? <GroupAttendance year={query.year} ws={query.ws} group={group} /> : null}
    </div>
  );
}
