/** The spreadsheets an import gives: a kind's template, a kind's records in the template's shape, and the new accounts with their one-time passwords. */
import fs from 'node:fs';
import { newWorkbook } from '../../lib/xlsx';
import type { Language } from '@contract/common';
import type { ImportAccount, ImportKind } from '@contract/imports';
import type { Db } from '../../db/client';
import type { ExportCell } from './imports.kind';
import { IMPORTS } from './imports.registry';
import { ACCOUNT_HEADERS, KIND_NAMES, TEACHER_ACCOUNT_HEADERS } from './imports.texts';

async function workbookOf(sheetName: string, header: string[], rows: ExportCell[][]): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(row);
    added.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'dd.mm.yyyy';
    });
  }
  const shown = (value: ExportCell) => (value instanceof Date ? 'dd.mm.yyyy' : String(value ?? ''));
  sheet.columns.forEach((column, i) => {
    column.width = Math.max(12, ...[header[i], ...rows.map((r) => shown(r[i]))].map((t) => t.length + 2));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** One header row (the kind's columns in `lang`) and one example row. */
export function templateFile(kind: ImportKind, lang: Language): Promise<Buffer> {
  const columns = IMPORTS[kind].columns;
  return workbookOf(
    KIND_NAMES[kind][lang],
    columns.map((c) => c.title[lang]),
    [columns.map((c) => c.example)],
  );
}

/** Whether a kind's records can be exported. */
export const exportable = (kind: ImportKind) => IMPORTS[kind].exportRows !== undefined;

/**
 * The kind's records in its template's shape (the same headers in `lang`, one row per record), so
 * that importing the file again changes nothing; how many records. Never an account or password.
 */
export async function exportFile(db: Db, kind: ImportKind, lang: Language): Promise<{ bytes: Buffer; records: number }> {
  const def = IMPORTS[kind];
  if (!def.exportRows) throw new Error(`exportFile: the kind ${kind} is not exported`);
  const rows = await def.exportRows(db, lang);
  const bytes = await workbookOf(
    KIND_NAMES[kind][lang],
    def.columns.map((c) => c.title[lang]),
    rows,
  );
  return { bytes, records: rows.length };
}

/** The new accounts: student number (a teacher's code), name, group (a teacher's department), login and one-time password. */
export function accountsFile(accounts: readonly ImportAccount[], lang: Language, kind: 'students' | 'teachers' = 'students'): Promise<Buffer> {
  const keys = ['studentNumber', 'fullName', 'group', 'login', 'password'] as const;
  const headers = kind === 'teachers' ? { ...ACCOUNT_HEADERS, ...TEACHER_ACCOUNT_HEADERS } : ACCOUNT_HEADERS;
  return workbookOf(
    KIND_NAMES[kind][lang],
    keys.map((k) => headers[k][lang]),
    accounts.map((a) => keys.map((k) => a[k])),
  );
}

/**
 * Writes a file that must not exist yet (an existing one is never overwritten: EEXIST), with this
 * mode whatever the umask: 0600 for the accounts file, readable by its owner only.
 */
export function writeNewFile(file: string, bytes: Buffer, mode: number): void {
  fs.writeFileSync(file, bytes, { mode, flag: 'wx' });
  fs.chmodSync(file, mode);
}
