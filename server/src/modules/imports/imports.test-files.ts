/** Spreadsheets for the imports' tests, made with exceljs as a university's office would save them. */
import ExcelJS from 'exceljs';

export type TestCell = string | number | Date | null;

/** An .xlsx file of one sheet with these rows (the first is the headers); `merge` merges a range such as 'A2:A3'. */
export async function xlsxFile(rows: readonly (readonly TestCell[])[], options: { sheet?: string; merge?: string } = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheet ?? 'List');
  for (const row of rows) sheet.addRow([...row]);
  if (options.merge) sheet.mergeCells(options.merge);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
