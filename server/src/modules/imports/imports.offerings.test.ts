/** The registration offerings import into an empty portal (docs/areas/imports.md#the-kinds): added, the same file again, a corrected and a broken file, the seats already taken. */
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareEmptyPortal } from '../../db/migrate';
import { regOfferings, regSubgroups } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { exportFile, templateFile } from './imports.files';
import { previewLines } from './imports.preview';
import { ImportService, type ImportOptions } from './imports.service';
import { xlsxFile, type TestCell, xlsxValues } from './imports.test-files';
import { offeringsHeader } from '../../../../tests/support/imports';
import type { ImportKind } from '@contract/imports';

const fx = useTestApp({ database: { seed: false }, signIn: [] });
const db = () => fx.db.database.db;
const run = async (kind: ImportKind, rows: readonly (readonly TestCell[])[], options: Partial<ImportOptions> = {}) =>
  new ImportService(fx.app.ctx).run(kind, await xlsxFile(rows), `${kind}.xlsx`, { lang: 'en', onAccounts: async () => {}, ...options });

const HEADER = offeringsHeader();
/** Law's plan discipline in two subgroups of two teachers, and an elective for every speciality. */
const ROWS: TestCell[][] = [
  ['2026-27', 1, 'LAW-101', '030501', 1, 5, 'Exam', 1, 'L001', 1, 'Practice', 'Monday', '08:00', 25],
  ['2026-27', 1, 'LAW-101', '030501', 1, 5, 'Exam', 1, 'L002', 1, 'Practice', 'Tuesday', '09:30', 25],
  ['2026-27', 'Autumn', 'RHET', null, null, 3, 'Credit', 2, 'L002', 1, 'Lecture', 'Saturday', '11:00', 30],
];

const stored = async () => {
  const offerings = await db().select().from(regOfferings).orderBy(asc(regOfferings.id));
  const subgroups = await db().select().from(regSubgroups).orderBy(asc(regSubgroups.id));
  return { offerings: offerings.map(({ id: _, ...o }) => o), subgroups: subgroups.map(({ id: _, offeringId: __, ...s }) => s) };
};

describe('registration offerings', () => {
  beforeAll(async () => {
    await prepareEmptyPortal(fx.db.database, { passwordMinLength: fx.app.ctx.config.passwordMinLength, now: new Date('2026-11-30T10:00:00Z') });
    const lists: [ImportKind, TestCell[][]][] = [
      [
        'faculties',
        [
          ['Faculty code', 'Name (kg)', 'Name (ru)', 'Name (en)'],
          ['LAW', 'Юридика факультети', 'Юридический факультет', 'Faculty of Law'],
        ],
      ],
      [
        'departments',
        [
          ['Faculty code', 'Name (ru)', 'Name (kg)', 'Name (en)'],
          ['LAW', 'Кафедра права', 'Укук кафедрасы', 'Department of Law'],
        ],
      ],
      [
        'specialities',
        [
          ['Speciality code', 'Abbreviation', 'Faculty code', 'Department', 'Name (ru)', 'Name (kg)', 'Name (en)'],
          ['030501', 'ЮР', 'LAW', 'Department of Law', 'Юриспруденция', 'Юриспруденция', 'Law'],
        ],
      ],
      [
        'teachers',
        [
          ['Teacher code', 'Surname', 'Name', 'Gender', 'Department', 'Position'],
          ['L001', 'Мамытов', 'Бактыбек', 'm', 'Department of Law', 'Professor'],
          ['L002', 'Асанова', 'Нургүл', 'f', 'Department of Law', 'Lecturer'],
        ],
      ],
      [
        'disciplines',
        [
          ['Discipline code', 'Name (kg)', 'Name (ru)', 'Name (en)', 'Department'],
          ['LAW-101', 'Мамлекет жана укук теориясы', 'Теория государства и права', 'Theory of State and Law', 'Department of Law'],
          ['RHET', 'Риторика', 'Риторика', 'Rhetoric', 'Department of Law'],
        ],
      ],
    ];
    for (const [kind, rows] of lists) expect(await run(kind, rows)).toMatchObject({ written: true, refused: [] });
  });

  it('adds the offerings and their subgroups to the empty portal; the same file again changes nothing', async () => {
    const report = await run('offerings', [HEADER, ...ROWS]);
    expect(report).toMatchObject({ written: true, refused: [], changed: [], unchanged: 0, missing: [] });
    expect(report.added.map((r) => [r.line, r.key])).toEqual([
      [2, 'LAW-101 (030501, semester 1), 2026-27, Autumn half-year: teacher L001, subgroup 1'],
      [3, 'LAW-101 (030501, semester 1), 2026-27, Autumn half-year: teacher L002, subgroup 1'],
      [4, 'RHET (all specialities, semester 1), 2026-27, Autumn half-year: teacher L002, subgroup 1'],
    ]);
    const { offerings, subgroups } = await stored();
    expect(offerings).toEqual([
      expect.objectContaining({ academicYearId: 2026, workingSemesterId: 1, semesterId: 1, credits: 5, controlFormId: 1, isElective: false, descGroupNum: 1 }),
      expect.objectContaining({
        academicYearId: 2026,
        workingSemesterId: 1,
        semesterId: 1,
        specialityId: null,
        credits: 3,
        controlFormId: 2,
        isElective: true,
        descGroupNum: 2,
      }),
    ]);
    expect(subgroups.map((s) => [s.number, s.dayNumber, s.lessonTimeId, s.capacity, s.taken])).toEqual([
      [1, 1, 1, 25, 0],
      [1, 2, 2, 25, 0],
      [1, 6, 3, 30, 0],
    ]);

    const before = await stored();
    const again = await run('offerings', [HEADER, ...ROWS]);
    expect(again).toMatchObject({ added: [], changed: [], unchanged: 3, refused: [], missing: [], written: false });
    expect(await stored()).toEqual(before);
  });

  it('a corrected file changes that one subgroup; one the file leaves out is listed and kept; the export imports back unchanged', async () => {
    const corrected = [HEADER, ROWS[0], [...ROWS[1].slice(0, 11), 'Wednesday', '09:30', 40]];
    const before = await stored();
    const report = await run('offerings', corrected, { lang: 'ru' });
    expect(report).toMatchObject({ written: true, refused: [], added: [], unchanged: 1 });
    expect(report.changed).toEqual([
      {
        line: 3,
        key: 'LAW-101 (030501, семестр 1), 2026-27, Осеннее полугодие: преподаватель L002, подгруппа 1',
        changes: [
          { field: 'День недели', before: 'Вторник', after: 'Среда' },
          { field: 'Число мест', before: '25', after: '40' },
        ],
      },
    ]);
    expect(report.missing).toEqual([
      {
        key: 'RHET (все специальности, семестр 1), 2026-27, Осеннее полугодие: преподаватель L002, подгруппа 1',
        name: 'Лекция, Суббота, 11:00, мест 30',
        group: 'все специальности',
      },
    ]);
    const after = await stored();
    expect(after.offerings).toEqual(before.offerings);
    expect(after.subgroups).toEqual([before.subgroups[0], { ...before.subgroups[1], dayNumber: 3, capacity: 40 }, before.subgroups[2]]);

    const { bytes, records } = await exportFile(db(), 'offerings', 'kg');
    expect(records).toBe(3);
    const back = await new ImportService(fx.app.ctx).run('offerings', bytes, 'offerings.xlsx', { lang: 'kg' });
    expect(back).toMatchObject({ added: [], changed: [], unchanged: 3, refused: [], written: false });
  });

  it('a broken file writes nothing and names the line, the column and the reason', async () => {
    const before = await stored();
    const report = await run('offerings', [
      HEADER,
      [...ROWS[0].slice(0, 13), 10],
      ['2026-27', 1, 'LAW-101', '030501', 2, 5, 'Exam', 1, 'L001', 2, 'Practice', 'Monday', '08:00', 25],
      ['2026-27', 1, 'LAW-101', '030501', 1, 31, 'Exam', 1, 'L009', 2, 'Practice', 'Sunday', '23:00', 25],
      ['2031-32', 1, 'RHET', null, null, 4, 'Credit', 2, 'L002', 1, 'Lecture', 'Saturday', '11:00', 30],
    ]);
    expect(report.written).toBe(false);
    expect(report.refused).toEqual([
      { line: 3, column: 'Semester', reason: 'semester 2 does not fall in the half-year "Autumn half-year"' },
      { line: 4, column: 'Credits', reason: '"31" is not a whole number from 1 to 30' },
      { line: 4, column: 'Teacher code', reason: 'there is no teacher with the code "L009": import the teachers first' },
      { line: 4, column: 'Day', reason: '"Sunday" is not a teaching day: 1 (Monday) to 6 (Saturday) or its name' },
      { line: 4, column: 'Lesson time', reason: expect.stringContaining('there is no lesson time "23:00"') },
      { line: 5, column: 'Academic year', reason: expect.stringContaining('there is no academic year "2031-32"') },
    ]);
    expect(report.changed.map((r) => r.line)).toEqual([2]);
    expect(previewLines(report, 'offerings.xlsx', 'en')).toEqual(
      expect.arrayContaining(['  ! line 4, column "Credits": "31" is not a whole number from 1 to 30']),
    );
    expect(await stored()).toEqual(before);
  });

  it('a subgroup never gets fewer seats than students already registered; rows of one offering must agree on it', async () => {
    await db().execute(sql`update reg_subgroups set taken = 20 where day_number = 1`);
    const report = await run('offerings', [
      HEADER,
      [...ROWS[0].slice(0, 13), 19],
      [...ROWS[0].slice(0, 5), 6, ...ROWS[0].slice(6, 9), 2, ...ROWS[0].slice(10)],
    ]);
    expect(report.refused).toEqual([{ line: 2, column: 'Capacity', reason: '19 seats is fewer than the students already registered: 20' }]);
    expect(report.added.map((r) => r.line)).toEqual([3]);
    expect(report.written).toBe(false);
    const agree = await run('offerings', [HEADER, ROWS[0], [...ROWS[0].slice(0, 5), 6, ...ROWS[0].slice(6, 9), 2, ...ROWS[0].slice(10)]]);
    expect(agree.refused).toEqual([
      {
        line: 3,
        column: 'Credits',
        reason:
          '"6" differs from line 2 of the same offering (LAW-101 (030501, semester 1), 2026-27, Autumn half-year): all subgroups of a discipline share it',
      },
    ]);
    const [kept] = await db().select().from(regSubgroups).where(eq(regSubgroups.dayNumber, 1));
    expect(kept).toMatchObject({ capacity: 25, taken: 20 });
  });

  it('has a template with the headers in the language asked and one example row', async () => {
    const rows = await xlsxValues(await templateFile('offerings', 'ru'));
    expect(rows[0]).toEqual([
      'Учебный год',
      'Полугодие',
      'Код дисциплины',
      'Код специальности',
      'Семестр',
      'Кредиты',
      'Форма контроля',
      'Блок на экране',
      'Код преподавателя',
      'Подгруппа',
      'Вид занятия',
      'День недели',
      'Пара',
      'Число мест',
    ]);
    expect(rows).toHaveLength(2);
  });
});
