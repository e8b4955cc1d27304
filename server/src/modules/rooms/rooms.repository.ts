/** SQL of the rooms area: rooms with their kind, the pairs, the free rooms of a slot, a room's weekly lessons, bookings written and deleted. */
import { sql } from 'drizzle-orm';
import type { RoomKind } from '@contract/rooms';
import { rowsOf, type Db } from '../../db/client';
import { LESSON_COLUMNS, LESSON_JOINS, type LessonShownRow } from '../../shared/timetable.repository';
import { roomBookings } from './rooms.schema';

export interface RoomRow {
  id: number;
  name: string;
  building: string;
  capacity: number | null;
  kind: RoomKind;
}

const SELECT_ROOM = sql`select a.id, a.name, a.building, a.capacity, coalesce(k.kind, 'lecture') as kind from auditoria a left join room_kinds k on k.auditorium_id = a.id`;

export async function buildings(db: Db): Promise<string[]> {
  return (await rowsOf<{ building: string }>(db, sql`select distinct building from auditoria order by building`)).map((r) => r.building);
}

export function lessonTimes(db: Db): Promise<{ id: number; startsAt: string; endsAt: string }[]> {
  return rowsOf(db, sql`select id, to_char(starts_at, 'HH24:MI') as "startsAt", to_char(ends_at, 'HH24:MI') as "endsAt" from lesson_times order by starts_at`);
}

export async function room(db: Db, id: number): Promise<RoomRow | undefined> {
  const [row] = await rowsOf<RoomRow>(db, sql`${SELECT_ROOM} where a.id = ${id}`);
  return row;
}

/** A slot: a date, its weekday (1 Monday … 7 Sunday) and half-year, and a pair. */
export interface Slot {
  date: string;
  day: number;
  year: number;
  ws: number;
  lessonTimeId: number;
}

/** The weekly timetable holds a room at the slot (alias a: the room). */
const heldByTimetable = (s: Slot) => sql`exists (select 1 from schedule_entries e where e.auditorium_id = a.id and e.academic_year_id = ${s.year}
  and e.working_semester_id = ${s.ws} and e.day_number = ${s.day} and e.lesson_time_id = ${s.lessonTimeId})`;
const heldByBooking = (s: Slot) =>
  sql`exists (select 1 from room_bookings b where b.auditorium_id = a.id and b.lesson_date = ${s.date}::date and b.lesson_time_id = ${s.lessonTimeId})`;

/** The rooms neither the weekly timetable nor a booking holds at the slot, by building and name. */
export function freeRooms(db: Db, s: Slot, filter: { building?: string; minCapacity?: number; kind?: RoomKind }): Promise<RoomRow[]> {
  return rowsOf<RoomRow>(
    db,
    sql`${SELECT_ROOM}
        where not ${heldByTimetable(s)} and not ${heldByBooking(s)}
          and (${filter.building ?? null}::text is null or a.building = ${filter.building ?? null})
          and (${filter.minCapacity ?? null}::int is null or a.capacity >= ${filter.minCapacity ?? null})
          and (${filter.kind ?? null}::text is null or coalesce(k.kind, 'lecture') = ${filter.kind ?? null})
        order by a.building, a.name`,
  );
}

/** What holds the room at the slot: the weekly timetable, a booking, or nothing. */
export async function roomHeld(db: Db, roomId: number, s: Slot): Promise<'timetable' | 'booking' | null> {
  const [row] = await rowsOf<{ timetable: boolean; booking: boolean }>(
    db,
    sql`select ${heldByTimetable(s)} as timetable, ${heldByBooking(s)} as booking from auditoria a where a.id = ${roomId}`,
  );
  return row?.timetable ? 'timetable' : row?.booking ? 'booking' : null;
}

/** Has the teacher a weekly lesson or a booking at the slot? */
export async function teacherBusy(db: Db, teacherId: number, s: Slot): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`select 1 from schedule_entries e where e.teacher_id = ${teacherId} and e.academic_year_id = ${s.year} and e.working_semester_id = ${s.ws}
          and e.day_number = ${s.day} and e.lesson_time_id = ${s.lessonTimeId}
        union all
        select 1 from room_bookings b where b.teacher_id = ${teacherId} and b.lesson_date = ${s.date}::date and b.lesson_time_id = ${s.lessonTimeId}`,
  );
  return rows.length > 0;
}

export interface WeeklyLessonRow extends LessonShownRow {
  dayNumber: number;
  lessonTimeId: number;
}

/** The room's weekly lessons of a half-year, by day and time. */
export function weeklyInRoom(db: Db, roomId: number, year: number, ws: number): Promise<WeeklyLessonRow[]> {
  return rowsOf<WeeklyLessonRow>(
    db,
    sql`select e.day_number as "dayNumber", e.lesson_time_id as "lessonTimeId", to_char(lt.starts_at, 'HH24:MI') as "startsAt", to_char(lt.ends_at, 'HH24:MI') as "endsAt",
          ${LESSON_COLUMNS}
        from schedule_entries e
        join lesson_times lt on lt.id = e.lesson_time_id
        join teachers t on t.id = e.teacher_id
        ${LESSON_JOINS}
        where e.auditorium_id = ${roomId} and e.academic_year_id = ${year} and e.working_semester_id = ${ws}
        order by e.day_number, lt.starts_at, e.id`,
  );
}

export async function insertBooking(db: Db, values: typeof roomBookings.$inferInsert): Promise<number> {
  const [row] = await db.insert(roomBookings).values(values).returning({ id: roomBookings.id });
  return row.id;
}

/** Deletes the teacher's booking; how many rows went (0: another teacher's or gone). */
export async function deleteBooking(db: Db, bookingId: number, teacherId: number): Promise<number> {
  const rows = await rowsOf(db, sql`delete from room_bookings where id = ${bookingId} and teacher_id = ${teacherId} returning id`);
  return rows.length;
}
