/**
 * The administration area's table (found by drizzle-kit through drizzle.config.ts): the audit log of
 * the administrators' changes to accounts, written in the transaction of the change itself.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import { tstz } from '../../db/schema/columns';

export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tstz('at').notNull(),
    /** The administrator who made the change (entries stay when an account is deleted). */
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** The account changed. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    /** The account's state before and after the change (contract/admin.ts AuditEntry). */
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('admin_audit_at_idx').on(t.at),
    index('admin_audit_user_idx').on(t.userId, t.at),
    index('admin_audit_admin_idx').on(t.adminId, t.at),
    check(
      'admin_audit_action_ck',
      sql`${t.action} in ('disable', 'enable', 'resetPassword', 'unlock', 'endSessions', 'grantRight', 'revokeRight', 'createAccount', 'setQuota', 'addReference', 'changeReference', 'deleteReference')`,
    ),
  ],
);
