/**
 * The webinar area's tables (found by drizzle-kit through drizzle.config.ts): a teacher's online
 * meeting for one occurrence of one of his weekly lessons (a timetable entry on a date), who of the
 * lesson's students joined it through the portal, and the recordings' links added afterwards.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { scheduleEntries, students, teachers } from '../../db/schema';
import { requiredRef, tstz } from '../../db/schema/columns';

/**
 * One meeting per lesson occurrence (unique entry and date): made on the portal's meeting server
 * ('portal', an unguessable room under the configured base address) or a link the teacher pasted
 * ('link'); `url` is what the lesson's teacher and students open.
 */
export const webinarMeetings = pgTable(
  'webinar_meetings',
  {
    id: serial('id').primaryKey(),
    scheduleEntryId: requiredRef('schedule_entry_id', () => scheduleEntries.id, { onDelete: 'cascade' }),
    lessonDate: date('lesson_date').notNull(),
    teacherId: requiredRef('teacher_id', () => teachers.id),
    provider: text('provider').notNull(),
    url: text('url').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webinar_meetings_lesson_uq').on(t.scheduleEntryId, t.lessonDate),
    index('webinar_meetings_teacher_idx').on(t.teacherId, t.lessonDate),
    check('webinar_meetings_provider_ck', sql`${t.provider} in ('portal', 'link')`),
    check('webinar_meetings_url_ck', sql`${t.url} like 'https://%' and length(${t.url}) <= 500`),
  ],
);

/** A student's first join of a meeting through the portal (once per student and meeting). */
export const webinarJoins = pgTable(
  'webinar_joins',
  {
    meetingId: requiredRef('meeting_id', () => webinarMeetings.id, { onDelete: 'cascade' }),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    joinedAt: tstz('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.studentId] })],
);

/** A recording's link the teacher added to a meeting, with its title. */
export const webinarRecordings = pgTable(
  'webinar_recordings',
  {
    id: serial('id').primaryKey(),
    meetingId: requiredRef('meeting_id', () => webinarMeetings.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('webinar_recordings_meeting_idx').on(t.meetingId, t.id),
    check('webinar_recordings_url_ck', sql`${t.url} like 'https://%' and length(${t.url}) <= 500`),
  ],
);
