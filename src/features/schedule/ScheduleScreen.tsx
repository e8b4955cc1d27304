/** /lms/schedule (side menu "schedule"): the timetable with the calendar feed (docs/product.md#schedule). */
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/usePageTitle';
import { SchedulePanel } from './SchedulePanel';

export default function ScheduleScreen() {
  const { t } = useTranslation('schedule');
  usePageTitle(t('title'));
  return (
    <div className="schedule-screen">
      <SchedulePanel main />
    </div>
  );
}
