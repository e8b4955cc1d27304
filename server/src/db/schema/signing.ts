/** Server secrets by purpose (the payment provider's callback signature, document verification tokens), made once at first use. */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, tstz } from './columns';

export const signingKeys = pgTable('signing_keys', {
  purpose: text('purpose').primaryKey(),
  secret: bytea('secret').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});
