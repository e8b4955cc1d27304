/**
 * The columns of a kind and the reading of one row: headers are matched in Russian, English or
 * Kyrgyz, in any order (case, «ё», spaces and punctuation do not matter); each value is checked and
 * every refusal names the row's line, the column as the file heads it, and the reason.
 */
import type { Language } from '@contract/common';
import type { ImportAccount, ImportFieldChange, ImportIssue, ImportRecord } from '@contract/imports';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import { ImportFileError, type CellValue, type Sheet, type SheetRow } from './imports.sheet';
import { quote, ROW_PROBLEMS, WORDS, say, type RowProblem, type Texts } from './imports.texts';

export interface Column<K extends string> {
  key: K;
  /** The header a template writes, per language (also accepted). */
  title: Texts;
  /** Other headers accepted. */
  aliases: readonly string[];
  required: boolean;
  /** The template's example value. */
  example: string | number;
}

/** A header as compared: lower case, «ё» as «е», letters and digits only, single spaces. */
export function normalizeHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface ColumnMap<K extends string> {
  /** Column number and header (as in the file) of each column of the kind the file has. */
  at: Map<K, { column: number; header: string }>;
  unknown: string[];
}

/** Finds the kind's columns among the sheet's headers; refuses the file when a required one is missing or one appears twice. */
export function mapColumns<K extends string>(sheet: Sheet, columns: readonly Column<K>[], lang: Language): ColumnMap<K> {
  const byHeader = new Map<string, K>();
  for (const c of columns) for (const h of [...Object.values(c.title), ...c.aliases]) byHeader.set(normalizeHeader(h), c.key);
  const at = new Map<K, { column: number; header: string }>();
  const unknown: string[] = [];
  for (const [column, header] of [...sheet.headers].sort((a, b) => a[0] - b[0])) {
    const key = byHeader.get(normalizeHeader(header));
    if (key === undefined) {
      unknown.push(header);
      continue;
    }
    const first = at.get(key);
    if (first) throw new ImportFileError('duplicateColumn', { column: header, first: columnLetter(first.column), second: columnLetter(column) });
    at.set(key, { column, header });
  }
  const missing = columns.filter((c) => c.required && !at.has(c.key));
  if (missing.length > 0) {
    throw new ImportFileError('missingColumns', {
      sheet: sheet.name,
      columns: missing.map((c) => quote(c.title[lang], lang)).join(', '),
      found: [...sheet.headers.values()].map((h) => quote(h, lang)).join(', '),
    });
  }
  return { at, unknown };
}

/** A, B, ... Z, AA: the column's letter as a spreadsheet shows it. */
export function columnLetter(column: number): string {
  let n = column;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Latin letters that look like Cyrillic ones. */
const LATIN = /\p{Script=Latin}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;

/** The first Latin letter inside a word that also has Cyrillic letters, with its position (1-based) in the value. */
export function latinInCyrillic(value: string): { letter: string; position: number } | null {
  let offset = 0;
  for (const word of value.split(/([\s\-']+)/)) {
    const chars = [...word];
    if (chars.some((c) => CYRILLIC.test(c))) {
      const at = chars.findIndex((c) => LATIN.test(c));
      if (at >= 0) return { letter: chars[at], position: offset + at + 1 };
    }
    offset += [...word].length;
  }
  return null;
}

const DATE_DMY = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;
const DATE_YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** A calendar date 'YYYY-MM-DD' from a cell (a date cell, dd.mm.yyyy, dd/mm/yyyy, yyyy-mm-dd or an Excel day number), or null. */
export function parseDate(value: CellValue): string | null {
  if (value === null) return null;
  let y: number, m: number, d: number;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return value.toISOString().slice(0, 10);
  }
  if (typeof value === 'number') {
    // Excel's day number (1900 date system): 25569 is 1970-01-01.
    if (!Number.isInteger(value) || value < 1 || value > 2958465) return null;
    return new Date((value - 25569) * 86_400_000).toISOString().slice(0, 10);
  }
  const dmy = DATE_DMY.exec(value);
  const ymd = DATE_YMD.exec(value);
  if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else if (ymd) [y, m, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** dd.mm.yyyy of a 'YYYY-MM-DD' date. */
export function showDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE = /^[\p{L}\p{N}._-]+$/u;

/** Reads the cells of one row; every refusal goes to `issues` with the line and the column's header. */
export class RowReader<K extends string> {
  private refusedHere = false;

  constructor(
    private readonly row: SheetRow,
    private readonly columns: ColumnMap<K>,
    private readonly lang: Language,
    private readonly issues: ImportIssue[],
  ) {}

  get line(): number {
    return this.row.line;
  }

  /** True when a value of this row was refused. */
  get refused(): boolean {
    return this.refusedHere;
  }

  /** True when the file has the column (an absent optional column leaves the field as it is). */
  has(key: K): boolean {
    return this.columns.at.has(key);
  }

  header(key: K): string {
    return this.columns.at.get(key)?.header ?? '';
  }

  refuse(key: K | null, problem: RowProblem, params: Record<string, string | number> = {}): null {
    this.refusedHere = true;
    this.issues.push({ line: this.row.line, column: key === null ? '' : this.header(key), reason: say(ROW_PROBLEMS[problem], this.lang, params) });
    return null;
  }

  raw(key: K): CellValue {
    const at = this.columns.at.get(key);
    return at ? (this.row.cells.get(at.column) ?? null) : null;
  }

  /** The cell as text (a number as written, a date as dd.mm.yyyy), or null when empty. */
  text(key: K): string | null {
    const value = this.raw(key);
    if (value === null) return null;
    if (value instanceof Date) return showDate(value.toISOString().slice(0, 10));
    return String(value).replace(/\s+/g, ' ').trim() || null;
  }

  /** Text that must be there, at most `max` characters. */
  required(key: K, max = 200): string | null {
    const value = this.text(key);
    if (value === null) return this.refuse(key, 'required');
    if ([...value].length > max) return this.refuse(key, 'tooLong', { max });
    return value;
  }

  /** Text that may be empty (null). */
  optional(key: K, max = 200): string | null {
    const value = this.text(key);
    if (value !== null && [...value].length > max) return this.refuse(key, 'tooLong', { max });
    return value;
  }

  /** A university code: letters, digits, dots, hyphens, underscores. */
  code(key: K, max = 40): string | null {
    const value = this.required(key, max);
    if (value !== null && !CODE.test(value)) return this.refuse(key, 'badCode', { value });
    return value;
  }

  /** A name: no Latin letter inside a Cyrillic word (refused with its position, never changed silently). */
  name(key: K, required: boolean, max = 200): string | null {
    const value = required ? this.required(key, max) : this.optional(key, max);
    if (value === null) return null;
    const latin = latinInCyrillic(value);
    if (latin) return this.refuse(key, 'latinLetter', { letter: latin.letter, position: latin.position, value });
    return value;
  }

  wholeNumber(key: K, min: number, max: number, required = true): number | null {
    const value = this.text(key);
    if (value === null) return required ? this.refuse(key, 'required') : null;
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) return this.refuse(key, 'wholeNumber', { value, min, max });
    return n;
  }

  /** A number from min to max, with a decimal point or comma (a coordinate), or null when empty and not required. */
  decimal(key: K, min: number, max: number, required = true): number | null {
    const value = this.text(key);
    if (value === null) return required ? this.refuse(key, 'required') : null;
    const n = /^-?\d+([.,]\d+)?$/.test(value) ? Number(value.replace(',', '.')) : NaN;
    if (!Number.isFinite(n) || n < min || n > max) return this.refuse(key, 'decimal', { value, min, max });
    return n;
  }

  /** A date 'YYYY-MM-DD' between min and max (both 'YYYY-MM-DD'), or null when empty. */
  date(key: K, min: string, max: string): string | null {
    const raw = this.raw(key);
    if (raw === null) return null;
    const value = parseDate(raw);
    if (value === null) return this.refuse(key, 'badDate', { value: this.text(key) ?? '' });
    if (value < min || value > max) return this.refuse(key, 'dateRange', { value: showDate(value), min: showDate(min), max: showDate(max) });
    return value;
  }

  email(key: K): string | null {
    const value = this.optional(key, 254);
    if (value !== null && !EMAIL.test(value)) return this.refuse(key, 'badEmail', { value });
    return value;
  }
}

/** A field compared between the database and the file: its label, and how its value is shown. */
export interface Field<V> {
  key: keyof V & string;
  label: Texts;
  show?: (value: unknown, lang: Language) => string;
}

/** The fields whose values differ, before → after (fields the file leaves out, `undefined` after, are not compared). */
export function changesOf<V extends object>(fields: readonly Field<V>[], before: V, after: Partial<V>, lang: Language): ImportFieldChange[] {
  const empty = say(WORDS.empty, lang);
  const shown = (field: Field<V>, value: unknown) =>
    value === null || value === undefined || value === '' ? empty : field.show ? field.show(value, lang) : String(value);
  return fields
    .filter((f) => after[f.key] !== undefined && (after[f.key] ?? null) !== (before[f.key] ?? null))
    .map((f) => ({ field: f.label[lang], before: shown(f, before[f.key]), after: shown(f, after[f.key]) }));
}

/** A row of a record the database has: unchanged, or changed (its changes listed, its values kept for the write). */
export function sortKnown<V>(
  plan: { changed: ImportRecord[]; unchanged: number },
  updates: { id: number; values: V }[],
  row: { line: number; key: string; id: number; values: V },
  changes: ImportFieldChange[],
): void {
  if (changes.length === 0) plan.unchanged++;
  else {
    plan.changed.push({ line: row.line, key: row.key, changes });
    updates.push({ id: row.id, values: row.values });
  }
}

/** The write of a kind without accounts: the new records, then the changed ones. */
export function writeRecords<I, V>(
  inserts: I[],
  updates: { id: number; values: V }[],
  insert: (tx: Db, rows: I[]) => Promise<unknown>,
  update: (tx: Db, id: number, values: V) => Promise<unknown>,
) {
  return async (tx: Db): Promise<ImportAccount[]> => {
    await insert(tx, inserts);
    for (const u of updates) await update(tx, u.id, u.values);
    return [];
  };
}

/** Refuses the second and later rows with the same key (`key` null: the row's key was refused already). */
export class DuplicateCheck {
  private readonly seen = new Map<string, number>();

  /** True when the key was seen on an earlier line (and the row is refused). */
  repeated<K extends string>(reader: RowReader<K>, column: K, key: string | null): boolean {
    if (key === null) return false;
    const folded = key.toLowerCase();
    const first = this.seen.get(folded);
    if (first !== undefined) {
      reader.refuse(column, 'duplicate', { value: key, line: first });
      return true;
    }
    this.seen.set(folded, reader.line);
    return false;
  }
}

/**
 * A list of forms (education forms, forms of assessment) found by any of their names (and their
 * number): how one is shown, and the reading of a row's cell as one. A name the list has not is
 * refused with `problem`, listing the forms (read as undefined); an empty optional cell is null.
 */
export function formsList(
  forms: readonly { id: number; nameKg: string; nameRu: string; nameEn: string }[],
  lang: Language,
  problem: 'unknownForm' | 'unknownControlForm',
) {
  const byText = new Map<string, number>();
  for (const f of forms) for (const text of [String(f.id), f.nameKg, f.nameRu, f.nameEn]) byText.set(normalizeHeader(text), f.id);
  const nameOf = new Map(forms.map((f) => [f.id, localName(f, lang)]));
  const find = (text: string) => byText.get(normalizeHeader(text));
  const list = forms.map((f) => quote(localName(f, lang), lang)).join(', ');
  return {
    show: (id: unknown) => nameOf.get(id as number) ?? String(id),
    read<K extends string>(r: RowReader<K>, key: K, required = true): number | null | undefined {
      const text = required ? r.required(key) : r.optional(key);
      if (text === null) return required ? undefined : null;
      const id = find(text);
      if (id === undefined) r.refuse(key, problem, { value: text, forms: list });
      return id;
    },
  };
}
