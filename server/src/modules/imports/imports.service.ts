/**
 * Imports of the university's lists (docs/areas/imports.md): a file is read, every row checked and
 * compared with the database by the university's codes, and the preview returned. The additions
 * and changes are written in one transaction, and only when no row is refused (or `validOnly`
 * says to write the valid rows only), never on a dry run.
 */
import { sql } from 'drizzle-orm';
import type { Language } from '@contract/common';
import type { ImportAccount, ImportKind, ImportReport } from '@contract/imports';
import type { AppContext } from '../../context';
import { disciplinesImport } from './imports.disciplines';
import { facultiesImport } from './imports.faculties';
import { groupsImport } from './imports.groups';
import type { ImportKindDef } from './imports.kind';
import { plansImport } from './imports.plans';
import { mapColumns } from './imports.rows';
import { readSheet } from './imports.sheet';
import { roomsImport } from './imports.rooms';
import { studentsImport } from './imports.students';
import { teachersImport } from './imports.teachers';
import { timetableImport } from './imports.timetable';

export { ImportFileError } from './imports.sheet';

export const IMPORTS: Record<ImportKind, ImportKindDef> = {
  faculties: facultiesImport as ImportKindDef,
  groups: groupsImport as ImportKindDef,
  students: studentsImport as ImportKindDef,
  teachers: teachersImport as ImportKindDef,
  rooms: roomsImport as ImportKindDef,
  disciplines: disciplinesImport as ImportKindDef,
  plans: plansImport as ImportKindDef,
  timetable: timetableImport as ImportKindDef,
};

export interface ImportOptions {
  lang: Language;
  /** Check and compare only: nothing is written. */
  dryRun?: boolean;
  /** Write the valid rows even when some are refused. */
  validOnly?: boolean;
  /**
   * Given the accounts a students or teachers import makes, inside its transaction before it commits (the
   * command writes them to a file): when it throws, nothing is written.
   */
  onAccounts?: (accounts: ImportAccount[]) => Promise<void>;
  /** Told when the import moves on (the command shows it while a large file takes its seconds). */
  onStage?: (stage: ImportStage, count: number) => void;
}

/** 'compare': the file's `count` rows read, being checked and compared; 'write': `count` records being written. */
export type ImportStage = 'compare' | 'write';

/** What the service needs of the app's context: the command gives it without an HTTP server. */
export type ImportContext = Pick<AppContext, 'db' | 'now'>;

export class ImportService {
  constructor(private readonly ctx: ImportContext) {}

  /** Reads `bytes` (a file named `fileName`, .xlsx or .csv); throws ImportFileError when the file cannot be a list of the kind. */
  async run(kind: ImportKind, bytes: Buffer, fileName: string, options: ImportOptions): Promise<ImportReport> {
    const def = IMPORTS[kind];
    const sheet = await readSheet(bytes, fileName);
    const columns = mapColumns(sheet, def.columns, options.lang);
    options.onStage?.('compare', sheet.rows.length);
    return this.ctx.db.transaction(async (tx) => {
      // A batch, not a request: the deadlines a connection has for requests (DB_STATEMENT_TIMEOUT_MS)
      // would end a large import midway; for this transaction only.
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
      // Compared and written in the same transaction: what the preview says is what is written.
      const plan = await def.plan(tx, sheet, columns, options.lang, this.ctx.now());
      const report: ImportReport = {
        kind,
        rows: sheet.rows.length,
        emptyRows: sheet.emptyRows,
        unknownColumns: columns.unknown,
        added: plan.added,
        changed: plan.changed,
        unchanged: plan.unchanged,
        refused: plan.refused.sort((a, b) => a.line - b.line),
        missing: plan.missing,
        written: false,
        accounts: 0,
      };
      const refused = report.refused.length > 0;
      const nothingToWrite = report.added.length === 0 && report.changed.length === 0;
      if (options.dryRun || (refused && !options.validOnly) || nothingToWrite) return report;
      options.onStage?.('write', report.added.length + report.changed.length);
      const accounts = await plan.write(tx, this.ctx.now());
      if (accounts.length > 0) {
        // New accounts' one-time passwords go to the caller only: without a taker, nothing is written.
        if (!options.onAccounts) throw new Error('ImportService.run: new accounts need onAccounts');
        await options.onAccounts(accounts);
      }
      return { ...report, written: true, accounts: accounts.length };
    });
  }
}
