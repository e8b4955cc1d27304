/**
 * SQL of the rooms' bookings (room_bookings, modules/rooms/rooms.schema.ts) as the rooms and the
 * schedule read them: the booked lessons of a teacher, of a student (the students of the weekly lesson
 * a booking is given for) or of a room between two dates, each with what the timetable shows of it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { memberOf, type LessonPlaceRow } from './timetable.repository';
import type { Language } from '@contract/common';
import type { Names } from './names';
import kindNames from './room-bookings.texts.json' with { type: 'json' };

/** What a booking is for, as the timetable names it in place of the lesson type (texts: room-bookings.texts.json). */
const BOOKING_KIND_NAMES = kindNames satisfies Record<'makeup' | 'consultation', Record<Language, string>>;

export const bookingKindName = (kind: 'makeup' | 'consultation', lang: Language): string => BOOKING_KIND_NAMES[kind][lang];

export interface BookedLessonRow extends LessonPlaceRow {
  bookingId: number;
  /** The weekly lesson the booking is given for (its QR attendance opens as a make-up lesson). */
  idShed: number;
  teacherId: number;
  /** 'YYYY-MM-DD' */
  date: string;
  kind: 'makeup' | 'consultation';
  disciplineId: number;
  discipline: Names;
  lessonTypeId: number;
  subgroup: number;
  target: string;
  teacher: { surname: string; name: string; patronymic: string | null };
}

const SELECT_BOOKED = sql`
  select b.id as "bookingId", b.schedule_entry_id as "idShed", b.teacher_id as "teacherId", to_char(b.lesson_date, 'YYYY-MM-DD') as date,
    extract(isodow from b.lesson_date)::int as "dayNumber", b.lesson_time_id as "lessonTimeId",
    to_char(lt.starts_at, 'HH24:MI') as "startsAt", to_char(lt.ends_at, 'HH24:MI') as "endsAt",
    b.auditorium_id as "auditoriumId", a.name as "roomName", a.building, b.kind,
    e.discipline_id as "disciplineId", json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline,
    e.lesson_type_id as "lessonTypeId", e.subgroup, coalesce(g.name, s.name) as target,
    json_build_object('surname', t.surname, 'name', t.name, 'patronymic', t.patronymic) as teacher
  from room_bookings b
  join schedule_entries e on e.id = b.schedule_entry_id
  join lesson_times lt on lt.id = b.lesson_time_id
  join auditoria a on a.id = b.auditorium_id
  join disciplines d on d.id = e.discipline_id
  join teachers t on t.id = b.teacher_id
  left join groups g on g.id = e.group_id
  left join streams s on s.id = e.stream_id`;

const between = (from: string, to: string) => sql`b.lesson_date between ${from}::date and ${to}::date`;
const ORDER = sql`order by b.lesson_date, lt.starts_at, b.id`;

const read = (db: Db, where: SQL) => rowsOf<BookedLessonRow>(db, sql`${SELECT_BOOKED} ${where} ${ORDER}`);

/** The teacher's bookings dated from..to ('YYYY-MM-DD', inclusive). */
export function bookedOfTeacher(db: Db, teacherId: number, from: string, to: string): Promise<BookedLessonRow[]> {
  return read(db, sql`where b.teacher_id = ${teacherId} and ${between(from, to)}`);
}

/** The bookings dated from..to whose weekly lesson is for the student (its group or stream, his subgroup). */
export function bookedOfStudent(db: Db, studentId: number, from: string, to: string): Promise<BookedLessonRow[]> {
  return read(db, sql`join students st on st.id = ${studentId} where ${between(from, to)} and ${memberOf}`);
}

/** The room's bookings dated from..to. */
export function bookedInRoom(db: Db, roomId: number, from: string, to: string): Promise<BookedLessonRow[]> {
  return read(db, sql`where b.auditorium_id = ${roomId} and ${between(from, to)}`);
}

/** One booking, or undefined. */
export async function findBooked(db: Db, bookingId: number): Promise<BookedLessonRow | undefined> {
  const [row] = await read(db, sql`where b.id = ${bookingId}`);
  return row;
}

/** The bookings given for a weekly lesson on a date (QR attendance opens in their time as in the lesson's). */
export function bookedOfEntryOn(db: Db, entryId: number, date: string): Promise<BookedLessonRow[]> {
  return read(db, sql`where b.schedule_entry_id = ${entryId} and b.lesson_date = ${date}::date`);
}
