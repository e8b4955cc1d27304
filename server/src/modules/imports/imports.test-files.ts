/** Spreadsheets for the imports' tests, made with exceljs as a university's office would save them. */
import ExcelJS from 'exceljs';

export type TestCell = string | number | Date | null;

/** An .xlsx file of one sheet with these rows (the first is the headers); `merge` merges a range such as 'A2:A3'. */
/** The first sheet's rows of an .xlsx file (headers first), each as its cells' values. */
export async function xlsxValues(bytes: Buffer | Uint8Array): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

export async function xlsxFile(rows: readonly (readonly TestCell[])[], options: { sheet?: string; merge?: string } = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheet ?? 'List');
  for (const row of rows) sheet.addRow([...row]);
  if (options.merge) sheet.mergeCells(options.merge);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A report's counts in one object, so that a test compares them at once (the same file again: 0 added, 0 changed, not written). */
export const counts = (report: { added: unknown[]; changed: unknown[]; unchanged: number; written: boolean }) => ({
  added: report.added.length,
  changed: report.changed.length,
  unchanged: report.unchanged,
  written: report.written,
});
