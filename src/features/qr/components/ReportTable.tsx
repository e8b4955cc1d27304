/** The rows of one QR report level: the name (a button to the level below, when there is one), present / lessons and the rate with its bar. */
import { useTranslation } from 'react-i18next';
import type { QrReportRow } from '@contract/qr';
import type { ReportLevel } from '@api/qr';
import { ColumnHeading } from './ColumnHeading';

interface Props {
  level: ReportLevel;
  rows: QrReportRow[];
  /** Opens a row's level below; null when there is none (or the reader may not go down). */
  onOpen: ((row: QrReportRow) => void) | null;
}

export function ReportTable({ level, rows, onOpen }: Props) {
  const { t } = useTranslation('qr');
  return (
    <div className="qr-report-scroll">
      <table className="qr-report-table" data-testid="qr-report">
        <caption className="sr-only">{t(`report.levels.${level}`)}</caption>
        <thead>
          <tr>
            <th scope="col">{t(`report.levels.${level}`)}</th>
            <ColumnHeading full={t('report.present')} short={t('report.short.present')} />
            <ColumnHeading full={t('report.rate')} short={t('report.short.rate')} />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row">
                {onOpen ? (
                  <button type="button" className="qr-link-button" onClick={() => onOpen(r)}>
                    {r.name}
                  </button>
                ) : (
                  r.name
                )}
              </th>
              <td>
                {r.present} / {r.expected}
              </td>
              <td>
                <span className="qr-bar" aria-hidden="true">
                  <span className="qr-bar-fill" style={{ width: `${Math.min(100, r.rate)}%` }} />
                </span>
                <span className="qr-rate">{r.rate.toLocaleString('ru-RU')} %</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
