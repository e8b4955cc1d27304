/** Schedule calls (docs/areas/schedule.md#for-users). */
import type { CalendarLink, Schedule, ScheduleBody, ScheduleQr, ScheduleQrBody } from '@contract/schedule';
import { post } from './http';

const session = { session: true } as const;

export const scheduleApi = {
  teacher: (body: ScheduleBody) => post<Schedule>('api/schedule/teacher.json', body, session),
  student: (body: ScheduleBody) => post<Schedule>('api/schedule/student.json', body, session),
  qr: (body: ScheduleQrBody) => post<ScheduleQr>('api/schedule/qr.json', body, session),
  calendar: () => post<CalendarLink>('api/schedule/calendar.json', {}, session),
  revokeCalendar: () => post<CalendarLink>('api/schedule/calendar/revoke.json', {}, session),
};
