/**
 * Online lessons under /api/webinar/ (docs/areas/webinar.md#calls): a teacher attaches a meeting to
 * one occurrence of one of his weekly lessons (the portal's meeting server or a pasted https link),
 * sees who of the lesson's students joined through the portal and marks them present in his journal,
 * and adds the recordings' links; the lesson's students join from a few minutes before it starts
 * until it ends, and see the recordings.
 */
import { Type, type Static } from 'typebox';
import { DbId, Ok } from './common';
import { WEBINAR_LINK_MAX, WEBINAR_TITLE_MAX } from './pure/webinar';

export {
  WEBINAR_DAYS_AHEAD,
  WEBINAR_LESSONS_AHEAD,
  WEBINAR_LINK_MAX,
  WEBINAR_OPEN_BEFORE_MIN,
  WEBINAR_RECORDINGS_MAX,
  WEBINAR_TITLE_MAX,
} from './pure/webinar';

/** 'YYYY-MM-DD' */
const IsoDate = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' });

/** Where a meeting is held: a room on the portal's meeting server, or a link the teacher pasted. */
export const WebinarProvider = Type.Union([Type.Literal('portal'), Type.Literal('link')]);
export type WebinarProvider = Static<typeof WebinarProvider>;

/** What every meeting shows of its lesson: the timetable entry (idShed), its date and local times ('HH:mm'), the instants it opens (joining) and ends. */
const LessonFields = {
  idShed: Type.Integer(),
  date: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  discipline: Type.String(),
  lessonType: Type.String(),
  /** The group or stream, with its subgroup. */
  group: Type.String(),
};

/** A coming lesson of the teacher (today's not ended yet, then the next days of the half-year up to WEBINAR_LESSONS_AHEAD), with its meeting if any. */
export const ComingLesson = Type.Object({ ...LessonFields, meetingId: Type.Union([Type.Integer(), Type.Null()]) });
export type ComingLesson = Static<typeof ComingLesson>;

/** POST options.json {}: the teacher's coming lessons ([] for students), whether the portal's meeting server is configured, and the university's date. */
export const WebinarOptions = Type.Object({
  canAttach: Type.Boolean(),
  serverConfigured: Type.Boolean(),
  today: Type.String(),
  lessons: Type.Array(ComingLesson),
});
export type WebinarOptions = Static<typeof WebinarOptions>;
export const WebinarOptionsReply = Ok(WebinarOptions);

export const Recording = Type.Object({ id: Type.Integer(), title: Type.String(), url: Type.String() });
export type Recording = Static<typeof Recording>;

/** The moments of a meeting (ISO): joining opens WEBINAR_OPEN_BEFORE_MIN minutes before the lesson, and ends with it. */
const Moments = { opensAt: Type.String(), closesAt: Type.String() };

/** A meeting as its teacher sees it: the link, how many joined, the recordings. */
export const TeacherMeeting = Type.Object({
  id: Type.Integer(),
  ...LessonFields,
  ...Moments,
  provider: WebinarProvider,
  url: Type.String(),
  joined: Type.Integer(),
  recordings: Type.Array(Recording),
});
export type TeacherMeeting = Static<typeof TeacherMeeting>;
export const TeacherMeetingReply = Ok(TeacherMeeting);
/** POST meetings.json {}: the teacher's meetings from WEBINAR_DAYS_AHEAD days ago on, by date and time. */
export const TeacherMeetingsReply = Ok(Type.Array(TeacherMeeting));

/** POST attach.json: a meeting for the teacher's lesson `idShed` on `date` (its weekday, in its half-year, not before today); `url` for a pasted link. */
export const AttachBody = Type.Object({
  idShed: DbId,
  date: IsoDate,
  provider: WebinarProvider,
  url: Type.Optional(Type.String({ maxLength: WEBINAR_LINK_MAX })),
});
export type AttachBody = Static<typeof AttachBody>;

export const MeetingBody = Type.Object({ meetingId: DbId });
export type MeetingBody = Static<typeof MeetingBody>;

/** POST participants.json {meetingId} (its teacher): who of the lesson's students joined (with the first time) and who did not. */
export const Participants = Type.Object({
  meetingId: Type.Integer(),
  joined: Type.Array(Type.Object({ studentId: Type.Integer(), name: Type.String(), joinedAt: Type.String() })),
  absent: Type.Array(Type.Object({ studentId: Type.Integer(), name: Type.String() })),
});
export type Participants = Static<typeof Participants>;
export const ParticipantsReply = Ok(Participants);

/** POST mark-present.json {meetingId} (its teacher): those who joined marked present in his journal's lesson of that date and pair. */
export const MarkedPresent = Type.Object({
  /** Records written (a new presence, or an absence turned into one). */
  written: Type.Integer(),
  /** Joined students whose cell already held a presence or a mark (kept). */
  kept: Type.Integer(),
});
export type MarkedPresent = Static<typeof MarkedPresent>;
export const MarkedPresentReply = Ok(MarkedPresent);

/** POST recording/add.json (its teacher, once the meeting opened): a recording's https link with its title. */
export const RecordingBody = Type.Object({
  meetingId: DbId,
  title: Type.String({ minLength: 1, maxLength: WEBINAR_TITLE_MAX }),
  url: Type.String({ minLength: 1, maxLength: WEBINAR_LINK_MAX }),
});
export type RecordingBody = Static<typeof RecordingBody>;
/** POST recording/remove.json {recordingId} (the meeting's teacher). */
export const RecordingRemoveBody = Type.Object({ recordingId: DbId });
export type RecordingRemoveBody = Static<typeof RecordingRemoveBody>;

/** A meeting as the lesson's student sees it: no link (join.json gives it), when he joined, the recordings. */
export const StudentMeeting = Type.Object({
  id: Type.Integer(),
  ...LessonFields,
  ...Moments,
  /** The teacher's full name. */
  teacher: Type.String(),
  /** Weekday of the date, 1 Monday … 7 Sunday, and whether the date is in the current week (the schedule shows those). */
  dayNumber: Type.Integer(),
  thisWeek: Type.Boolean(),
  joinedAt: Type.Union([Type.String(), Type.Null()]),
  recordings: Type.Array(Recording),
});
export type StudentMeeting = Static<typeof StudentMeeting>;
/** POST student/list.json {}: the student's meetings from WEBINAR_DAYS_AHEAD days ago to as many ahead, by date and time. */
export const StudentMeetingsReply = Ok(Type.Array(StudentMeeting));

/** POST join.json {meetingId} (the lesson's student, from opensAt to closesAt): the join recorded once, and the link to open. */
export const Joined = Type.Object({ url: Type.String(), joinedAt: Type.String() });
export type Joined = Static<typeof Joined>;
export const JoinedReply = Ok(Joined);
