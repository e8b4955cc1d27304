/**
 * A name in the portal's three languages, as the reference tables keep it (`name_ru`, `name_kg`,
 * `name_en`), and the one way a repository selects it. `localName` (server/src/i18n.ts) picks the
 * reader's language from it.
 */
import type { AnyColumn } from 'drizzle-orm';

export type Names = { nameRu: string; nameKg: string; nameEn: string };

/** The three name columns of a table, selected as one `Names`: `{ nameRu, nameKg, nameEn }`. */
export function nameColumns<R extends AnyColumn, K extends AnyColumn, E extends AnyColumn>(table: {
  nameRu: R;
  nameKg: K;
  nameEn: E;
}): { nameRu: R; nameKg: K; nameEn: E } {
  return { nameRu: table.nameRu, nameKg: table.nameKg, nameEn: table.nameEn };
}
