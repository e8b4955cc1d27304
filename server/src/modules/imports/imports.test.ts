/** Imports into the seeded database (docs/areas/imports.md#for-users): what a first import adds, a second leaves alone, a corrected file changes, a broken one refuses. */
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, type ImportAccount, type ImportKind } from '@contract/imports';
import { faculties, groups, specialities, students, users } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { signedIn, signIn } from '../../test/requests';
import { previewLines } from './imports.preview';
import { ImportFileError, ImportService, type ImportOptions } from './imports.service';
import { counts, xlsxFile, type TestCell } from './imports.test-files';

const fx = useTestApp({ signIn: [] });
const service = () => new ImportService(fx.app.ctx);
const run = (kind: ImportKind, file: Buffer, options: Partial<ImportOptions> = {}, name = 'list.xlsx') =>
  service().run(kind, file, name, { lang: 'en', ...options });

/** Why the file is refused: the problem of the ImportFileError thrown. */
async function fileProblem(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ImportFileError)) throw new Error(`expected an ImportFileError, got ${String(error)}`);
  return error.problem;
}

const facultyRows = async () => (await fx.db.database.db.select().from(faculties).orderBy(asc(faculties.code))).map(({ id: _, ...f }) => f);

describe('faculties', () => {
  const header = ['Код факультета', 'Название (кырг.)', 'Название (рус.)', 'Название (англ.)'];
  const fit = ['FIT', 'Маалыматтык технологиялар факультети', 'Факультет информационных технологий', 'Faculty of Information Technology'];
  const law = ['LAW', 'Юридика факультети', 'Юридический факультет', 'Faculty of Law'];
  const med = ['MED', 'Медицина факультети', 'Медицинский факультет', 'Faculty of Medicine'];

  it('a first import adds the new faculties, leaves the seeded one as it is; the same file again changes nothing', async () => {
    const file = await xlsxFile([header, fit, law, med]);
    const first = await run('faculties', file);
    expect(first).toMatchObject({ written: true, unchanged: 1, refused: [], changed: [] });
    expect(first.added.map((r) => [r.line, r.key])).toEqual([
      [3, 'LAW'],
      [4, 'MED'],
    ]);
    expect(await facultyRows()).toEqual(expect.arrayContaining([{ code: 'LAW', nameKg: law[1], nameRu: law[2], nameEn: law[3] }]));

    const again = await run('faculties', file);
    expect(counts(again)).toEqual({ added: 0, changed: 0, unchanged: 3, written: false });
    expect(previewLines(again, 'list.xlsx', 'en')).toEqual(
      expect.arrayContaining(['To add: 0', 'To change: 0', 'Unchanged: 3', 'Written: 0 added, 0 changed, 3 unchanged']),
    );
  });

  it('a corrected file changes exactly the corrected record, and says what changed', async () => {
    const before = await facultyRows();
    // English headers in another order, and a column the import does not know.
    const file = await xlsxFile([
      ['Name (en)', 'Faculty code', 'Name (ru)', 'Name (kg)', 'Dean'],
      [law[3], law[0], 'Юридический факультет имени Т. Абдумомунова', law[1], 'Someone'],
      [fit[3], fit[0], fit[2], fit[1], null],
    ]);
    const report = await run('faculties', file, { lang: 'ru' });
    expect(report.unknownColumns).toEqual(['Dean']);
    expect(report.changed).toEqual([
      { line: 2, key: 'LAW', changes: [{ field: 'Название (рус.)', before: 'Юридический факультет', after: 'Юридический факультет имени Т. Абдумомунова' }] },
    ]);
    expect(report).toMatchObject({ added: [], unchanged: 1, written: true });
    const after = await facultyRows();
    expect(after).toEqual(before.map((f) => (f.code === 'LAW' ? { ...f, nameRu: 'Юридический факультет имени Т. Абдумомунова' } : f)));
    expect(previewLines(report, 'law.xlsx', 'ru')).toEqual(
      expect.arrayContaining(['  ~ LAW (строка 2)', '      Название (рус.): Юридический факультет → Юридический факультет имени Т. Абдумомунова']),
    );
  });

  const broken: TestCell[][] = [
    header,
    ['ART', 'Искусство факультети', 'Факультет искусств', 'Faculty of Arts'],
    [],
    ['PHY', 'Физика факультети', 'Физичеcкий факультет', 'Faculty of Physics'],
    ['ART', 'Искусство', 'Искусство', 'Arts'],
    ['CHE', 'Химия факультети', null, 'Faculty of Chemistry'],
  ];

  it('a file with refused rows writes nothing and names each line, column and reason', async () => {
    const before = await facultyRows();
    const report = await run('faculties', await xlsxFile(broken));
    expect(report.written).toBe(false);
    expect(report.emptyRows).toBe(1);
    expect(report.refused).toEqual([
      {
        line: 4,
        column: 'Название (рус.)',
        reason: 'the Latin letter "c" at position 7 of "Физичеcкий факультет": type it in Cyrillic',
      },
      { line: 5, column: 'Код факультета', reason: '"ART" is already in line 2 of this file' },
      { line: 6, column: 'Название (рус.)', reason: 'empty, but required' },
    ]);
    expect(await facultyRows()).toEqual(before);
    // In Kyrgyz, the reasons too.
    const lines = previewLines(await run('faculties', await xlsxFile(broken), { lang: 'kg' }), 'broken.xlsx', 'kg');
    expect(lines).toContain('  ! 6-сап, «Название (рус.)» мамычасы: бош, бирок талаа милдеттүү');
    expect(lines.at(-1)).toBe(
      'Эч нерсе жазылган жок: четке кагылган саптар — 3. Аларды оңдоңуз же туура саптарды гана жазуу үчүн --valid-only менен иштетиңиз',
    );
  });

  it('a dry run writes nothing; --valid-only writes the valid rows only', async () => {
    const before = await facultyRows();
    const dry = await run('faculties', await xlsxFile(broken), { dryRun: true, validOnly: true });
    expect(dry.written).toBe(false);
    expect(await facultyRows()).toEqual(before);

    const report = await run('faculties', await xlsxFile(broken), { validOnly: true });
    expect(report.written).toBe(true);
    expect(report.added.map((r) => r.key)).toEqual(['ART']);
    expect(report.refused).toHaveLength(3);
    expect((await facultyRows()).map((f) => f.code)).toEqual([...before.map((f) => f.code), 'ART'].sort());
  });

  it('a semicolon CSV saved by Excel (with its byte-order mark) is read like the xlsx', async () => {
    const csv = '\uFEFFFaculty code;Name (kg);Name (ru);Name (en)\r\nGEO;География факультети;Географический факультет;Faculty of Geography\r\n';
    const report = await run('faculties', Buffer.from(csv), {}, 'list.csv');
    expect(report).toMatchObject({ written: true, refused: [] });
    expect(report.added.map((r) => r.key)).toEqual(['GEO']);
    const [geo] = await fx.db.database.db.select().from(faculties).where(eq(faculties.code, 'GEO'));
    expect(geo.nameEn).toBe('Faculty of Geography');
  });

  it('refuses whole files that cannot be a list, before reading any row', async () => {
    const before = await facultyRows();
    const cases: [string, () => Promise<unknown>][] = [
      ['notSpreadsheet', () => run('faculties', Buffer.from('just some text, not a workbook'))],
      ['notSpreadsheet', () => run('faculties', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]))],
      ['notSpreadsheet', () => run('faculties', Buffer.from([0, 1, 2, 0xff, 0xfe]), {}, 'list.csv')],
      ['unknownExtension', async () => run('faculties', await xlsxFile([header, law]), {}, 'list.pdf')],
      ['emptySheet', async () => run('faculties', await xlsxFile([]))],
      ['noRows', async () => run('faculties', await xlsxFile([header, [], []]))],
      [
        'missingColumns',
        async () =>
          run(
            'faculties',
            await xlsxFile([
              ['Код факультета', 'Название (рус.)'],
              ['X1', 'Икс'],
            ]),
          ),
      ],
      [
        'duplicateColumn',
        async () =>
          run(
            'faculties',
            await xlsxFile([
              [...header, 'Code'],
              [...law, 'LAW'],
            ]),
          ),
      ],
      ['merged', async () => run('faculties', await xlsxFile([header, law, med], { merge: 'A2:A3' }))],
      ['tooLarge', () => run('faculties', Buffer.alloc(IMPORT_MAX_BYTES + 1))],
    ];
    for (const [problem, attempt] of cases) expect(await fileProblem(attempt())).toBe(problem);
    expect(await facultyRows()).toEqual(before);
  });
});

describe('groups', () => {
  const header = ['Группа', 'Код специальности', 'Форма обучения', 'Год поступления', 'Номер группы'];
  const groupRows = async () =>
    (
      await fx.db.database.db
        .select({ name: groups.name, speciality: specialities.code, form: groups.educationFormId, year: groups.admissionYear, number: groups.number })
        .from(groups)
        .innerJoin(specialities, eq(specialities.id, groups.specialityId))
        .orderBy(asc(groups.name))
    ).map((g) => Object.values(g));
  /** The seeded group ПИ-1-24, as a row of the file. */
  const seeded = async () => (await groupRows()).find((g) => g[0] === 'ПИ-1-24')!;

  it('adds new groups, matched by name; the same file again changes nothing; a corrected file changes one group', async () => {
    const pi = await seeded();
    const speciality = String(pi[1]);
    const rows = [
      header,
      [...pi.slice(0, 2), 'Очная', ...pi.slice(3)],
      ['ПИ-3-26', speciality, 'Очная', 2026, 3],
      ['ПИ-4-26', speciality, 'full-time', '2026', '4'],
    ];
    const first = await run('groups', await xlsxFile(rows));
    expect(first).toMatchObject({ written: true, refused: [], changed: [], unchanged: 1 });
    expect(first.added.map((r) => r.key)).toEqual(['ПИ-3-26', 'ПИ-4-26']);
    expect(await groupRows()).toEqual(expect.arrayContaining([['ПИ-4-26', speciality, 1, 2026, 4]]));

    const again = await run('groups', await xlsxFile(rows));
    expect([again.added.length, again.changed.length, again.unchanged]).toEqual([0, 0, 3]);

    const before = await groupRows();
    rows[3] = ['ПИ-4-26', speciality, 'Заочная', 2026, 4];
    const corrected = await run('groups', await xlsxFile(rows));
    expect(corrected.changed).toEqual([{ line: 4, key: 'ПИ-4-26', changes: [{ field: 'Education form', before: 'Full-time', after: 'Part-time' }] }]);
    expect(corrected.unchanged).toBe(2);
    expect(await groupRows()).toEqual(before.map((g) => (g[0] === 'ПИ-4-26' ? ['ПИ-4-26', speciality, 2, 2026, 4] : g)));
  });

  it('refuses an unknown speciality, an unknown education form and a year out of range with their lines; nothing is written', async () => {
    const before = await groupRows();
    const speciality = String((await seeded())[1]);
    const report = await run(
      'groups',
      await xlsxFile([
        header,
        ['ПИ-5-26', speciality, 'Очная', 2026, 5],
        ['XX-1-26', '999999', 'Очная', 2026, 1],
        ['ПИ-6-26', speciality, 'Вечерняя', 1800, 6],
      ]),
    );
    expect(report.written).toBe(false);
    expect(report.refused).toEqual([
      { line: 3, column: 'Код специальности', reason: 'there is no speciality with the code "999999"' },
      { line: 4, column: 'Форма обучения', reason: '"Вечерняя" is not an education form: "Full-time", "Part-time", "Distance"' },
      { line: 4, column: 'Год поступления', reason: `"1800" is not a whole number from 1991 to ${new Date().getUTCFullYear() + 1}` },
    ]);
    expect(await groupRows()).toEqual(before);
  });
});

describe('students', () => {
  const header = ['Номер зачётки', 'Фамилия', 'Имя', 'Отчество', 'Пол', 'Дата рождения', 'Группа', 'Телефон', 'Электронная почта'];
  const GROUP = 'ПИ-1-26';
  const db = () => fx.db.database.db;
  const groupId = async () => (await db().select({ id: groups.id }).from(groups).where(eq(groups.name, GROUP)))[0].id;
  const studentsOf = async (id: number) => db().select().from(students).where(eq(students.groupId, id)).orderBy(asc(students.code));
  /** Imports collecting the new accounts the service hands over. */
  async function importStudents(file: Buffer, options: Partial<ImportOptions> = {}) {
    const accounts: ImportAccount[] = [];
    const report = await run('students', file, {
      ...options,
      onAccounts: async (made) => {
        accounts.push(...made);
      },
    });
    return { report, accounts };
  }
  /** A seeded student of the group as a row of the file. */
  async function seededRow(): Promise<TestCell[]> {
    const [s] = await studentsOf(await groupId());
    return [
      s.code,
      s.surname,
      s.name,
      s.patronymic,
      s.gender === 'm' ? 'м' : 'ж',
      s.birthDate ? new Date(`${s.birthDate}T00:00:00Z`) : null,
      GROUP,
      s.phone,
      s.email,
    ];
  }
  const newOne = ['2601101901', 'Асанова', 'Айгерим', 'Бакытовна', 'ж', '05.09.2008', GROUP, '+996 555 123 456', 'aigerim@example.kg'];
  const newTwo = ['2601101902', 'Токтогулов', 'Нурлан', null, 'э', '2008-01-31', GROUP, null, null];

  it("adds new students with accounts, lists the group's students missing from the file without touching them; the same file again changes nothing", async () => {
    const id = await groupId();
    const before = await studentsOf(id);
    const file = await xlsxFile([header, await seededRow(), newOne, newTwo]);
    const { report, accounts } = await importStudents(file);
    expect(report).toMatchObject({ written: true, refused: [], changed: [], unchanged: 1, accounts: 2 });
    expect(report.added.map((r) => r.key)).toEqual(['2601101901', '2601101902']);
    expect(report.missing.map((m) => m.key)).toEqual(before.slice(1).map((s) => s.code));
    expect(accounts.map(({ password: _, ...a }) => a)).toEqual([
      { studentNumber: '2601101901', fullName: 'Асанова Айгерим Бакытовна', group: GROUP, login: '2601101901' },
      { studentNumber: '2601101902', fullName: 'Токтогулов Нурлан', group: GROUP, login: '2601101902' },
    ]);
    const [added] = await db().select().from(students).where(eq(students.code, '2601101901'));
    expect(added).toMatchObject({ surname: 'Асанова', gender: 'f', birthDate: '2008-09-05', groupId: id, subgroup: 1, phone: '+996 555 123 456' });
    // The ones the file leaves out are still there, their accounts enabled.
    const kept = await db()
      .select({ disabled: users.disabled })
      .from(users)
      .where(
        inArray(
          users.studentId,
          before.map((s) => s.id),
        ),
      );
    expect(kept.map((k) => k.disabled)).toEqual(before.map(() => false));
    expect(previewLines(report, 'students.xlsx', 'en')).toContain(
      `Students of these groups not in the file: ${before.length - 1}. They stay as they are: nothing is deleted or disabled`,
    );

    const again = await importStudents(file);
    expect([again.report.added.length, again.report.changed.length, again.report.unchanged, again.accounts.length]).toEqual([0, 0, 3, 0]);
  });

  it("a new student's one-time password signs in only to change the login and password first", async () => {
    const third = ['2601101903', 'Бекова', 'Жазгүл', null, 'ж', null, GROUP, null, null];
    const { accounts } = await importStudents(await xlsxFile([header, third]));
    const [account] = accounts;
    const first = await signIn(fx.app, account.login, account.password);
    expect(first.res.statusCode).toBe(403);
    expect(first.res.json().error.code).toBe('CREDENTIALS_UPDATE_REQUIRED');
    expect(first.token).toBeUndefined();
    const recovery = await fx.post('/api/auth/recovery.json', null, { oldlog: account.login, oldpas: account.password });
    expect(recovery.json().data).toEqual([{ LOG_PAS: 1 }]);
    const update = await fx.post('/api/auth/updatelogin.json', null, {
      oldlog: account.login,
      oldpas: account.password,
      newlog: 'zhazgul.bekova',
      newpas: 'A long enough passphrase 7',
    });
    expect(update.statusCode).toBe(200);
    const session = await signedIn(fx.app, 'zhazgul.bekova', 'A long enough passphrase 7');
    expect(session.user.role).toBe(2);
  });

  it('a corrected file changes exactly the corrected student, field by field', async () => {
    const before = await studentsOf(await groupId());
    const changed = [...newTwo];
    changed[7] = '+996 700 000 111';
    const { report } = await importStudents(await xlsxFile([header, newOne, changed]));
    expect(report.changed).toEqual([{ line: 3, key: '2601101902', changes: [{ field: 'Phone', before: '(empty)', after: '+996 700 000 111' }] }]);
    expect(report.unchanged).toBe(1);
    const after = await studentsOf(await groupId());
    expect(after).toEqual(before.map((s) => (s.code === '2601101902' ? { ...s, phone: '+996 700 000 111' } : s)));
  });

  const broken: TestCell[][] = [
    header,
    ['2601101911', 'Иванoв', 'Иван', null, 'м', '01.02.2008', GROUP, null, null],
    ['2601101912', 'Петров', 'Пётр', null, 'м', '31.02.2008', GROUP, null, null],
    ['2601101913', 'Сидоров', 'Семён', null, 'м', 'пятое сентября', GROUP, null, null],
    ['2601101914', 'Орлова', 'Ольга', null, 'x', null, 'НЕТ-1-26', null, 'not-an-address'],
    ['2601101911', 'Иванов', 'Иван', null, 'м', null, GROUP, null, null],
    ['teacher', 'Учитель', 'Студент', null, 'м', null, GROUP, null, null],
    ['2601101915', 'Кадырова', 'Айпери', null, 'ж', '12.12.2007', GROUP, null, null],
  ];

  it('a broken file writes nothing and names every line and column; --valid-only writes the valid rows only', async () => {
    const id = await groupId();
    const before = await studentsOf(id);
    const { report } = await importStudents(await xlsxFile(broken));
    expect(report.written).toBe(false);
    expect(report.refused.map((i) => [i.line, i.column, i.reason])).toEqual([
      [2, 'Фамилия', 'the Latin letter "o" at position 5 of "Иванoв": type it in Cyrillic'],
      [3, 'Дата рождения', '"31.02.2008" is not a date: write dd.mm.yyyy, e.g. 05.09.2006'],
      [4, 'Дата рождения', '"пятое сентября" is not a date: write dd.mm.yyyy, e.g. 05.09.2006'],
      [5, 'Пол', '"x": the gender is written "m" or "f"'],
      [5, 'Группа', 'there is no group "НЕТ-1-26": import the groups first'],
      [5, 'Электронная почта', '"not-an-address" is not an email address'],
      [6, 'Номер зачётки', '"2601101911" is already in line 2 of this file'],
      [7, 'Номер зачётки', 'the login "teacher" is already taken by another account'],
    ]);
    expect(await studentsOf(id)).toEqual(before);

    const valid = await importStudents(await xlsxFile(broken), { validOnly: true });
    expect(valid.report).toMatchObject({ written: true, accounts: 1 });
    expect(valid.report.added.map((r) => r.key)).toEqual(['2601101915']);
    expect((await studentsOf(id)).map((s) => s.code)).toEqual([...before.map((s) => s.code), '2601101915'].sort());
  });
});
