/**
 * The command `npm run import` as an administrator runs it (docs/areas/imports.md#for-users): a
 * child process on a DATA_DIR of its own (migrated, with no demo data), its preview and exit code;
 * and the files it writes: the template, the export, and the new accounts readable by their owner only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { accountsFile, templateFile, writeNewFile } from './imports.files';
import { xlsxFile } from './imports.test-files';
import { runCommand } from '../../test/commands';
import { usePostgres } from '../../test/helpers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-import-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the command in `dir` (as npm would: INIT_CWD the caller's folder); its exit code and output. */
const command = (args: string[]) => runCommand('import', args, path.join(dir, 'data'), dir);

/** The rows of a workbook's first sheet, as text. */
async function rowsOf(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String)));
  return rows;
}

/** The command runs on an embedded database of its own whichever project runs this file: the PGlite one runs it. */
describe.skipIf(usePostgres)('npm run import', () => {
  it(
    'prints the preview, exits 1 and writes nothing while a row is refused; --valid-only writes the valid rows; export writes them back',
    // A ceiling for a hang: each command transpiles the server and migrates a new embedded database, several times over; on a
    // busy 2-core machine the file took 120 s.
    { timeout: 300_000 },
    async () => {
      const file = path.join(dir, 'faculties.xlsx');
      fs.writeFileSync(
        file,
        await xlsxFile([
          ['Faculty code', 'Name (kg)', 'Name (ru)', 'Name (en)'],
          ['LAW', 'Юридика факультети', 'Юридический факультет', 'Faculty of Law'],
          ['MED', 'Медицина факультети', 'Медицинcкий факультет', 'Faculty of Medicine'],
        ]),
      );
      const refused = await command(['faculties', 'faculties.xlsx']);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('  + LAW (line 2)');
      expect(refused.out).toContain('  ! line 3, column "Name (ru)": the Latin letter "c" at position 8 of "Медицинcкий факультет": type it in Cyrillic');
      expect(refused.out).toContain('Nothing written: 1 rows refused.');

      const valid = await command(['faculties', 'faculties.xlsx', '--valid-only', '--lang', 'ru']);
      expect(valid.code).toBe(1);
      expect(valid.out).toContain('Записано: добавлено 1, изменено 0, без изменений 0');
      // The first run wrote nothing: LAW is added by the second.
      expect(valid.out).toContain('  + LAW (строка 2)');
      // Its stages on stderr, the preview alone on stdout.
      expect(valid.err).toContain('Прочитано строк: 2; проверка и сравнение с базой…');
      expect(valid.err).toContain('Запись: 1…');
      expect(valid.out).not.toContain('Запись: 1…');

      // The export: the template's shape, readable by its owner only, never over a file; importing it changes nothing.
      const exported = await command(['export', 'faculties', 'export.xlsx']);
      expect(exported.code).toBe(0);
      expect(exported.out).toContain('Exported 1 records to');
      const exportFile = path.join(dir, 'export.xlsx');
      expect(fs.statSync(exportFile).mode & 0o777).toBe(0o600);
      expect(await rowsOf(fs.readFileSync(exportFile))).toEqual([
        ['Faculty code', 'Name (kg)', 'Name (ru)', 'Name (en)'],
        ['LAW', 'Юридика факультети', 'Юридический факультет', 'Faculty of Law'],
      ]);
      expect((await command(['export', 'faculties', 'export.xlsx'])).code).toBe(1);
      const again = await command(['faculties', 'export.xlsx']);
      expect(again.code).toBe(0);
      expect(again.out).toContain('Written: 0 added, 0 changed, 1 unchanged');
    },
  );
});

describe('the files of an import', () => {
  it('a template has one header row in the chosen language and one example row', async () => {
    expect(await rowsOf(await templateFile('groups', 'en'))).toEqual([
      ['Group', 'Speciality code', 'Education form', 'Admission year', 'Group number'],
      ['ПИ-1-26', '710400', 'Очная', '2026', '1'],
    ]);
    const students = await rowsOf(await templateFile('students', 'ru'));
    expect(students).toHaveLength(2);
    expect(students[0].slice(0, 3)).toEqual(['Номер зачётки', 'Фамилия', 'Имя']);
  });

  it('the accounts file is readable by its owner only and never overwrites a file', async () => {
    const file = path.join(dir, 'accounts.xlsx');
    const accounts = [{ studentNumber: '2601101901', fullName: 'Асанова Айгерим', group: 'ПИ-1-26', login: '2601101901', password: 'abcDEF234xyz' }];
    writeNewFile(file, await accountsFile(accounts, 'en'), 0o600);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await rowsOf(fs.readFileSync(file))).toEqual([
      ['Student number', 'Full name', 'Group', 'Login', 'One-time password'],
      ['2601101901', 'Асанова Айгерим', 'ПИ-1-26', '2601101901', 'abcDEF234xyz'],
    ]);
    expect(() => writeNewFile(file, Buffer.from('x'), 0o600)).toThrow(/EEXIST/);
  });
});
