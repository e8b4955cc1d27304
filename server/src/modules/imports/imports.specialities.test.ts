/** The specialities import into the seeded database (docs/areas/imports.md#the-kinds): matched by the classifier code, the abbreviation unique in any case. */
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { specialities } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { templateFile } from './imports.files';
import { previewLines } from './imports.preview';
import { ImportService, type ImportOptions } from './imports.service';
import { counts, xlsxFile, type TestCell, xlsxValues } from './imports.test-files';

const fx = useTestApp({ signIn: [] });
const db = () => fx.db.database.db;
const run = async (rows: TestCell[][], options: Partial<ImportOptions> = {}) =>
  new ImportService(fx.app.ctx).run('specialities', await xlsxFile(rows), 'specialities.xlsx', { lang: 'en', ...options });

const header = ['Speciality code', 'Abbreviation', 'Faculty code', 'Department', 'Name (ru)', 'Name (kg)', 'Name (en)', 'Duration, years'];
const specialityRows = async () => (await db().select().from(specialities).orderBy(asc(specialities.code))).map(({ id: _, ...s }) => s);

const ECONOMICS: TestCell[] = ['580100', 'ЭК', 'FEM', 'Кафедра экономики', 'Экономика', 'Экономика', 'Economics', 4];
const NEW: TestCell[] = ['580300', 'БУ', 'FEM', 'Department of Finance and Credit', 'Бухгалтерский учёт', 'Бухгалтердик эсеп', 'Accounting', null];

describe('specialities', () => {
  it("adds a new speciality (4 years when the file does not say), leaves a seeded one as it is, lists the faculty's others; the same file again changes nothing", async () => {
    const rows = [header, ECONOMICS, NEW];
    const report = await run(rows);
    expect(report).toMatchObject({ written: true, refused: [], changed: [], unchanged: 1 });
    expect(report.added).toEqual([{ line: 3, key: '580300', changes: [] }]);
    expect(report.missing).toEqual([
      { key: '580200', name: 'Management', group: 'FEM' },
      { key: '580800', name: 'Finance and Credit', group: 'FEM' },
    ]);
    expect(previewLines(report, 'specialities.xlsx', 'en')).toContain('  ? 580200 Management (FEM)');
    const added = (await specialityRows()).find((s) => s.code === '580300');
    expect(added).toMatchObject({ abbr: 'БУ', nameEn: 'Accounting', durationYears: 4 });
    expect(added!.departmentId).not.toBeNull();

    const again = await run(rows);
    expect(counts(again)).toEqual({ added: 0, changed: 0, unchanged: 2, written: false });
  });

  it('a corrected file changes exactly what it corrects; two specialities may swap their abbreviations', async () => {
    const before = await specialityRows();
    const report = await run(
      [
        ['Код специальности', 'Сокращение', 'Код факультета', 'Кафедра', 'Название (рус.)', 'Название (кырг.)', 'Название (англ.)', 'Срок обучения, лет'],
        ['580200', 'ФК', 'FEM', 'Кафедра менеджмента и маркетинга', 'Менеджмент', 'Менеджмент', 'Management', 4],
        ['580800', 'МН', 'FEM', 'Кафедра финансов и кредита', 'Финансы и кредит', 'Финансы жана кредит', 'Finance and Credit', 5],
        ['580300', 'БУ', 'FEM', null, 'Бухгалтерский учёт', 'Бухгалтердик эсеп', 'Accounting', null],
      ],
      { lang: 'ru' },
    );
    expect(report.refused).toEqual([]);
    expect(report.changed).toEqual([
      { line: 2, key: '580200', changes: [{ field: 'Сокращение', before: 'МН', after: 'ФК' }] },
      {
        line: 3,
        key: '580800',
        changes: [
          { field: 'Сокращение', before: 'ФК', after: 'МН' },
          { field: 'Срок обучения, лет', before: '4', after: '5' },
        ],
      },
      { line: 4, key: '580300', changes: [{ field: 'Кафедра', before: 'Кафедра финансов и кредита', after: '(пусто)' }] },
    ]);
    expect(report.written).toBe(true);
    const changed: Record<string, object> = { '580200': { abbr: 'ФК' }, '580800': { abbr: 'МН', durationYears: 5 }, '580300': { departmentId: null } };
    expect(await specialityRows()).toEqual(before.map((s) => ({ ...s, ...changed[s.code] })));
  });

  it("refuses a taken abbreviation (in any case), repeated codes and abbreviations, unknown faculties, another faculty's department and a duration out of 1–6; nothing is written", async () => {
    const before = await specialityRows();
    const rows: TestCell[][] = [
      header,
      ['590100', 'пи', 'FEM', null, 'Туризм', 'Туризм', 'Tourism', 4],
      ['590200', 'ТР', 'XYZ', null, 'Туризм', 'Туризм', 'Tourism', 4],
      ['590300', 'СТ', 'FEM', 'Кафедра журналистики', 'Статистика', 'Статистика', 'Statistics', 7],
      ['590400', 'ЛГ', 'FEM', null, 'Логистика', 'Логистика', 'Logistics', 4],
      ['590400', 'ЛГ2', 'FEM', null, 'Логистика', 'Логистика', 'Logistics', 4],
      ['590500', 'лг', 'FEM', null, 'Логистика', 'Логистика', 'Logistics', 4],
    ];
    const report = await run(rows);
    expect(report.written).toBe(false);
    expect(report.refused).toEqual([
      { line: 2, column: 'Abbreviation', reason: 'the abbreviation "пи" is already the speciality 710400\'s' },
      { line: 3, column: 'Faculty code', reason: 'there is no faculty with the code "XYZ": import the faculties first' },
      { line: 4, column: 'Department', reason: 'the department "Кафедра журналистики" belongs to the faculty FH, the speciality to the faculty FEM' },
      { line: 4, column: 'Duration, years', reason: '"7" is not a whole number from 1 to 6' },
      { line: 6, column: 'Speciality code', reason: '"590400" is already in line 5 of this file' },
      { line: 7, column: 'Abbreviation', reason: '"лг" is already in line 5 of this file' },
    ]);
    expect(await specialityRows()).toEqual(before);
    const kg = previewLines(await run(rows, { lang: 'kg' }), 'specialities.xlsx', 'kg');
    expect(kg).toContain('  ! 2-сап, «Abbreviation» мамычасы: «пи» кыскартылышы 710400 адистигине таандык');
  });

  it('the template has the ru or en headers and an example row', async () => {
    const [headers, example] = await xlsxValues(await templateFile('specialities', 'ru'));
    expect(headers).toEqual([
      'Код специальности',
      'Сокращение',
      'Код факультета',
      'Кафедра',
      'Название (рус.)',
      'Название (кырг.)',
      'Название (англ.)',
      'Срок обучения, лет',
    ]);
    expect(example).toEqual([
      '710400',
      'ПИ',
      'FIT',
      'Кафедра программной инженерии',
      'Программная инженерия',
      'Программалык инженерия',
      'Software Engineering',
      4,
    ]);
    expect((await xlsxValues(await templateFile('specialities', 'en')))[0]).toEqual(header);
  });
});
