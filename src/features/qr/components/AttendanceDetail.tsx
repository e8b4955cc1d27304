/** The records of one lesson date (every student) or of one student (every date) in a group's attendance report, each with its source. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { QrAttendanceReport } from '../../../../contract/qr';

export type AttendancePick = { kind: 'date'; date: string } | { kind: 'student'; id: number };

/** 'YYYY-MM-DD' → 'DD.MM.YYYY' */
export const dayText = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

interface Props {
  report: QrAttendanceReport;
  pick: AttendancePick;
  onClose: () => void;
}

export function AttendanceDetail({ report, pick, onClose }: Props) {
  const { t } = useTranslation('qr');
  const heading = useRef<HTMLHeadingElement>(null);
  const names = new Map(report.students.map((s) => [s.id, s.name]));
  const byDate = pick.kind === 'date';
  const records = report.records.filter((r) => (pick.kind === 'date' ? r.date === pick.date : r.studentId === pick.id));
  const title = pick.kind === 'date' ? t('attendance.onDate', { date: dayText(pick.date) }) : (names.get(pick.id) ?? '');

  // The records just asked for are read next: focus moves to their heading.
  useEffect(() => heading.current?.focus(), [pick]);

  return (
    <section className="qr-attendance-detail" aria-labelledby="qr-attendance-detail-title" data-testid="qr-attendance-detail">
      <div className="qr-report-head">
        <h3 id="qr-attendance-detail-title" ref={heading} tabIndex={-1}>
          {title}
        </h3>
        <button type="button" className="btn btn-ghost btn-small qr-no-print" onClick={onClose}>
          {t('attendance.close')}
        </button>
      </div>
      <div className="qr-report-scroll">
        <table className="qr-report-table">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{byDate ? t('report.levels.student') : t('attendance.date')}</th>
              <th scope="col">{t('attendance.status')}</th>
              <th scope="col">{t('attendance.source')}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((r) => (
              <tr key={`${r.studentId}-${r.date}`}>
                <th scope="row">{byDate ? names.get(r.studentId) : dayText(r.date)}</th>
                <td>
                  <span className={`qr-attendance-status qr-attendance-${r.status}`}>{t(`attendance.statuses.${r.status}`)}</span>
                </td>
                <td>{r.sources.map((s) => t(`attendance.sources.${s}`)).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
