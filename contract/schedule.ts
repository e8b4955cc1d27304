/**
 * Schedule calls under /api/schedule/ (docs/areas/schedule.md#calls): the caller's weekly timetable, one
 * lesson's QR details, and the personal calendar feed. Every call needs a session except the feed
 * itself, which a phone calendar reads through its secret link.
 */
import { Type, type Static } from 'typebox';
import { DbId, HalfYear, Ok, Role, YearStart } from './common';

/** Days of the week in `day_number`: 1 Monday … 7 Sunday. */
export const DayNumber = Type.Integer({ minimum: 1, maximum: 7 });

/**
 * POST /api/schedule/teacher.json (role 1) and /api/schedule/student.json (role 2)
 * {year, ws, uid, role, isWeeklyUpdated}: the caller's timetable of that academic year and
 * half-year. uid and role must name the caller (else 403); the teacher call is refused to a student
 * and the student call to a teacher. `isWeeklyUpdated` says the client asks because its weekly
 * refresh came due (it changes nothing in the reply).
 */
export const ScheduleBody = Type.Object({
  year: YearStart,
  ws: HalfYear,
  uid: Type.Integer(),
  role: Role,
  isWeeklyUpdated: Type.Boolean(),
});
export type ScheduleBody = Static<typeof ScheduleBody>;

export const ScheduleLesson = Type.Object({
  /** The timetable entry (idShed). */
  idShed: Type.Integer(),
  day_number: DayNumber,
  /** The pair (id_time) and its local start and end, 'HH:mm'. */
  id_time: Type.Integer(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  idAud: Type.Integer(),
  /** 'Room, building'. */
  room: Type.String(),
  id_discipline: Type.Integer(),
  discipline: Type.String(),
  id_vid_zaniatiy: Type.Integer(),
  lessonType: Type.String(),
  /** 0 the whole group (or stream), 1 or 2 a half. */
  subgroup: Type.Integer(),
  /** For students: the teacher's full name; for teachers: the group or stream name. */
  who: Type.String(),
});
export type ScheduleLesson = Static<typeof ScheduleLesson>;

export const ScheduleDay = Type.Object({ day_number: DayNumber, lessons: Type.Array(ScheduleLesson) });
export type ScheduleDay = Static<typeof ScheduleDay>;

export const Schedule = Type.Object({
  year: Type.Integer(),
  ws: Type.Integer(),
  /** Days that have lessons, Monday first, lessons by start time. */
  days: Type.Array(ScheduleDay),
});
export type Schedule = Static<typeof Schedule>;
export const ScheduleReply = Ok(Schedule);

/**
 * POST /api/schedule/qr.json {idShed}: what QR attendance needs of one lesson of the caller's
 * (taught by the teacher, or of the student's group): room, year, half-year, group, discipline,
 * pair, and for its teacher only the room's GPS point. Another person's lesson → 403; unknown → 404.
 */
export const ScheduleQrBody = Type.Object({ idShed: DbId });
export type ScheduleQrBody = Static<typeof ScheduleQrBody>;
export const ScheduleQr = Type.Object({
  id: Type.Integer(),
  audid: Type.Integer(),
  auditoryName: Type.String(),
  /**
   * Latitude and longitude of the room's building, and the radius (m) a mark must fall within: for
   * the lesson's teacher only (a student never learns a room's position, so a code relayed home
   * cannot be sent with the room's point read from here).
   */
  xGps: Type.Optional(Type.Number()),
  yGps: Type.Optional(Type.Number()),
  radiusM: Type.Optional(Type.Integer()),
  yearid: Type.Integer(),
  wsid: Type.Integer(),
  uid: Type.Integer(),
  role: Role,
  gid: Type.Union([Type.Integer(), Type.Null()]),
  specid: Type.Union([Type.Integer(), Type.Null()]),
  sidFaculty: Type.Union([Type.Integer(), Type.Null()]),
  timeid: Type.Integer(),
  teacherid: Type.Integer(),
  semid: Type.Integer(),
  daynum: DayNumber,
  isSelect: Type.Integer(),
  id_vid_zaniatiy: Type.Integer(),
  id_discipline: Type.Integer(),
  discipline: Type.String(),
  group: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
});
export type ScheduleQr = Static<typeof ScheduleQr>;
export const ScheduleQrReply = Ok(ScheduleQr);

/**
 * POST /api/schedule/calendar.json {}: the caller's calendar feed link (made on first call).
 * POST /api/schedule/calendar/revoke.json {}: a new secret; the old link stops working at once.
 * GET /api/schedule/calendar/<secret>.ics (no session): the timetable of the current half-year as
 * iCalendar events recurring weekly; an unknown or revoked secret → 404.
 */
export const CalendarLink = Type.Object({ path: Type.String() });
export type CalendarLink = Static<typeof CalendarLink>;
export const CalendarLinkReply = Ok(CalendarLink);
export const CalendarFeedParams = Type.Object({ secret: Type.String({ minLength: 20, maxLength: 80, pattern: '^[A-Za-z0-9_-]+\\.ics$' }) });
export type CalendarFeedParams = Static<typeof CalendarFeedParams>;
