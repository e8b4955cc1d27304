/**
 * A new exceljs workbook. The library is loaded at the first workbook the server makes or reads, not
 * when the server starts: it is the largest module the server imports (about a tenth of a start's
 * work, docs/testing.md), and a start that never exports or imports a spreadsheet (most of them, and
 * every end-to-end test's server) would load it for nothing.
 */
import type ExcelJS from 'exceljs';

let library: Promise<typeof ExcelJS> | undefined;

export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  library ??= import('exceljs').then((loaded) => loaded.default);
  const { Workbook } = await library;
  return new Workbook();
}
