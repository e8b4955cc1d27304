/** The departments import into the seeded database (docs/areas/imports.md#the-kinds): matched by the faculty and any of the names, the faculty's others listed. */
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { departments } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { templateFile } from './imports.files';
import { previewLines } from './imports.preview';
import { ImportService, type ImportOptions } from './imports.service';
import { counts, xlsxFile, type TestCell, xlsxValues } from './imports.test-files';

const fx = useTestApp({ signIn: [] });
const db = () => fx.db.database.db;
const run = async (rows: TestCell[][], options: Partial<ImportOptions> = {}) =>
  new ImportService(fx.app.ctx).run('departments', await xlsxFile(rows), 'departments.xlsx', { lang: 'en', ...options });

const header = ['Faculty code', 'Name (ru)', 'Name (kg)', 'Name (en)'];
const departmentRows = async () => (await db().select().from(departments).orderBy(asc(departments.id))).map(({ id: _, ...d }) => d);

const ECONOMICS: TestCell[] = ['FEM', 'Кафедра экономики', 'Экономика кафедрасы', 'Department of Economics'];
const MANAGEMENT: TestCell[] = ['FEM', 'Кафедра менеджмента и маркетинга', 'Менеджмент жана маркетинг кафедрасы', 'Department of Management and Marketing'];
const NEW: TestCell[] = ['FEM', 'Кафедра бухгалтерского учёта', 'Бухгалтердик эсеп кафедрасы', 'Department of Accounting'];

describe('departments', () => {
  it("adds a new department, leaves a seeded one as it is, lists the faculty's others; the same file again changes nothing", async () => {
    const rows = [header, ECONOMICS, NEW];
    const report = await run(rows);
    expect(report).toMatchObject({ written: true, refused: [], changed: [], unchanged: 1 });
    expect(report.added).toEqual([{ line: 3, key: 'FEM / Department of Accounting', changes: [] }]);
    expect(report.missing).toEqual([
      { key: 'FEM / Department of Management and Marketing', name: '', group: '' },
      { key: 'FEM / Department of Finance and Credit', name: '', group: '' },
    ]);
    expect((await departmentRows()).filter((d) => d.nameEn === 'Department of Accounting')).toHaveLength(1);
    expect(previewLines(report, 'departments.xlsx', 'en')).toEqual(
      expect.arrayContaining([
        'Departments of these faculties not in the file: 2. They stay as they are: nothing is deleted',
        '  ? FEM / Department of Finance and Credit',
      ]),
    );

    const again = await run(rows);
    expect(counts(again)).toEqual({ added: 0, changed: 0, unchanged: 2, written: false });
  });

  it('a row keeping one of the names changes the others; a row changing every name is a new department', async () => {
    const before = await departmentRows();
    const report = await run(
      [
        ['Код факультета', 'Название (рус.)', 'Название (кырг.)', 'Название (англ.)'],
        [...MANAGEMENT.slice(0, 3), 'Department of Management'],
        ['FEM', 'Кафедра учёта и аудита', 'Эсеп жана аудит кафедрасы', 'Department of Accounting and Audit'],
      ],
      { lang: 'ru' },
    );
    expect(report.changed).toEqual([
      {
        line: 2,
        key: 'FEM / Кафедра менеджмента и маркетинга',
        changes: [{ field: 'Название (англ.)', before: 'Department of Management and Marketing', after: 'Department of Management' }],
      },
    ]);
    expect(report.added.map((r) => r.key)).toEqual(['FEM / Кафедра учёта и аудита']);
    expect(report.missing.map((m) => m.key)).toEqual(['FEM / Кафедра экономики', 'FEM / Кафедра финансов и кредита', 'FEM / Кафедра бухгалтерского учёта']);
    expect(report.written).toBe(true);
    const after = await departmentRows();
    expect(after).toHaveLength(before.length + 1);
    expect(after.slice(0, before.length)).toEqual(before.map((d) => (d.nameRu === MANAGEMENT[1] ? { ...d, nameEn: 'Department of Management' } : d)));
  });

  it('refuses unknown faculties, repeated names, rows naming two departments and Latin look-alikes, with line and column; nothing is written', async () => {
    const before = await departmentRows();
    const rows: TestCell[][] = [
      header,
      ['XYZ', 'Кафедра химии', 'Химия кафедрасы', 'Department of Chemistry'],
      ['FEM', 'Кафедра статистики', 'Статистика кафедрасы', 'Department of Statistics'],
      ['FEM', 'Кафедра статистики', 'Статистика жана анализ кафедрасы', 'Department of Statistics and Analysis'],
      ['FEM', 'Кафедра экономики', 'Менеджмент жана маркетинг кафедрасы', 'Department of Economics'],
      ['FIT', 'Кафедра мaтематики', 'Математика кафедрасы', 'Department of Mathematics'],
    ];
    const report = await run(rows);
    expect(report.written).toBe(false);
    expect(report.refused).toEqual([
      { line: 2, column: 'Faculty code', reason: 'there is no faculty with the code "XYZ": import the faculties first' },
      { line: 4, column: 'Name (ru)', reason: '"FEM / Кафедра статистики" is already in line 3 of this file' },
      {
        line: 5,
        column: '',
        reason: 'the row\'s names match two departments of the faculty FEM: "Department of Economics", "Department of Management"',
      },
      { line: 6, column: 'Name (ru)', reason: 'the Latin letter "a" at position 10 of "Кафедра мaтематики": type it in Cyrillic' },
    ]);
    expect(await departmentRows()).toEqual(before);
    const kg = previewLines(await run(rows, { lang: 'kg' }), 'departments.xlsx', 'kg');
    expect(kg).toContain('  ! 2-сап, «Faculty code» мамычасы: «XYZ» коду менен факультет жок: адегенде факультеттерди импорттоңуз');

    const valid = await run(rows, { validOnly: true });
    expect(valid.added.map((r) => r.key)).toEqual(['FEM / Department of Statistics']);
    expect(valid.written).toBe(true);
  });

  it('the template has the ru or en headers and an example row', async () => {
    const [headers, example] = await xlsxValues(await templateFile('departments', 'ru'));
    expect(headers).toEqual(['Код факультета', 'Название (рус.)', 'Название (кырг.)', 'Название (англ.)']);
    expect(example).toEqual(['FIT', 'Кафедра программной инженерии', 'Программалык инженерия кафедрасы', 'Department of Software Engineering']);
    expect((await xlsxValues(await templateFile('departments', 'en')))[0]).toEqual(header);
  });
});
