/** Column helpers shared by the schema files. */
import { customType, integer, text, timestamp, type ReferenceConfig } from 'drizzle-orm/pg-core';

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

/** A required (not null) integer column referencing another table's column. */
export const requiredRef = (name: string, target: ReferenceConfig['ref'], actions?: ReferenceConfig['actions']) =>
  integer(name).notNull().references(target, actions);
