/** The stored timetable on the offline page (docs/areas/schedule.md#for-users): what was last loaded on this device. */
import { useTranslation } from 'react-i18next';
import { ScheduleView } from './components/ScheduleView';
import { readStoredCache } from './schedule.cache';
import './schedule.css';
import { formatDateTime } from '@lib/dates';

export default function StoredSchedule() {
  const { t, i18n } = useTranslation('schedule');
  const stored = readStoredCache();
  if (!stored) return null;
  const date = formatDateTime(stored.date, i18n.resolvedLanguage);
  return (
    <section className="schedule-panel schedule-offline" aria-labelledby="schedule-stored-title">
      <h2 id="schedule-stored-title" className="schedule-title">
        {t('title')}
      </h2>
      <p className="schedule-updated" data-testid="schedule-updated">
        {t('stored', { date })}
      </p>
      <ScheduleView schedule={stored.schedule} role={stored.role} headingLevel={3} actions={false} />
    </section>
  );
}
