/** The online lessons' calls of the webinar screen (docs/areas/webinar.md#calls); a student's list and join are in @api/webinar (the schedule uses them too). */
import type { AttachBody, MarkedPresent, Participants, RecordingBody, TeacherMeeting, WebinarOptions } from '@contract/webinar';
import { post } from '@api/http';

const session = { session: true } as const;

export const webinarApi = {
  options: () => post<WebinarOptions>('api/webinar/options.json', {}, session),
  meetings: () => post<TeacherMeeting[]>('api/webinar/meetings.json', {}, session),
  attach: (body: AttachBody) => post<TeacherMeeting>('api/webinar/attach.json', body, session),
  participants: (meetingId: number) => post<Participants>('api/webinar/participants.json', { meetingId }, session),
  markPresent: (meetingId: number) => post<MarkedPresent>('api/webinar/mark-present.json', { meetingId }, session),
  addRecording: (body: RecordingBody) => post<TeacherMeeting>('api/webinar/recording/add.json', body, session),
  removeRecording: (recordingId: number) => post<TeacherMeeting>('api/webinar/recording/remove.json', { recordingId }, session),
};
