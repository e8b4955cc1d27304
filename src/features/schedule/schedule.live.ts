/**
 * The schedule's part of the one live connection (shared/live/): a lesson's attendance opened or
 * closed (`qrAttendance`, to its students) asks again which lessons a student may check in to.
 */
import type { LiveHandlers } from '@shared/live/live';
import { scheduleActions } from './schedule.slice';

export const scheduleLive: LiveHandlers = {
  events: { qrAttendance: () => scheduleActions.attendanceRequested() },
  resync: scheduleActions.attendanceRequested,
};
