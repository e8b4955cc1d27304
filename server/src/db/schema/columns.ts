/** Column helpers shared by the schema files. */
import { customType, text, timestamp } from 'drizzle-orm/pg-core';

/** bytea as a Buffer on both drivers (PGlite returns Uint8Array, node-postgres Buffer). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const names = {
  nameKg: text('name_kg').notNull(),
  nameRu: text('name_ru').notNull(),
  nameEn: text('name_en').notNull(),
};
