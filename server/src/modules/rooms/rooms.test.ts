/**
 * /api/rooms/: free rooms against the weekly timetable and the bookings, with the filters; a room's
 * week; a teacher's booking and each refusal (nothing written); two bookings of one room and pair
 * at once (exactly one wins, on PGlite and, in the server-pg project, on PostgreSQL); the database's
 * own refusals; the booking in the group's timetable and its QR attendance; cancelling.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, FreeRooms, RoomsOptions, RoomWeek } from '@contract/rooms';
import type { Schedule } from '@contract/schedule';
import { rowsOf } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { localDate } from '../../shared/lesson-clock';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';
import type { SignedIn } from '../../test/requests';

const START = new Date(2026, 10, 16, 7, 0); // Monday 16 November 2026, 07:00
const clock = testClock(START);
const fx = useTestApp({ now: clock.now, env: { SESSION_IDLE_MINUTES: '1440', SESSION_ABSOLUTE_HOURS: '720' }, signIn: ['teacher', 'student'] });
const q = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(fx.db.database.db, query);
const day = (n: number) => localDate(new Date(2026, 10, 15 + n)); // 1 Monday 16 November … 7 Sunday 22 November

interface Entry {
  id: number;
  dayNumber: number;
  lessonTimeId: number;
  auditoriumId: number;
}
/** A weekly lesson of the demo teacher for the demo student. */
let shared: Entry;
let other: SignedIn;
const count = async () => (await q<{ n: number }>(sql`select count(*)::int as n from room_bookings`))[0].n;

/** A pair of the weekday at which neither the teacher nor the room has a weekly lesson. */
async function freeSlot(dayNumber: number, roomId: number, teacherId: number): Promise<number> {
  const [row] = await q<{ id: number }>(
    sql`select t.id from lesson_times t where not exists (select 1 from schedule_entries e where e.academic_year_id = 2026 and e.working_semester_id = 1
          and e.day_number = ${dayNumber} and e.lesson_time_id = t.id and (e.auditorium_id = ${roomId} or e.teacher_id = ${teacherId})) order by t.starts_at limit 1`,
  );
  return row.id;
}

const book = (who: SignedIn, body: object, lang = 'en') => fx.post('/api/rooms/book.json', who, body, lang);
const free = async (body: object) => (await fx.post('/api/rooms/free.json', fx.teacher, body)).json().data as FreeRooms;

beforeAll(async () => {
  const teacherWeek = (
    await fx.post('/api/schedule/teacher.json', fx.teacher, { year: 2026, ws: 1, uid: fx.teacher.user.uid, role: 1, isWeeklyUpdated: false })
  ).json().data as Schedule;
  const studentWeek = (
    await fx.post('/api/schedule/student.json', fx.student, { year: 2026, ws: 1, uid: fx.student.user.uid, role: 2, isWeeklyUpdated: false })
  ).json().data as Schedule;
  const studentIds = new Set(studentWeek.days.flatMap((d) => d.lessons.map((l) => l.idShed)));
  const lesson = teacherWeek.days.flatMap((d) => d.lessons).find((l) => studentIds.has(l.idShed))!;
  shared = { id: lesson.idShed, dayNumber: lesson.day_number, lessonTimeId: lesson.id_time, auditoriumId: lesson.idAud };
  other = await fx.signInUnused('rooms-other', 1);
});
afterEach(() => clock.set(START));

describe('free rooms', () => {
  it('leaves out the rooms the timetable holds at the slot, and filters by building, capacity and kind', async () => {
    const date = day(shared.dayNumber);
    const all = await free({ date, lessonTimeId: shared.lessonTimeId });
    expect(all.rooms.map((r) => r.id)).not.toContain(shared.auditoriumId);
    const held = await q<{ id: number }>(
      sql`select distinct auditorium_id as id from schedule_entries where academic_year_id = 2026 and working_semester_id = 1 and day_number = ${shared.dayNumber} and lesson_time_id = ${shared.lessonTimeId}`,
    );
    const rooms = await q<{ id: number }>(sql`select id from auditoria`);
    expect(all.rooms.length).toBe(rooms.length - held.length);
    // The same room is free on Sunday, when the timetable has no lessons.
    expect((await free({ date: day(7), lessonTimeId: shared.lessonTimeId })).rooms.map((r) => r.id)).toContain(shared.auditoriumId);

    const computers = await free({ date, lessonTimeId: shared.lessonTimeId, kind: 'computer' });
    expect(computers.rooms.length).toBeGreaterThan(0);
    expect(computers.rooms.every((r) => r.kind === 'computer')).toBe(true);
    const big = await free({ date, lessonTimeId: shared.lessonTimeId, minCapacity: 60 });
    expect(big.rooms.every((r) => (r.capacity ?? 0) >= 60)).toBe(true);
    expect(big.rooms.length).toBeLessThan(all.rooms.length);
    const building = all.rooms[0].building;
    const inOne = await free({ date, lessonTimeId: shared.lessonTimeId, building });
    expect(inOne.rooms.length).toBeGreaterThan(0);
    expect(inOne.rooms.every((r) => r.building === building)).toBe(true);
  });

  it('answers for the pair now without a date', async () => {
    const options = (await fx.post('/api/rooms/options.json', fx.teacher, {})).json().data as RoomsOptions;
    const now = await free({});
    expect(now.date).toBe(localDate(START));
    expect(now.lessonTimeId).toBe(options.timeNow);
    expect(options.canBook).toBe(true);
    expect(options.load.map((l) => l.idShed)).toContain(shared.id);
    const forStudent = (await fx.post('/api/rooms/options.json', fx.student, {})).json().data as RoomsOptions;
    expect(forStudent).toMatchObject({ canBook: false, load: [] });
  });
});

describe('booking', () => {
  it('books a free room, which then is not free, shows in the room week and in the timetable of the group', async () => {
    const date = day(1);
    const room = (await free({ date, lessonTimeId: 1, kind: 'lecture' })).rooms[0];
    const lessonTimeId = await freeSlot(1, room.id, fx.teacher.user.uid);
    const res = await book(fx.teacher, { roomId: room.id, date, lessonTimeId, idShed: shared.id, kind: 'makeup' });
    expect(res.statusCode).toBe(200);
    const booking = res.json().data as Booking;
    expect(booking).toMatchObject({ idShed: shared.id, date, lessonTimeId, kind: 'makeup', cancellable: true });
    expect((await free({ date, lessonTimeId })).rooms.map((r) => r.id)).not.toContain(room.id);

    const week = (await fx.post('/api/rooms/week.json', fx.student, { roomId: room.id, date }, 'en')).json().data as RoomWeek;
    expect(week.from).toBe(day(1));
    expect(week.lessons.find((l) => l.bookingId === booking.id)).toMatchObject({ date, lessonType: 'Make-up lesson (room booked)' });

    const studentWeek = (
      await fx.post('/api/schedule/student.json', fx.student, { year: 2026, ws: 1, uid: fx.student.user.uid, role: 2, isWeeklyUpdated: false }, 'ru')
    ).json().data as Schedule;
    const monday = studentWeek.days.find((d) => d.day_number === 1)!;
    expect(monday.lessons.find((l) => l.id_time === lessonTimeId && l.idAud === room.id)).toMatchObject({
      idShed: shared.id,
      lessonType: 'Отработка (бронь аудитории)',
    });

    // QR attendance opens in the booked pair as in the lesson's own time, and not outside it.
    const [h, m] = booking.startsAt.split(':').map(Number);
    clock.set(new Date(2026, 10, 16, h, m - 20));
    expect((await fx.post('/api/qr/session/open.json', fx.teacher, { idShed: shared.id, makeup: false })).statusCode).toBe(403);
    clock.set(new Date(2026, 10, 16, h, m + 5));
    const opened = await fx.post('/api/qr/session/open.json', fx.teacher, { idShed: shared.id, makeup: false });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({ idShed: shared.id, date, makeup: false, closed: false });
    // Started: no longer cancellable.
    const late = await fx.post('/api/rooms/cancel.json', fx.teacher, { bookingId: booking.id });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('BOOKING_STARTED');
  });

  it('refuses the timetable room, a busy teacher, the past, another half-year, another teacher’s lesson and students, writing nothing', async () => {
    const before = await count();
    const date = day(shared.dayNumber);
    const roomFree = (await free({ date, lessonTimeId: shared.lessonTimeId })).rooms[0];
    const cases: [SignedIn, object, number, string][] = [
      [fx.teacher, { roomId: shared.auditoriumId, date, lessonTimeId: shared.lessonTimeId, idShed: shared.id, kind: 'makeup' }, 409, 'ROOM_TAKEN'],
      [fx.teacher, { roomId: roomFree.id, date, lessonTimeId: shared.lessonTimeId, idShed: shared.id, kind: 'makeup' }, 409, 'TEACHER_BUSY'],
      [fx.teacher, { roomId: roomFree.id, date: '2026-11-13', lessonTimeId: 1, idShed: shared.id, kind: 'consultation' }, 400, 'BOOKING_PAST'],
      [fx.teacher, { roomId: roomFree.id, date: '2027-03-03', lessonTimeId: 1, idShed: shared.id, kind: 'consultation' }, 400, 'OUTSIDE_PERIOD'],
      [fx.teacher, { roomId: roomFree.id, date: '2026-11-31', lessonTimeId: 1, idShed: shared.id, kind: 'consultation' }, 400, 'BAD_REQUEST'],
      [other, { roomId: roomFree.id, date: day(6), lessonTimeId: 1, idShed: shared.id, kind: 'consultation' }, 403, 'FORBIDDEN'],
      [fx.student, { roomId: roomFree.id, date: day(6), lessonTimeId: 1, idShed: shared.id, kind: 'consultation' }, 403, 'FORBIDDEN'],
    ];
    for (const [who, body, status, code] of cases) {
      const res = await book(who, body, 'kg');
      expect([res.statusCode, res.json().error?.code]).toEqual([status, code]);
    }
    const taken = await book(fx.teacher, cases[0][1], 'kg');
    expect(taken.json().error.message).toBe('Аудитория бул убакытта бош эмес (сабактардын жадыбалы же башка брондоо боюнча)');
    expect(await count()).toBe(before);
  });

  it('lets exactly one of two bookings of one room and pair made at once through, the other a translated 409', async () => {
    const date = day(5);
    const room = (await free({ date, lessonTimeId: 1 })).rooms[1];
    const lessonTimeId = await freeSlot(5, room.id, fx.teacher.user.uid);
    const body = { roomId: room.id, date, lessonTimeId, idShed: shared.id, kind: 'consultation' };
    const answers = await Promise.all([book(fx.teacher, body, 'ru'), book(fx.teacher, { ...body, kind: 'makeup' }, 'ru')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.statusCode === 409)!.json().error;
    expect(lost).toMatchObject({ code: 'ROOM_TAKEN', message: 'Аудитория в это время уже занята (расписанием или другой бронью)' });
    expect(
      (await q<{ n: number }>(sql`select count(*)::int as n from room_bookings where auditorium_id = ${room.id} and lesson_date = ${date}::date`))[0].n,
    ).toBe(1);
  });

  it('holds in the database itself: a second booking of the slot and a booking of a timetable room are refused', async () => {
    const date = day(5);
    const [taken] = await q<{ auditorium_id: number; lesson_time_id: number; schedule_entry_id: number; teacher_id: number }>(
      sql`select auditorium_id, lesson_time_id, schedule_entry_id, teacher_id from room_bookings where lesson_date = ${date}::date limit 1`,
    );
    const insert = (roomId: number, on: string, timeId: number) =>
      q(sql`insert into room_bookings (auditorium_id, lesson_date, lesson_time_id, schedule_entry_id, teacher_id, kind)
            values (${roomId}, ${on}::date, ${timeId}, ${taken.schedule_entry_id}, ${other.user.uid}, 'makeup')`).then(
        () => null,
        (err: unknown) => err,
      );
    expect(isUniqueViolation(await insert(taken.auditorium_id, date, taken.lesson_time_id))).toBe(true);
    expect(isUniqueViolation(await insert(shared.auditoriumId, day(shared.dayNumber), shared.lessonTimeId))).toBe(true);
  });
});

describe('cancelling', () => {
  it('is its teacher’s, before it starts, and frees the room', async () => {
    const date = day(6);
    const room = (await free({ date, lessonTimeId: 1 })).rooms[2];
    const lessonTimeId = await freeSlot(6, room.id, fx.teacher.user.uid);
    const booking = (await book(fx.teacher, { roomId: room.id, date, lessonTimeId, idShed: shared.id, kind: 'consultation' })).json().data as Booking;
    expect((await fx.post('/api/rooms/cancel.json', other, { bookingId: booking.id })).statusCode).toBe(403);
    expect((await fx.post('/api/rooms/cancel.json', fx.student, { bookingId: booking.id })).statusCode).toBe(403);
    const mine = (await fx.post('/api/rooms/bookings.json', fx.teacher, {})).json().data as Booking[];
    expect(mine.map((b) => b.id)).toContain(booking.id);
    const res = await fx.post('/api/rooms/cancel.json', fx.teacher, { bookingId: booking.id });
    expect(res.json()).toMatchObject({ result: 0, data: { cancelled: booking.id } });
    expect((await free({ date, lessonTimeId })).rooms.map((r) => r.id)).toContain(room.id);
    expect((await fx.post('/api/rooms/cancel.json', fx.teacher, { bookingId: booking.id })).statusCode).toBe(404);
  });
});
