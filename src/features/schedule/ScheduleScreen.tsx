/** /lms/schedule (side menu "schedule"): the timetable with the calendar feed (docs/areas/schedule.md#for-users); a teacher's link to the QR review list. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROLE_TEACHER } from '@shared/request/roles';
import { useAppSelector } from '@shared/hooks';
import { selectUser } from '@shared/session/session';
import { SchedulePanel } from './SchedulePanel';

export default function ScheduleScreen() {
  const { t } = useTranslation('schedule');
  const user = useAppSelector(selectUser);
  return (
    <div className="schedule-screen">
      <SchedulePanel main />
      {user?.role === ROLE_TEACHER ? (
        <p className="schedule-qr-review">
          <Link to="/qrreview">{t('qrReview')}</Link>
        </p>
      ) : null}
    </div>
  );
}
