/**
 * The personal card's tables (found by drizzle-kit through drizzle.config.ts): a student's education
 * history (admission, transfers, academic leaves and returns, expulsion, graduation, each by an
 * order) and the history of the changes an owner made to the editable fields of his card.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { groups, students, users } from '../../db/schema';
import { tstz } from '../../db/schema/columns';

/** One event of a student's education history; a transfer names the group left and the group joined. */
export const educationEvents = pgTable(
  'education_events',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    date: date('date').notNull(),
    orderNumber: text('order_number').notNull(),
    orderDate: date('order_date').notNull(),
    groupFromId: integer('group_from_id').references(() => groups.id),
    groupToId: integer('group_to_id').references(() => groups.id),
    note: text('note'),
    /** The administrator who added it (null: seeded or imported). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('education_events_student_idx').on(t.studentId, t.date),
    check('education_events_kind_ck', sql`${t.kind} in ('admission', 'transfer', 'leave', 'return', 'expulsion', 'graduation')`),
  ],
);

/** A change of an editable field of a card (phone, e-mail): the value before and after, when, by whom. */
export const cardChanges = pgTable(
  'card_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The account whose card changed. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: tstz('at').notNull(),
  },
  (t) => [index('card_changes_user_idx').on(t.userId, t.at), check('card_changes_field_ck', sql`${t.field} in ('phone', 'email')`)],
);
