/**
 * Reading a spreadsheet (.xlsx, or .csv with commas or semicolons) with exceljs: the first sheet,
 * its first non-empty row the headers, every later row a record (empty rows skipped and counted).
 * A file that cannot be a list is refused whole (ImportFileError) before any row is looked at.
 */
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { newWorkbook } from '../../lib/xlsx';
import { IMPORT_MAX_BYTES } from '@contract/imports';
import type { FileProblem } from './imports.texts';

export class ImportFileError extends Error {
  constructor(
    readonly problem: FileProblem,
    readonly params: Record<string, string | number> = {},
  ) {
    super(problem);
  }
}

/** A cell's value as the import reads it: text (trimmed), a number, a date (xlsx date cells), or null when empty. */
export type CellValue = string | number | Date | null;

export interface SheetRow {
  /** The row's line in the file (1-based, as a spreadsheet numbers it). */
  line: number;
  /** Cell values by column number (1-based). */
  cells: Map<number, CellValue>;
}

export interface Sheet {
  name: string;
  /** Header texts by column number. */
  headers: Map<number, string>;
  rows: SheetRow[];
  emptyRows: number;
}

function cellValue(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return cellValue(value.richText.map((part) => part.text).join(''));
    if ('result' in value) return cellValue((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value) return cellValue(value.text as ExcelJS.CellValue);
    if ('error' in value) return null;
  }
  return cellValue(String(value as unknown as string));
}

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function loadWorkbook(bytes: Buffer, fileName: string): Promise<ExcelJS.Worksheet> {
  const lower = fileName.toLowerCase();
  const workbook = await newWorkbook();
  if (lower.endsWith('.xlsx')) {
    if (!bytes.subarray(0, 4).equals(XLSX_MAGIC)) throw new ImportFileError('notSpreadsheet', { format: 'xlsx' });
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw new ImportFileError('notSpreadsheet', { format: 'xlsx' });
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new ImportFileError('noSheet');
    return sheet;
  }
  if (lower.endsWith('.csv')) {
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    // Not text: a binary file (NUL bytes) or another encoding than UTF-8 (replacement characters).
    if (text.includes('\u0000') || text.includes('\uFFFD')) throw new ImportFileError('notSpreadsheet', { format: 'csv' });
    const firstLine = text.slice(0, text.indexOf('\n') >= 0 ? text.indexOf('\n') : text.length);
    const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
    try {
      // Every value stays text: a student number keeps its leading zeros, a date is read as the import reads dates.
      return await workbook.csv.read(Readable.from([text]), { map: (datum: string) => datum, parserOptions: { delimiter } } as never);
    } catch {
      throw new ImportFileError('notSpreadsheet', { format: 'csv' });
    }
  }
  throw new ImportFileError('unknownExtension');
}

/** Reads the file's first sheet; `fileName` tells the format (.xlsx or .csv). */
export async function readSheet(bytes: Buffer, fileName: string): Promise<Sheet> {
  if (bytes.length > IMPORT_MAX_BYTES) {
    throw new ImportFileError('tooLarge', { size: (Math.ceil((bytes.length / 1024 / 1024) * 10) / 10).toFixed(1), limit: IMPORT_MAX_BYTES / 1024 / 1024 });
  }
  const worksheet = await loadWorkbook(bytes, fileName);
  const merges = ((worksheet.model as { merges?: string[] }).merges ?? []).slice().sort();
  if (merges.length > 0)
    throw new ImportFileError('merged', { sheet: worksheet.name, ranges: merges.slice(0, 5).join(', ') + (merges.length > 5 ? ', …' : '') });

  const lines: SheetRow[] = [];
  worksheet.eachRow({ includeEmpty: true }, (row, line) => {
    const cells = new Map<number, CellValue>();
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      const value = cellValue(cell.value);
      if (value !== null) cells.set(column, value);
    });
    lines.push({ line, cells });
  });
  const headerAt = lines.findIndex((row) => row.cells.size > 0);
  if (headerAt < 0) throw new ImportFileError('emptySheet', { sheet: worksheet.name });
  const headers = new Map<number, string>();
  for (const [column, value] of lines[headerAt].cells) headers.set(column, value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
  const after = lines.slice(headerAt + 1);
  const rows = after.filter((row) => row.cells.size > 0);
  // Empty rows between records, counted; trailing empty rows a spreadsheet keeps are counted too.
  const emptyRows = after.length - rows.length;
  if (rows.length === 0) throw new ImportFileError('noRows', { sheet: worksheet.name });
  return { name: worksheet.name, headers, rows, emptyRows };
}
