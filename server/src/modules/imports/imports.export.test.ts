/** Exports (docs/areas/imports.md#export): every kind written back in its template's shape, so that importing the export changes nothing; never a password. */
import { isNotNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Language } from '@contract/common';
import type { ImportKind } from '@contract/imports';
import { users } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { exportFile, templateFile } from './imports.files';
import { ImportService } from './imports.service';

const fx = useTestApp({ signIn: [] });

/** The cells of a workbook's first sheet, as text. */
async function cellsOf(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? '')))));
  return rows;
}

describe('export', () => {
  const cases: [ImportKind, Language][] = [
    ['faculties', 'ru'],
    ['departments', 'kg'],
    ['specialities', 'en'],
    ['groups', 'en'],
    ['students', 'kg'],
    ['disciplines', 'ru'],
    ['plans', 'en'],
    ['teachers', 'kg'],
    ['rooms', 'ru'],
    ['timetable', 'kg'],
    ['offerings', 'ru'],
  ];

  it.each(cases)("%s: the template's headers in the chosen language (%s), one row per record; importing the export changes nothing", async (kind, lang) => {
    const { bytes, records } = await exportFile(fx.db.database.db, kind, lang);
    expect(records).toBeGreaterThan(0);
    const cells = await cellsOf(bytes);
    const [templateHeader] = await cellsOf(await templateFile(kind, lang));
    expect(cells[0]).toEqual(templateHeader);
    expect(cells).toHaveLength(records + 1);

    const report = await new ImportService(fx.app.ctx).run(kind, bytes, `${kind}.xlsx`, {
      lang,
      onAccounts: () => Promise.reject(new Error('no account expected')),
    });
    expect(report).toMatchObject({ rows: records, unknownColumns: [], added: [], changed: [], refused: [], unchanged: records, written: false, accounts: 0 });
  });

  it.each(['students', 'teachers'] as const)("the %s' export holds no account: neither a password nor its hash", async (kind) => {
    const { bytes } = await exportFile(fx.db.database.db, kind, 'en');
    const text = (await cellsOf(bytes)).flat();
    const hashes = (await fx.db.database.db.select({ hash: users.passwordHash }).from(users).where(isNotNull(users.passwordHash))).map((u) => u.hash!);
    expect(hashes.length).toBeGreaterThan(0);
    expect(text.filter((cell) => hashes.includes(cell))).toEqual([]);
    expect(text.some((cell) => /password|пароль|сырсөз/i.test(cell))).toBe(false);
  });

  it('a corrected export changes exactly the corrected record', async () => {
    const { bytes } = await exportFile(fx.db.database.db, 'disciplines', 'en');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const row = workbook.worksheets[0].getRow(2);
    const code = String(row.getCell(1).value);
    const before = String(row.getCell(4).value);
    row.getCell(4).value = `${before} (advanced)`;
    const corrected = Buffer.from(await workbook.xlsx.writeBuffer());
    const report = await new ImportService(fx.app.ctx).run('disciplines', corrected, 'disciplines.xlsx', { lang: 'en' });
    expect(report.changed).toEqual([{ line: 2, key: code, changes: [{ field: 'Name (en)', before, after: `${before} (advanced)` }] }]);
    expect(report).toMatchObject({ added: [], refused: [], written: true });
  });
});
