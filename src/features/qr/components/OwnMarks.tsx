import { useTranslation } from 'react-i18next';
import type { QrOwnMark } from '@contract/qr';
import { formatDate } from '@lib/dates';

/** The student's marks that wait for the teacher, were rejected or expired (the scan page, ScanScreen.tsx). */
export function OwnMarks({ marks }: { marks: QrOwnMark[] }) {
  const { t, i18n } = useTranslation(['qr', 'cm']);
  if (marks.length === 0) return null;
  return (
    <section className="card" aria-labelledby="qr-mine-title">
      <h2 id="qr-mine-title">{t('scan.mineTitle')}</h2>
      <ul className="qr-list" data-testid="scan-own-marks">
        {marks.map((m) => (
          <li key={m.id}>
            {formatDate(m.date, i18n.resolvedLanguage)} · {m.discipline} — {t(`scan.mine.${m.status === 'accepted' ? 'review' : m.status}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
