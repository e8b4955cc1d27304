/** The online lessons' calls a student makes from the schedule and the webinar screen (docs/areas/webinar.md#calls). */
import type { Joined, StudentMeeting } from '@contract/webinar';
import { post } from './http';

const session = { session: true } as const;

export const webinarStudentApi = {
  /** The meetings of the student's lessons from two weeks ago to two weeks ahead (no links). */
  list: () => post<StudentMeeting[]>('api/webinar/student/list.json', {}, session),
  /** Records the join (once) and gives the meeting's link. */
  join: (meetingId: number) => post<Joined>('api/webinar/join.json', { meetingId }, session),
};
