/** The records of one lesson (every student) or of one student (every lesson) in a group's attendance report, each with its source. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { QrAttendanceReport } from '@contract/qr';

/** A lesson is its date and start time: the two halves of a double pair are two lessons. */
export type AttendancePick = { kind: 'lesson'; date: string; time: string } | { kind: 'student'; id: number };

/** 'YYYY-MM-DD' → 'DD.MM.YYYY' */
export const dayText = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
/** A lesson as the report names it: 'DD.MM.YYYY HH:MM'. */
export const lessonText = (l: { date: string; time: string }) => `${dayText(l.date)} ${l.time}`;

interface Props {
  report: QrAttendanceReport;
  pick: AttendancePick;
  onClose: () => void;
}

export function AttendanceDetail({ report, pick, onClose }: Props) {
  const { t } = useTranslation('qr');
  const heading = useRef<HTMLHeadingElement>(null);
  const names = new Map(report.students.map((s) => [s.id, s.name]));
  const byLesson = pick.kind === 'lesson';
  const records = report.records.filter((r) => (pick.kind === 'lesson' ? r.date === pick.date && r.time === pick.time : r.studentId === pick.id));
  const title = pick.kind === 'lesson' ? t('attendance.onDate', { date: lessonText(pick) }) : (names.get(pick.id) ?? '');

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
              <th scope="col">{byLesson ? t('report.levels.student') : t('attendance.date')}</th>
              <th scope="col">{t('attendance.status')}</th>
              <th scope="col">{t('attendance.source')}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((r) => (
              <tr key={`${r.studentId}-${r.date}-${r.time}`}>
                <th scope="row">{byLesson ? names.get(r.studentId) : lessonText(r)}</th>
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
