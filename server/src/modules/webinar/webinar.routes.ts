/** /api/webinar/: online lessons, their joins, presence and recordings (docs/areas/webinar.md#calls). */
import { EmptyBody } from '@contract/common';
import {
  AttachBody,
  JoinedReply,
  MarkedPresentReply,
  MeetingBody,
  ParticipantsReply,
  RecordingBody,
  RecordingRemoveBody,
  StudentMeetingsReply,
  TeacherMeetingReply,
  TeacherMeetingsReply,
  WebinarOptionsReply,
} from '@contract/webinar';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { WebinarService } from './webinar.service';

const base = '/api/webinar';

export default async function webinarRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const webinar = new WebinarService(ctx);

  app.post(`${base}/options.json`, { schema: { body: EmptyBody, response: replies(WebinarOptionsReply) } }, async (req) =>
    ok(await webinar.options(req.auth!, languageOf(req))),
  );
  app.post(`${base}/attach.json`, { schema: { body: AttachBody, response: replies(TeacherMeetingReply) } }, async (req) =>
    ok(await webinar.attach(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/meetings.json`, { schema: { body: EmptyBody, response: replies(TeacherMeetingsReply) } }, async (req) =>
    ok(await webinar.meetings(req.auth!, languageOf(req))),
  );
  app.post(`${base}/participants.json`, { schema: { body: MeetingBody, response: replies(ParticipantsReply) } }, async (req) =>
    ok(await webinar.participants(req.auth!, req.body.meetingId)),
  );
  app.post(`${base}/mark-present.json`, { schema: { body: MeetingBody, response: replies(MarkedPresentReply) } }, async (req) =>
    ok(await webinar.markPresent(req.auth!, req.body.meetingId)),
  );
  app.post(`${base}/recording/add.json`, { schema: { body: RecordingBody, response: replies(TeacherMeetingReply) } }, async (req) =>
    ok(await webinar.addRecording(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/recording/remove.json`, { schema: { body: RecordingRemoveBody, response: replies(TeacherMeetingReply) } }, async (req) =>
    ok(await webinar.removeRecording(req.auth!, req.body.recordingId, languageOf(req))),
  );
  app.post(`${base}/student/list.json`, { schema: { body: EmptyBody, response: replies(StudentMeetingsReply) } }, async (req) =>
    ok(await webinar.studentMeetings(req.auth!, languageOf(req))),
  );
  app.post(`${base}/join.json`, { schema: { body: MeetingBody, response: replies(JoinedReply) } }, async (req) =>
    ok(await webinar.join(req.auth!, req.body.meetingId)),
  );
}
