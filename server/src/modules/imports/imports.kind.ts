/** What each kind of import gives the service: its columns, and the plan of a file's valid rows. */
import type { Language } from '@contract/common';
import type { ImportAccount, ImportIssue, ImportKind, ImportMissing, ImportRecord } from '@contract/imports';
import type { Db } from '../../db/client';
import type { Column, ColumnMap } from './imports.rows';
import type { Sheet } from './imports.sheet';

export interface KindPlan {
  added: ImportRecord[];
  changed: ImportRecord[];
  unchanged: number;
  refused: ImportIssue[];
  missing: ImportMissing[];
  /** Writes the valid rows' additions and changes (in the caller's transaction); the accounts it made. */
  write(tx: Db, now: Date): Promise<ImportAccount[]>;
}

/** A cell of an exported list: text, a number, a date (a date cell), or empty. */
export type ExportCell = string | number | Date | null;

export interface ImportKindDef<K extends string = string> {
  kind: ImportKind;
  columns: readonly Column<K>[];
  /** Reads and checks every row, compares the valid ones with the database. */
  plan(db: Db, sheet: Sheet, columns: ColumnMap<K>, lang: Language, now: Date): Promise<KindPlan>;
  /**
   * The kind's records as rows of its template (one cell per column, in the columns' order, names
   * in `lang`), such that importing them again changes nothing. A kind without it is not exported.
   */
  exportRows?(db: Db, lang: Language): Promise<ExportCell[][]>;
}
