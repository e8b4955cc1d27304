/**
 * A group's attendance in one discipline from every source (QR marks and the journal), under the
 * QR report's students of a group: a summary per student, the lessons (date and time), and the records of a
 * lesson or a student (AttendanceDetail), with the same report as an Excel file.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attendanceXlsxUrl } from '@api/qr';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { qrActions, selectQr } from '../qr.slice';
import './attendance.css';
import { AttendanceDetail, lessonText, type AttendancePick } from './AttendanceDetail';
import { ColumnHeading } from './ColumnHeading';

/** The summary's figures per student, in their columns' order. */
const FIGURES = ['lessons', 'present', 'absent', 'excused', 'rate'] as const;

interface Props {
  year: number;
  ws: 1 | 2;
  group: number;
}

export function GroupAttendance({ year, ws, group }: Props) {
  const { t } = useTranslation(['qr', 'cm']);
  const dispatch = useAppDispatch();
  const { disciplines, query, data } = useAppSelector(selectQr).groupReport;
  const [pick, setPick] = useState<AttendancePick | null>(null);

  useEffect(() => {
    setPick(null);
    dispatch(qrActions.groupDisciplinesRequested({ year, ws, group }));
  }, [dispatch, year, ws, group]);

  const choose = (discipline: number) => {
    setPick(null);
    dispatch(qrActions.attendanceRequested({ year, ws, group, discipline }));
  };
  const report = data.data;

  return (
    <section className="qr-attendance" aria-labelledby="qr-attendance-title">
      <h2 id="qr-attendance-title" className="qr-attendance-title">
        {t('attendance.title')}
      </h2>
      <p className="qr-hint">{t('attendance.hint')}</p>
      <div className="qr-report-filters qr-no-print">
        <label className="field">
          <span>{t('attendance.discipline')}</span>
          <select className="input" value={query?.discipline ?? ''} onChange={(e) => e.target.value && choose(Number(e.target.value))}>
            <option value="">{t('attendance.choose')}</option>
            {disciplines.data.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
        {query && report ? (
          <a className="btn btn-secondary qr-attendance-download" href={attendanceXlsxUrl(query)} download>
            {t('attendance.download')}
          </a>
        ) : null}
      </div>
      {disciplines.error ? (
        <LoadFailed
          what={t('attendance.failed')}
          failure={disciplines.error}
          onRetry={() => dispatch(qrActions.groupDisciplinesRequested({ year, ws, group }))}
        />
      ) : null}
      {data.error && query ? <LoadFailed what={t('attendance.failed')} failure={data.error} onRetry={() => choose(query.discipline)} /> : null}
      {disciplines.fetching || data.fetching ? <Spinner label={t('cm:loading')} /> : null}
      {report && !data.fetching ? (
        report.lessons.length === 0 ? (
          <p className="qr-hint">{t('attendance.empty')}</p>
        ) : (
          <>
            <div className="qr-report-scroll">
              <table className="qr-report-table" data-testid="qr-attendance">
                <caption className="sr-only">{t('attendance.summary', { group: report.group, discipline: report.discipline })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('report.levels.student')}</th>
                    {FIGURES.map((k) => (
                      <ColumnHeading key={k} full={t(`attendance.${k}`)} short={t(`attendance.short.${k}`)} />
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {report.students.map((s) => (
                    <tr key={s.id}>
                      <th scope="row">
                        <button
                          type="button"
                          className="qr-link-button"
                          aria-pressed={pick?.kind === 'student' && pick.id === s.id}
                          onClick={() => setPick({ kind: 'student', id: s.id })}
                        >
                          {s.name}
                        </button>
                      </th>
                      <td>{s.lessons}</td>
                      <td>{s.present}</td>
                      <td>{s.absent}</td>
                      <td>{s.excused}</td>
                      <td>{s.rate.toLocaleString('ru-RU')} %</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div role="group" aria-label={t('attendance.dates')} className="qr-attendance-dates qr-no-print">
              {report.lessons.map((l) => (
                <button
                  key={`${l.date} ${l.time}`}
                  type="button"
                  className="btn btn-ghost btn-small"
                  aria-pressed={pick?.kind === 'lesson' && pick.date === l.date && pick.time === l.time}
                  onClick={() => setPick({ kind: 'lesson', ...l })}
                >
                  {lessonText(l)}
                </button>
              ))}
            </div>
            {pick ? <AttendanceDetail report={report} pick={pick} onClose={() => setPick(null)} /> : null}
          </>
        )
      ) : null}
    </section>
  );
}
