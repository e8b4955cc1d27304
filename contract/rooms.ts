/**
 * Rooms under /api/rooms/ (docs/areas/rooms.md#calls): the university's rooms with their building,
 * capacity and kind, a room's week from the timetable and its bookings, the rooms free at a date
 * and lesson time, and a teacher's bookings of a free room for a make-up lesson or a consultation
 * of his own teaching load, which then show in the group's timetable.
 */
import { Type, type Static } from 'typebox';
import { DbId, Ok } from './common';

export { BOOKING_KINDS, ROOM_KINDS } from './pure/rooms';

/** The kinds of room: lecture hall, laboratory, computer class (ROOM_KINDS). */
export const RoomKind = Type.Union([Type.Literal('lecture'), Type.Literal('lab'), Type.Literal('computer')]);
export type RoomKind = Static<typeof RoomKind>;

/** What a booking is for: a make-up lesson or a consultation (BOOKING_KINDS). */
export const BookingKind = Type.Union([Type.Literal('makeup'), Type.Literal('consultation')]);
export type BookingKind = Static<typeof BookingKind>;

/** 'YYYY-MM-DD' */
const IsoDate = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' });

export const Room = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  building: Type.String(),
  capacity: Type.Union([Type.Integer(), Type.Null()]),
  kind: RoomKind,
});
export type Room = Static<typeof Room>;

/** A pair of the day: its id and local start and end, 'HH:mm'. */
export const LessonTime = Type.Object({ id: Type.Integer(), startsAt: Type.String(), endsAt: Type.String() });
export type LessonTime = Static<typeof LessonTime>;

/** One of the teacher's weekly lessons (a discipline, lesson type and group of his load) a booking is given for. */
export const LoadItem = Type.Object({ idShed: Type.Integer(), discipline: Type.String(), lessonType: Type.String(), group: Type.String() });
export type LoadItem = Static<typeof LoadItem>;

/** POST options.json {}: the filters' choices, the pairs, the caller's load (teachers; [] for students) and the university's date and pair now. */
export const RoomsOptions = Type.Object({
  buildings: Type.Array(Type.String()),
  times: Type.Array(LessonTime),
  load: Type.Array(LoadItem),
  canBook: Type.Boolean(),
  today: Type.String(),
  /** The pair in progress now, else the next one today; null when today's pairs are over. */
  timeNow: Type.Union([Type.Integer(), Type.Null()]),
});
export type RoomsOptions = Static<typeof RoomsOptions>;
export const RoomsOptionsReply = Ok(RoomsOptions);

/** POST free.json: the rooms free at a date and pair (none given: today's pair now), with filters. */
export const FreeRoomsBody = Type.Object({
  date: Type.Optional(IsoDate),
  lessonTimeId: Type.Optional(DbId),
  building: Type.Optional(Type.String({ maxLength: 200 })),
  minCapacity: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000 })),
  kind: Type.Optional(RoomKind),
});
export type FreeRoomsBody = Static<typeof FreeRoomsBody>;
export const FreeRooms = Type.Object({ date: Type.String(), lessonTimeId: Type.Integer(), rooms: Type.Array(Room) });
export type FreeRooms = Static<typeof FreeRooms>;
export const FreeRoomsReply = Ok(FreeRooms);

/** POST week.json {roomId, date?}: the room's week (Monday to Sunday) holding the date (none: today). */
export const RoomWeekBody = Type.Object({ roomId: DbId, date: Type.Optional(IsoDate) });
export type RoomWeekBody = Static<typeof RoomWeekBody>;

/** A lesson in the room: a weekly lesson of the timetable, or a booking (`bookingId`) on its date. */
export const RoomLesson = Type.Object({
  date: Type.String(),
  lessonTimeId: Type.Integer(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  discipline: Type.String(),
  /** The lesson type, or what the booking is for. */
  lessonType: Type.String(),
  group: Type.String(),
  teacher: Type.String(),
  bookingId: Type.Union([Type.Integer(), Type.Null()]),
});
export type RoomLesson = Static<typeof RoomLesson>;
export const RoomWeek = Type.Object({ room: Room, from: Type.String(), to: Type.String(), lessons: Type.Array(RoomLesson) });
export type RoomWeek = Static<typeof RoomWeek>;
export const RoomWeekReply = Ok(RoomWeek);

/** POST book.json: a teacher books a free room at a date and pair for one of his weekly lessons' discipline and group. */
export const BookBody = Type.Object({ roomId: DbId, date: IsoDate, lessonTimeId: DbId, idShed: DbId, kind: BookingKind });
export type BookBody = Static<typeof BookBody>;

export const Booking = Type.Object({
  id: Type.Integer(),
  idShed: Type.Integer(),
  room: Type.String(),
  date: Type.String(),
  lessonTimeId: Type.Integer(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  discipline: Type.String(),
  group: Type.String(),
  kind: BookingKind,
  /** Not started yet: its teacher may still cancel it. */
  cancellable: Type.Boolean(),
});
export type Booking = Static<typeof Booking>;
export const BookingReply = Ok(Booking);
/** POST bookings.json {}: the teacher's bookings from a week ago on, by date and time. */
export const BookingsReply = Ok(Type.Array(Booking));

/** POST cancel.json {bookingId}: the teacher cancels his booking before it starts. */
export const CancelBody = Type.Object({ bookingId: DbId });
export type CancelBody = Static<typeof CancelBody>;
export const CancelReply = Ok(Type.Object({ cancelled: Type.Integer() }));
