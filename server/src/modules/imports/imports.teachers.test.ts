/** The teachers import into the seeded database (docs/areas/imports.md#the-kinds): matched by the teacher code, new teachers get accounts. */
import { asc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ImportAccount } from '@contract/imports';
import { departments, faculties, teachers, users } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { signIn } from '../../test/requests';
import { accountsFile, templateFile } from './imports.files';
import { previewLines } from './imports.preview';
import { ImportService, type ImportOptions } from './imports.service';
import { counts, xlsxFile, type TestCell } from './imports.test-files';

const fx = useTestApp({ signIn: [] });
const db = () => fx.db.database.db;
const given: ImportAccount[] = [];
const run = async (rows: TestCell[][], options: Partial<ImportOptions> = {}) =>
  new ImportService(fx.app.ctx).run('teachers', await xlsxFile(rows), 'teachers.xlsx', {
    lang: 'en',
    onAccounts: async (a) => void given.push(...a),
    ...options,
  });

const header = ['Код преподавателя', 'Фамилия', 'Имя', 'Отчество', 'Пол', 'Кафедра', 'Должность', 'Электронная почта'];
const SE = 'Кафедра программной инженерии';
const osmonov = ['T9001', 'Осмонов', 'Нурлан', 'Бекович', 'м', SE, 'Доцент', 'n.osmonov@example.kg'];
const alieva = ['T9002', 'Алиева', 'Динара', null, 'ж', 'Department of Economics', 'Senior Lecturer', null];

const teacherRows = async () =>
  (await db().select().from(teachers).orderBy(asc(teachers.id))).map((t) => ({ code: t.code, surname: t.surname, positionId: t.positionId, email: t.email }));

/** A seeded teacher as a row of the file, unchanged. */
async function seededRow(): Promise<TestCell[]> {
  const [t] = await db()
    .select({
      code: teachers.code,
      surname: teachers.surname,
      name: teachers.name,
      patronymic: teachers.patronymic,
      gender: teachers.gender,
      email: teachers.email,
      dept: departments.nameRu,
      positionId: teachers.positionId,
    })
    .from(teachers)
    .innerJoin(departments, eq(departments.id, teachers.departmentId))
    .where(eq(teachers.code, 'T0001'));
  return [t.code, t.surname, t.name, t.patronymic, t.gender === 'm' ? 'м' : 'ж', t.dept, String(t.positionId), t.email];
}

describe('teachers', () => {
  it('the demo teachers have codes; a first import adds the new ones with accounts that must change their credentials; the same file again changes nothing', async () => {
    const seeded = await seededRow();
    const report = await run([header, seeded, osmonov, alieva]);
    expect(report).toMatchObject({ written: true, refused: [], changed: [], unchanged: 1, accounts: 2 });
    expect(report.added.map((r) => [r.line, r.key])).toEqual([
      [3, 'T9001'],
      [4, 'T9002'],
    ]);
    expect(given.map((a) => [a.studentNumber, a.fullName, a.group, a.login])).toEqual([
      ['T9001', 'Осмонов Нурлан Бекович', 'Department of Software Engineering', 'T9001'],
      ['T9002', 'Алиева Динара', 'Department of Economics', 'T9002'],
    ]);
    const accounts = await db()
      .select({ login: users.login, role: users.role, must: users.mustUpdateCredentials, teacherId: users.teacherId })
      .from(users)
      .where(inArray(users.login, ['T9001', 'T9002']));
    expect(accounts.map((a) => [a.login, a.role, a.must])).toEqual(
      expect.arrayContaining([
        ['T9001', 1, true],
        ['T9002', 1, true],
      ]),
    );
    const first = await signIn(fx.app, 'T9001', given[0].password);
    expect(first.res.statusCode).toBe(403);
    expect(first.body.error.code).toBe('CREDENTIALS_UPDATE_REQUIRED');

    const again = await run([header, seeded, osmonov, alieva]);
    expect({ ...counts(again), accounts: again.accounts }).toEqual({ added: 0, changed: 0, unchanged: 3, written: false, accounts: 0 });
  });

  it('a corrected file changes exactly the corrected teacher, and says what changed, in Russian too', async () => {
    const before = await teacherRows();
    const report = await run([header, osmonov, [...alieva.slice(0, 6), 'Доцент', null]], { lang: 'ru' });
    expect(report.changed).toEqual([{ line: 3, key: 'T9002', changes: [{ field: 'Должность', before: 'Старший преподаватель', after: 'Доцент' }] }]);
    expect(report).toMatchObject({ added: [], unchanged: 1, written: true, accounts: 0 });
    const after = await teacherRows();
    expect(after).toEqual(before.map((t) => (t.code === 'T9002' ? { ...t, positionId: 2 } : t)));
    expect(previewLines(report, 'teachers.xlsx', 'ru')).toEqual(
      expect.arrayContaining(['  ~ T9002 (строка 3)', '      Должность: Старший преподаватель → Доцент']),
    );
  });

  it('refused rows name the line, the column and the reason, in each language, and nothing is written', async () => {
    const before = await teacherRows();
    const users0 = await db().select({ id: users.id }).from(users);
    const rows: TestCell[][] = [
      header,
      ['T9003', 'Исаков', 'Азамат', null, 'м', 'Кафедра астрономии', 'Доцент', null],
      ['T9004', 'Исакова', 'Айгуль', null, 'ж', SE, 'Ректор', null],
      ['T9005', 'Исакoв', 'Бакыт', null, 'x', SE, 'Доцент', 'not-an-email'],
      ['teacher', 'Жумаев', 'Эмил', null, 'м', SE, 'Доцент', null],
      ['T9006', 'Сыдыков', 'Марат', null, 'м', SE, 'Доцент', null],
      ['T9006', 'Сыдыков', 'Марат', null, 'м', SE, 'Доцент', null],
    ];
    const report = await run(rows);
    expect(report.written).toBe(false);
    expect(report.refused).toEqual([
      { line: 2, column: 'Кафедра', reason: 'there is no department "Кафедра астрономии": write its name as the portal has it, in any of the three languages' },
      { line: 3, column: 'Должность', reason: '"Ректор" is not a position: "Professor", "Associate Professor", "Senior Lecturer", "Lecturer"' },
      { line: 4, column: 'Фамилия', reason: 'the Latin letter "o" at position 5 of "Исакoв": type it in Cyrillic' },
      { line: 4, column: 'Пол', reason: '"x": the gender is written "m" or "f"' },
      { line: 4, column: 'Электронная почта', reason: '"not-an-email" is not an email address' },
      { line: 5, column: 'Код преподавателя', reason: 'the login "teacher" is already taken by another account' },
      { line: 7, column: 'Код преподавателя', reason: '"T9006" is already in line 6 of this file' },
    ]);
    expect(await teacherRows()).toEqual(before);
    expect(await db().select({ id: users.id }).from(users)).toEqual(users0);
    const kg = previewLines(await run(rows, { lang: 'kg' }), 'teachers.xlsx', 'kg');
    expect(kg).toContain('  ! 3-сап, «Должность» мамычасы: «Ректор» — белгисиз кызмат орду: «Профессор», «Доцент», «Улук окутуучу», «Окутуучу»');
  });

  it('a department name two faculties share is refused until the faculty code is written before it', async () => {
    const [fem] = await db().select().from(faculties).where(eq(faculties.code, 'FEM'));
    await db()
      .insert(departments)
      .values({ facultyId: fem.id, nameRu: SE, nameKg: 'Программалык инженерия кафедрасы', nameEn: 'Department of Software Engineering' });
    const ambiguous = await run([header, ['T9007', 'Борубаев', 'Канат', null, 'м', SE, 'Доцент', null]]);
    expect(ambiguous.refused).toEqual([
      { line: 2, column: 'Кафедра', reason: `several departments are named "${SE}": FIT, FEM. Write "faculty code / department"` },
    ]);
    const report = await run([header, ['T9007', 'Борубаев', 'Канат', null, 'м', `FEM / ${SE}`, 'Доцент', null]]);
    expect(report).toMatchObject({ written: true, refused: [], accounts: 1 });
    const [t] = await db()
      .select({ faculty: departments.facultyId })
      .from(teachers)
      .innerJoin(departments, eq(departments.id, teachers.departmentId))
      .where(eq(teachers.code, 'T9007'));
    expect(t.faculty).toBe(fem.id);
  });

  it('the template has the ru or en headers and an example; the accounts file names the teacher code and the department', async () => {
    const headers = async (bytes: Buffer) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      return (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
    };
    expect(await headers(await templateFile('teachers', 'ru'))).toEqual([
      'Код преподавателя',
      'Фамилия',
      'Имя',
      'Отчество',
      'Пол',
      'Дата рождения',
      'Кафедра',
      'Должность',
      'Телефон',
      'Электронная почта',
    ]);
    expect((await headers(await templateFile('teachers', 'en')))[0]).toBe('Teacher code');
    expect(await headers(await accountsFile(given.slice(0, 1), 'en', 'teachers'))).toEqual([
      'Teacher code',
      'Full name',
      'Department',
      'Login',
      'One-time password',
    ]);
  });
});
