/**
 * Rooms (docs/areas/rooms.md): the rooms free at a slot (a date and pair) against the weekly timetable
 * and the bookings, a room's week, and a teacher's bookings of a free room for one of his weekly
 * lessons (its discipline, lesson type and students), which the group's timetable then shows
 * (schedule.service.ts reads them through shared/room-bookings.repository.ts).
 *
 * The rules of a booking: a teacher's only, for one of his own weekly lessons, dated in that lesson's
 * half-year (the journal's period rule) and not started yet; the room neither in the weekly timetable
 * at that weekday and pair nor booked at that date and pair, and the teacher free then too. The
 * database holds the last two however requests race (unique indexes, and a trigger for the
 * timetable): a booking that loses is answered as if it had been checked first. A teacher cancels
 * his own booking before it starts.
 */
import { ROLE_TEACHER, type Language } from '@contract/common';
import type { Booking, BookBody, FreeRooms, FreeRoomsBody, LoadItem, RoomLesson, RoomsOptions, RoomWeek, RoomWeekBody } from '@contract/rooms';
import { AppError, badRequest, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { localName } from '../../i18n';
import { currentPeriod } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import { assertWritable, mayReopen } from '../../shared/academic/journal-period';
import { asTeacher, type AuthInfo } from '../../shared/caller';
import { atLocalTime, dayNumber, dayOf, localDate, plusDays } from '../../shared/lesson-clock';
import { bookedInRoom, bookedOfTeacher, bookingKindName, findBooked, type BookedLessonRow } from '../../shared/room-bookings.repository';
import * as timetable from '../../shared/timetable.repository';
import * as repo from './rooms.repository';

/** A teacher's list of bookings starts this many days back. */
const LIST_DAYS_BACK = 7;

export class RoomsService {
  constructor(private readonly ctx: AppContext) {}

  private async times() {
    return repo.lessonTimes(this.ctx.db);
  }

  /** The pair in progress at `now`, else the next one today; null when today's pairs are over. */
  private timeNow(times: { id: number; endsAt: string }[], now: Date): number | null {
    return times.find((t) => atLocalTime(now, t.endsAt) > now)?.id ?? null;
  }

  private slot(date: string, lessonTimeId: number): repo.Slot {
    const day = dayOf(date);
    const { year, ws } = currentPeriod(day);
    return { date, day: dayNumber(day), year, ws, lessonTimeId };
  }

  async options(auth: AuthInfo, lang: Language): Promise<RoomsOptions> {
    const now = this.ctx.now();
    const [buildings, times] = await Promise.all([repo.buildings(this.ctx.db), this.times()]);
    let load: LoadItem[] = [];
    if (auth.role === ROLE_TEACHER) {
      const { year, ws } = currentPeriod(now);
      // One weekly lesson per journal and subgroup: its students are the booking's.
      const seen = new Set<string>();
      const key = (e: timetable.EntryRow) => `${e.teachingAssignmentId}:${e.subgroup}`;
      load = (await timetable.entriesOfTeacher(this.ctx.db, auth.uid, year, ws))
        .filter((e) => !seen.has(key(e)) && seen.add(key(e)))
        .map((e) => ({
          idShed: e.id,
          discipline: localName(e.discipline, lang),
          lessonType: localName(e.lessonType, lang),
          group: e.subgroup ? `${e.target} (${e.subgroup})` : e.target,
        }));
    }
    return { buildings, times, load, canBook: auth.role === ROLE_TEACHER, today: localDate(now), timeNow: this.timeNow(times, now) };
  }

  /** free.json: no date, today; no pair, the one now (after today's last pair: tomorrow's first). */
  async free(input: FreeRoomsBody): Promise<FreeRooms> {
    const now = this.ctx.now();
    const times = await this.times();
    let date = input.date ?? localDate(now);
    let lessonTimeId = input.lessonTimeId;
    if (lessonTimeId === undefined) {
      const current = input.date === undefined || input.date === localDate(now) ? this.timeNow(times, now) : times[0].id;
      if (current === null) date = localDate(plusDays(now, 1));
      lessonTimeId = current ?? times[0].id;
    }
    if (!times.some((t) => t.id === lessonTimeId)) throw badRequest({ field: 'lessonTimeId' });
    const rooms = await repo.freeRooms(this.ctx.db, this.slot(date, lessonTimeId), input);
    return { date, lessonTimeId, rooms };
  }

  /** week.json: the room's lessons in the week (Monday to Sunday) holding the date, weekly and booked. */
  async week(input: RoomWeekBody, lang: Language): Promise<RoomWeek> {
    const room = await repo.room(this.ctx.db, input.roomId);
    if (!room) throw notFound();
    const day = input.date ? dayOf(input.date) : this.ctx.now();
    const monday = plusDays(day, 1 - dayNumber(day));
    const dates = Array.from({ length: 7 }, (_, i) => plusDays(monday, i));
    const from = localDate(dates[0]);
    const to = localDate(dates[6]);
    const lessons: RoomLesson[] = [];
    const halves = new Map<string, repo.WeeklyLessonRow[]>();
    for (const d of dates) {
      const { year, ws } = currentPeriod(d);
      const key = `${year}:${ws}`;
      if (!halves.has(key)) halves.set(key, await repo.weeklyInRoom(this.ctx.db, room.id, year, ws));
      for (const w of halves.get(key)!.filter((l) => l.dayNumber === dayNumber(d)))
        lessons.push({
          date: localDate(d),
          lessonTimeId: w.lessonTimeId,
          startsAt: w.startsAt,
          endsAt: w.endsAt,
          discipline: localName(w.discipline, lang),
          lessonType: localName(w.lessonType, lang),
          group: w.subgroup ? `${w.target} (${w.subgroup})` : w.target,
          teacher: fullName(w.teacher),
          bookingId: null,
        });
    }
    for (const b of await bookedInRoom(this.ctx.db, room.id, from, to))
      lessons.push({
        date: b.date,
        lessonTimeId: b.lessonTimeId,
        startsAt: b.startsAt,
        endsAt: b.endsAt,
        discipline: localName(b.discipline, lang),
        lessonType: bookingKindName(b.kind, lang),
        group: b.subgroup ? `${b.target} (${b.subgroup})` : b.target,
        teacher: fullName(b.teacher),
        bookingId: b.bookingId,
      });
    lessons.sort((a, b) => a.date.localeCompare(b.date) || a.startsAt.localeCompare(b.startsAt));
    return { room, from, to, lessons };
  }

  private present(b: BookedLessonRow, lang: Language): Booking {
    return {
      id: b.bookingId,
      idShed: b.idShed,
      room: `${b.roomName}, ${b.building}`,
      date: b.date,
      lessonTimeId: b.lessonTimeId,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      discipline: localName(b.discipline, lang),
      group: b.subgroup ? `${b.target} (${b.subgroup})` : b.target,
      kind: b.kind,
      cancellable: atLocalTime(dayOf(b.date), b.startsAt) > this.ctx.now(),
    };
  }

  /** bookings.json: the teacher's bookings from a week ago on. */
  async bookings(auth: AuthInfo, lang: Language): Promise<Booking[]> {
    const teacherId = asTeacher(auth);
    const now = this.ctx.now();
    const rows = await bookedOfTeacher(this.ctx.db, teacherId, localDate(plusDays(now, -LIST_DAYS_BACK)), localDate(plusDays(now, 400)));
    return rows.map((b) => this.present(b, lang));
  }

  /** book.json: see the rules above; the booking as the teacher's list shows it. */
  async book(auth: AuthInfo, input: BookBody, lang: Language): Promise<Booking> {
    const teacherId = asTeacher(auth);
    const entry = await timetable.findEntry(this.ctx.db, input.idShed);
    if (!entry) throw notFound();
    // The discipline and students of one of his own weekly lessons only.
    if (entry.teacherId !== teacherId) throw forbidden();
    const time = (await this.times()).find((t) => t.id === input.lessonTimeId);
    if (!time) throw badRequest({ field: 'lessonTimeId' });
    const now = this.ctx.now();
    if (atLocalTime(dayOf(input.date), time.startsAt) <= now) throw new AppError(400, 'BOOKING_PAST');
    assertWritable(entry, input.date, 'plan', {
      now,
      graceDays: this.ctx.config.journalGraceDays,
      mayReopen: mayReopen(auth.login, this.ctx.config.journalReopenLogins),
    });
    if (!(await repo.room(this.ctx.db, input.roomId))) throw notFound();
    const slot = this.slot(input.date, input.lessonTimeId);
    let id: number;
    try {
      id = await this.ctx.db.transaction(async (tx) => {
        if (await repo.roomHeld(tx, input.roomId, slot)) throw new AppError(409, 'ROOM_TAKEN');
        // A booking of this room made at once by the same teacher may commit between the two reads:
        // the room is then what is taken, as it is for everyone else.
        if (await repo.teacherBusy(tx, teacherId, slot)) throw new AppError(409, (await repo.roomHeld(tx, input.roomId, slot)) ? 'ROOM_TAKEN' : 'TEACHER_BUSY');
        return repo.insertBooking(tx, {
          auditoriumId: input.roomId,
          lessonDate: input.date,
          lessonTimeId: input.lessonTimeId,
          scheduleEntryId: entry.id,
          teacherId,
          kind: input.kind,
        });
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another booking (or the timetable) took the room or the teacher meanwhile: which one, as now stored.
      throw new AppError(409, (await repo.roomHeld(this.ctx.db, input.roomId, slot)) ? 'ROOM_TAKEN' : 'TEACHER_BUSY');
    }
    return this.present((await findBooked(this.ctx.db, id))!, lang);
  }

  /** cancel.json: the teacher's own booking, before it starts. */
  async cancel(auth: AuthInfo, bookingId: number): Promise<{ cancelled: number }> {
    const teacherId = asTeacher(auth);
    const booking = await findBooked(this.ctx.db, bookingId);
    if (!booking) throw notFound();
    if (booking.teacherId !== teacherId) throw forbidden();
    if (atLocalTime(dayOf(booking.date), booking.startsAt) <= this.ctx.now()) throw new AppError(409, 'BOOKING_STARTED');
    const cancelled = await this.ctx.db.transaction((tx) => repo.deleteBooking(tx, bookingId, teacherId));
    if (!cancelled) throw notFound();
    return { cancelled: bookingId };
  }
}
