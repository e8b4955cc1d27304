/** The single window: reference lists of orders (document types, regions, districts, purposes), orders and their history. */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { names, requiredRef, tstz } from './columns';
import { users } from './auth';
import { faculties } from './academic';
import { students } from './people';

/** Documents a student may order; `kind` 'study' is the certificate of study the portal generates as a PDF. */
export const swDocTypes = pgTable('sw_doc_types', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull().unique(),
  ...names,
  sort: smallint('sort').notNull().default(0),
});

/** Regions of Kyrgyzstan (and the cities of republican significance). */
export const swRegions = pgTable('sw_regions', {
  id: serial('id').primaryKey(),
  ...names,
  sort: smallint('sort').notNull().default(0),
});

export const swDistricts = pgTable(
  'sw_districts',
  {
    id: serial('id').primaryKey(),
    regionId: requiredRef('region_id', () => swRegions.id),
    ...names,
  },
  (t) => [index('sw_districts_region_idx').on(t.regionId)],
);

/** Where the document is to be presented (naznachenie). */
export const swPurposes = pgTable('sw_purposes', {
  id: serial('id').primaryKey(),
  ...names,
  sort: smallint('sort').notNull().default(0),
});

/** Order statuses: 1 waiting, 2 preparing, 3 prepared, 4 canceled. */
export const swOrders = pgTable(
  'sw_orders',
  {
    id: serial('id').primaryKey(),
    studentId: requiredRef('student_id', () => students.id),
    /** The student's faculty when ordered: the registrars of that faculty handle it. */
    facultyId: requiredRef('faculty_id', () => faculties.id),
    docTypeId: requiredRef('doc_type_id', () => swDocTypes.id),
    regionId: requiredRef('region_id', () => swRegions.id),
    districtId: requiredRef('district_id', () => swDistricts.id),
    purposeId: requiredRef('purpose_id', () => swPurposes.id),
    status: smallint('status').notNull().default(1),
    /** Why it was canceled (a rejection's reason; empty when the student canceled it). */
    reason: text('reason'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('sw_orders_student_idx').on(t.studentId, t.id),
    index('sw_orders_faculty_idx').on(t.facultyId, t.status),
    check('sw_orders_status_ck', sql`${t.status} in (1, 2, 3, 4)`),
  ],
);

/** Every change of an order (its creation included), oldest first. */
export const swOrderHistory = pgTable(
  'sw_order_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: requiredRef('order_id', () => swOrders.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull(),
    /** What the registrar wrote at this step: a rejection's reason, a comment, where to collect a paper document. */
    reason: text('reason'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('sw_order_history_order_idx').on(t.orderId)],
);
