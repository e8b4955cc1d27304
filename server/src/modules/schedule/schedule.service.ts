/**
 * The schedule (docs/areas/schedule.md#calls): the caller's weekly timetable grouped by day, one lesson's QR
 * details, and the personal calendar feed behind a secret, revocable link.
 */
import { randomBytes } from 'node:crypto';
import ical, { ICalEventRepeatingFreq } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { ROLE_STUDENT, ROLE_TEACHER, type Language } from '@contract/common';
import type { CalendarLink, Schedule, ScheduleBody, ScheduleDay, ScheduleQr, ScheduleQrBody } from '@contract/schedule';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../app-error';
import { localName } from '../../i18n';
import { currentPeriod } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import { ReplyCache } from '../../plugins/reply-cache';
import { assertOwn, type AuthInfo } from '../../shared/caller';
import { atLocalTime, dayNumber, localDate } from '../../shared/lesson-clock';
import { serverTimeZone } from '../../shared/time-zone';
import * as timetable from '../../shared/timetable.repository';
import { bookedOfStudent, bookedOfTeacher, bookingKindName, type BookedLessonRow } from '../../shared/room-bookings.repository';
import * as repo from './schedule.repository';

const DAY_MS = 86_400_000;
/** Weeks of a group (group, year, half-year) kept per process at most (plugins/reply-cache.ts). */
const KEPT_WEEKS_MAX = 5000;
/** Students' groups and subgroups kept per process at most. */
const KEPT_PLACES_MAX = 50000;
/** Where a calendar feed is read (the secret and '.ics' follow). */
export const CALENDAR_FEED_PREFIX = '/api/schedule/calendar/';

/**
 * The feed's time zone: the university's, which the server reads lesson times in (shared/time-zone.ts), as the iCalendar
 * time zone database names it, with its VTIMEZONE block. Undefined when that database does not know
 * the zone: the feed then gives each lesson as a UTC instant, right on the day but blind to daylight
 * saving changes within the half-year.
 */
function feedTimeZone(): { name: string; block: string } | undefined {
  const found = tzlib_get_ical_block(serverTimeZone());
  if (!Array.isArray(found) || !found[1]?.startsWith('TZID=')) return undefined;
  return { name: found[1].slice('TZID='.length), block: found[0] };
}

function groupByDay(entries: timetable.EntryRow[], role: 1 | 2, lang: Language): ScheduleDay[] {
  const days = new Map<number, ScheduleDay>();
  for (const e of entries) {
    let day = days.get(e.dayNumber);
    if (!day) days.set(e.dayNumber, (day = { day_number: e.dayNumber, lessons: [] }));
    day.lessons.push({
      idShed: e.id,
      day_number: e.dayNumber,
      id_time: e.lessonTimeId,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      idAud: e.auditoriumId,
      room: `${e.roomName}, ${e.building}`,
      id_discipline: e.disciplineId,
      discipline: localName(e.discipline, lang),
      id_vid_zaniatiy: e.lessonTypeId,
      lessonType: localName(e.lessonType, lang),
      subgroup: e.subgroup,
      who: role === ROLE_TEACHER ? e.target : fullName(e.teacher),
    });
  }
  return [...days.values()].sort((a, b) => a.day_number - b.day_number);
}

/**
 * Adds the coming seven days' booked lessons (rooms booked for a make-up lesson or a consultation,
 * docs/areas/rooms.md) to their days: the weekly lesson's idShed (its QR attendance opens as a make-up
 * lesson), the booked room and pair, and what the booking is for in place of the lesson type.
 */
function withBooked(days: ScheduleDay[], booked: BookedLessonRow[], role: 1 | 2, lang: Language): ScheduleDay[] {
  if (booked.length === 0) return days;
  const byDay = new Map(days.map((d) => [d.day_number, { ...d, lessons: [...d.lessons] }]));
  for (const b of booked) {
    let day = byDay.get(b.dayNumber);
    if (!day) byDay.set(b.dayNumber, (day = { day_number: b.dayNumber, lessons: [] }));
    day.lessons.push({
      idShed: b.idShed,
      day_number: b.dayNumber,
      id_time: b.lessonTimeId,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      idAud: b.auditoriumId,
      room: `${b.roomName}, ${b.building}`,
      id_discipline: b.disciplineId,
      discipline: localName(b.discipline, lang),
      id_vid_zaniatiy: b.lessonTypeId,
      lessonType: bookingKindName(b.kind, lang),
      subgroup: b.subgroup,
      who: role === ROLE_TEACHER ? b.target : fullName(b.teacher),
    });
    day.lessons.sort((x, y) => x.startsAt.localeCompare(y.startsAt));
  }
  return [...byDay.values()].sort((a, b) => a.day_number - b.day_number);
}

export class ScheduleService {
  /**
   * A group's week of a half-year, the same for all its students but for subgroups and students
   * taken off a list (worked out per student from the kept rows): read once per group while the
   * timetable stays as it is (plugins/reply-cache.ts drops it at once when it changes).
   */
  private readonly weeks: ReplyCache<timetable.GroupEntryRow[]>;
  /** Each student's group and subgroup, kept the same way. */
  private readonly places: ReplyCache<{ groupId: number | null; subgroup: number } | null>;

  constructor(private readonly ctx: AppContext) {
    this.weeks = new ReplyCache(ctx.dataChanges, {
      name: 'schedule_week',
      tables: timetable.TIMETABLE_TABLES,
      ttlMs: ctx.config.replyCacheMs,
      maxEntries: KEPT_WEEKS_MAX,
    });
    this.places = new ReplyCache(ctx.dataChanges, {
      name: 'schedule_places',
      tables: ['students'],
      ttlMs: ctx.config.replyCacheMs,
      maxEntries: KEPT_PLACES_MAX,
    });
  }

  private entriesOf(auth: AuthInfo, year: number, ws: number) {
    return auth.role === ROLE_TEACHER ? timetable.entriesOfTeacher(this.ctx.db, auth.uid, year, ws) : this.studentWeek(auth.uid, year, ws);
  }

  /** The student's entries of a half-year: his group's week, less what is not for him. */
  private async studentWeek(studentId: number, year: number, ws: number): Promise<timetable.EntryRow[]> {
    const at = this.ctx.now().getTime();
    const keptPlace = await this.places.get(String(studentId), at);
    let place = keptPlace.value;
    if (place === undefined) {
      place = (await timetable.placeOfStudent(this.ctx.db, studentId)) ?? null;
      this.places.set(String(studentId), place, keptPlace.mark, { from: at });
    }
    if (place?.groupId == null) return [];
    const key = `${place.groupId}:${year}:${ws}`;
    const keptWeek = await this.weeks.get(key, at);
    let week = keptWeek.value;
    if (!week) {
      week = await timetable.entriesOfGroup(this.ctx.db, place.groupId, year, ws);
      this.weeks.set(key, week, keptWeek.mark, { from: at });
    }
    const student = { id: studentId, subgroup: place.subgroup };
    return week.filter((e) => timetable.isStudentOf(e, student));
  }

  /** teacher.json (role 1) / student.json (role 2): the caller's lessons of that half-year by day. */
  async schedule(auth: AuthInfo, input: ScheduleBody, callRole: 1 | 2, lang: Language): Promise<Schedule> {
    assertOwn(auth, { uid: input.uid, role: input.role });
    if (auth.role !== callRole) throw forbidden();
    const entries = await this.entriesOf(auth, input.year, input.ws);
    return {
      year: input.year,
      ws: input.ws,
      days: withBooked(groupByDay(entries, auth.role, lang), await this.bookedComingWeek(auth, input), auth.role, lang),
    };
  }

  /** The caller's booked lessons of the coming seven days (today first) that lie in the half-year asked for. */
  private async bookedComingWeek(auth: AuthInfo, input: ScheduleBody): Promise<BookedLessonRow[]> {
    const now = this.ctx.now();
    const lastDay = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 6);
    const [from, to] = [localDate(now), localDate(lastDay)];
    const booked = auth.role === ROLE_TEACHER ? await bookedOfTeacher(this.ctx.db, auth.uid, from, to) : await bookedOfStudent(this.ctx.db, auth.uid, from, to);
    return booked.filter((b) => {
      const period = currentPeriod(new Date(`${b.date}T12:00:00`));
      return period.year === input.year && period.ws === input.ws;
    });
  }

  /** qr.json: one of the caller's lessons, with its room's GPS point for its teacher only. */
  async qr(auth: AuthInfo, input: ScheduleQrBody, lang: Language): Promise<ScheduleQr> {
    const e = await timetable.findEntry(this.ctx.db, input.idShed);
    if (!e) throw notFound();
    const mine = auth.role === ROLE_TEACHER ? e.teacherId === auth.uid : await timetable.isStudentOfEntry(this.ctx.db, e.id, auth.uid);
    if (!mine) throw forbidden();
    return {
      id: e.id,
      audid: e.auditoriumId,
      auditoryName: `${e.roomName}, ${e.building}`,
      ...(auth.role === ROLE_TEACHER ? { xGps: e.latitude, yGps: e.longitude, radiusM: e.radiusM } : {}),
      yearid: e.academicYearId,
      wsid: e.workingSemesterId,
      uid: auth.uid,
      role: auth.role,
      gid: e.groupId,
      specid: e.specialityId,
      sidFaculty: e.facultyId,
      timeid: e.lessonTimeId,
      teacherid: e.teacherId,
      semid: e.semesterId,
      daynum: e.dayNumber,
      isSelect: e.isSelect ? 1 : 0,
      id_vid_zaniatiy: e.lessonTypeId,
      id_discipline: e.disciplineId,
      discipline: localName(e.discipline, lang),
      group: e.target,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
    };
  }

  /** calendar.json: the caller's feed link (made on the first call); revoke.json: a new secret. */
  async calendarLink(auth: AuthInfo, renew: boolean): Promise<CalendarLink> {
    const existing = renew ? undefined : await repo.findFeedSecret(this.ctx.db, auth.userId);
    const secret = existing ?? (await repo.saveFeedSecret(this.ctx.db, auth.userId, randomBytes(24).toString('base64url'), renew));
    return { path: `${CALENDAR_FEED_PREFIX}${secret}.ics` };
  }

  /** The feed itself (no session): the current half-year's lessons as weekly events; unknown secret → 404. */
  async calendarFeed(fileName: string, lang: Language): Promise<string> {
    const account = await repo.accountOfSecret(this.ctx.db, fileName.replace(/\.ics$/, ''));
    if (!account) throw notFound();
    const now = this.ctx.now();
    const { year, ws } = currentPeriod(now);
    const entries =
      account.role === ROLE_TEACHER
        ? await timetable.entriesOfTeacher(this.ctx.db, account.teacherId!, year, ws)
        : account.role === ROLE_STUDENT
          ? await timetable.entriesOfStudent(this.ctx.db, account.studentId!, year, ws)
          : [];
    // The half-year: autumn September–December, spring February–June.
    const from = ws === 1 ? new Date(year, 8, 1) : new Date(year + 1, 1, 1);
    const until = ws === 1 ? new Date(year, 11, 31, 23, 59) : new Date(year + 1, 5, 30, 23, 59);
    const calendar = ical({
      name: lang === 'en' ? 'Timetable' : lang === 'kg' ? 'Сабактардын жадыбалы' : 'Расписание',
      prodId: { company: 'lms', product: 'schedule' },
    });
    // Lesson times carry the university's time zone, so a phone elsewhere shows them at the right hour.
    const zone = feedTimeZone();
    // The zone goes on each event, not on the calendar: a calendar-wide zone would also write DTSTAMP
    // and the rule's UNTIL as local times, which RFC 5545 wants in UTC beside a TZID start.
    if (zone) calendar.timezone({ name: null, generator: () => zone.block });
    for (const e of entries) {
      const first = new Date(from.getTime() + ((((e.dayNumber - dayNumber(from)) % 7) + 7) % 7) * DAY_MS);
      calendar.createEvent({
        id: `lms-schedule-${e.id}`,
        start: atLocalTime(first, e.startsAt),
        end: atLocalTime(first, e.endsAt),
        timezone: zone?.name ?? null,
        summary: `${localName(e.discipline, lang)} (${localName(e.lessonType, lang)})`,
        location: `${e.roomName}, ${e.building}`,
        description: account.role === ROLE_TEACHER ? e.target : fullName(e.teacher),
        repeating: { freq: ICalEventRepeatingFreq.WEEKLY, until },
      });
    }
    return calendar.toString();
  }
}
