/**
 * The rooms area's tables (found by drizzle-kit through drizzle.config.ts): each room's kind beside
 * its building and capacity (auditoria, db/schema/academic.ts), and the teachers' bookings of a free
 * room at a date and pair for a make-up lesson or a consultation of one of their weekly lessons.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditoria, lessonTimes, scheduleEntries, teachers } from '../../db/schema';
import { requiredRef, tstz } from '../../db/schema/columns';

/** A room's kind: 'lecture' (a lecture hall), 'lab' (a laboratory) or 'computer' (a computer class). No row: a lecture hall. */
export const roomKinds = pgTable(
  'room_kinds',
  {
    auditoriumId: integer('auditorium_id')
      .primaryKey()
      .references(() => auditoria.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
  },
  (t) => [check('room_kinds_kind_ck', sql`${t.kind} in ('lecture', 'lab', 'computer')`)],
);

/**
 * A teacher's booking of a room on a date at a pair, for the discipline, lesson type and students of
 * one of his weekly lessons (schedule_entry_id, whose QR attendance it opens as a make-up lesson).
 * One booking per room, date and pair, and one per teacher, date and pair (unique indexes); a
 * cancelled booking is deleted. The migration adds a trigger refusing a room the weekly timetable
 * holds at that weekday and pair of the date's half-year.
 */
export const roomBookings = pgTable(
  'room_bookings',
  {
    id: serial('id').primaryKey(),
    auditoriumId: requiredRef('auditorium_id', () => auditoria.id, { onDelete: 'cascade' }),
    lessonDate: date('lesson_date').notNull(),
    lessonTimeId: requiredRef('lesson_time_id', () => lessonTimes.id),
    scheduleEntryId: requiredRef('schedule_entry_id', () => scheduleEntries.id, { onDelete: 'cascade' }),
    teacherId: requiredRef('teacher_id', () => teachers.id),
    kind: text('kind').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('room_bookings_room_slot_uq').on(t.auditoriumId, t.lessonDate, t.lessonTimeId),
    uniqueIndex('room_bookings_teacher_slot_uq').on(t.teacherId, t.lessonDate, t.lessonTimeId),
    index('room_bookings_entry_idx').on(t.scheduleEntryId, t.lessonDate),
    check('room_bookings_kind_ck', sql`${t.kind} in ('makeup', 'consultation')`),
  ],
);
