/**
 * Imports of the university's lists (docs/areas/imports.md): a file is read, every row checked and
 * compared with the database by the university's codes, and the preview returned. The additions
 * and changes are written in one transaction, and only when no row is refused (or `validOnly`
 * says to write the valid rows only), never on a dry run.
 */
import fsp from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Language } from '@contract/common';
import {
  IMPORT_FILE_FIELD,
  type ImportAccount,
  type ImportAccountsFile,
  type ImportKind,
  type ImportReport,
  type ImportRunFields,
  type ImportRunResult,
} from '@contract/imports';
import { AppError, badRequest, forbidden } from '../../app-error';
import type { AppContext } from '../../context';
import { requestDeadline } from '../../db/client';
import type { MultipartInput } from '../../plugins/files';
import type { Download } from '../../plugins/reply';
import type { AuthInfo } from '../../shared/caller';
import { accountsFile, templateFile } from './imports.files';
import { fileErrorText } from './imports.preview';
import { IMPORTS } from './imports.registry';
import { isActiveAdmin } from './imports.repository';
import { mapColumns } from './imports.rows';
import { ImportFileError, readSheet } from './imports.sheet';

export { ImportFileError } from './imports.sheet';
export { IMPORTS } from './imports.registry';

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

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The administrator's screen (docs/areas/imports.md#calls): an administrator's only (403 otherwise,
 * read from the database on every call, before a byte of a form is read). The import itself is
 * ImportService's, the command's; a file it refuses whole is 400 IMPORT_FILE (413 when too large)
 * with the reader's words in the caller's language, and nothing is written.
 */
export class AdminImportService {
  constructor(private readonly ctx: AppContext) {}

  private async assertAdmin(auth: AuthInfo): Promise<void> {
    if (!(await isActiveAdmin(this.ctx.db, auth.userId))) throw forbidden();
  }

  /** The kind's template, as `npm run import -- template <kind>` writes it, headers in `lang`. */
  async template(auth: AuthInfo, kind: ImportKind, lang: Language): Promise<Download> {
    await this.assertAdmin(auth);
    return { name: `${kind}.xlsx`, type: XLSX_TYPE, bytes: await templateFile(kind, lang) };
  }

  /**
   * Reads the uploaded file and runs the import (a preview with `dryRun`). The accounts a students or
   * teachers import makes come back once as the command's accounts file, made inside the import's
   * transaction (when it cannot be made, nothing is written) and never stored.
   */
  async run(auth: AuthInfo, input: MultipartInput<ImportRunFields>, lang: Language): Promise<ImportRunResult> {
    await this.assertAdmin(auth);
    return input(async ({ fields, files }) => {
      const file = files.find((f) => f.field === IMPORT_FILE_FIELD);
      if (!file || files.length !== 1) throw badRequest({ field: IMPORT_FILE_FIELD });
      const bytes = await fsp.readFile(file.tempPath);
      const { kind } = fields;
      let accounts: ImportAccountsFile | null = null;
      try {
        // A batch, as the command's: not bounded by the request's database deadline (DB_REQUEST_TIMEOUT_MS,
        // seconds), which would end a large file's import midway; its transaction lifts statement_timeout too.
        const importer = new ImportService(this.ctx);
        const report = await requestDeadline.exit(() =>
          importer.run(kind, bytes, file.originalName, {
            lang,
            dryRun: fields.dryRun,
            validOnly: fields.validOnly,
            onAccounts: async (made) => {
              const bytes = await accountsFile(made, lang, kind === 'teachers' ? 'teachers' : 'students');
              const at = this.ctx.now().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
              accounts = { name: `accounts-${kind}-${at}.xlsx`, mime: XLSX_TYPE, base64: bytes.toString('base64') };
            },
          }),
        );
        return { report, accountsFile: accounts };
      } catch (err) {
        if (!(err instanceof ImportFileError)) throw err;
        const text = fileErrorText(err, file.originalName, lang);
        throw new AppError(err.problem === 'tooLarge' ? 413 : 400, 'IMPORT_FILE', { problem: err.problem, text });
      }
    });
  }
}
