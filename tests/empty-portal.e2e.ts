/**
 * From an empty portal to an imported student's timetable (docs/areas/imports.md#on-an-empty-portal):
 * `npm run seed -- --empty` makes a DATA_DIR with the administrator only, then `npm run import` loads
 * a spreadsheet of every kind, made with exceljs, in the order the kinds depend on each other. The
 * students and the timetable imported again change nothing; a corrected timetable (one lesson's room) changes that lesson
 * only; a broken one (an unknown teacher on line 3) is refused with its line, and writes nothing, not
 * even its valid change. Then the real server runs on that DATA_DIR and the imported student, signed
 * in with the one-time password of the students import's accounts file, sets his own login and
 * password and sees his week: the disciplines, times and rooms on their days.
 *
 * No SQL: the department and the speciality, which the groups (their speciality), teachers and
 * disciplines (their department) need, come from their own files, right after the faculties.
 *
 * Last, the half-year's registration offerings (the plan's two disciplines, a subgroup each): the
 * student sees them on the registration screen.
 *
 * The half-year is the one that contains today, as the server reads it (server/src/lib/academic-year.ts):
 * the schedule shows the current half-year's week.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { expectPath, expectVisible, setupE2E, submitLogin } from './support/e2e';
import { offeringsHeader } from './support/imports';
import { runCommand } from '../scripts/lib/run-command.mjs';
import { ru } from './support/texts';

/** Where the spreadsheets are written and the commands typed; the portal's DATA_DIR inside it. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-empty-portal-'));
const dataDir = path.join(dir, 'data');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * `npm run seed` or `npm run import` (`script`) on this file's DATA_DIR, typed in `dir` (INIT_CWD, as npm
 * says it), in English: its exit code and output, by the runner the server's tests use too.
 */
const run = (command: 'seed' | 'import', args: string[]) => runCommand(command, args, dataDir, dir);
const importFile = (kind: string, file: string, ...options: string[]) => run('import', [kind, file, ...options]);

/** The half-year of today as the server reads it: the academic year's first calendar year, and 1 autumn or 2 spring. */
const now = new Date();
const YEAR = now.getMonth() >= 8 ? now.getFullYear() : now.getFullYear() - 1;
const HALF_YEAR = now.getMonth() >= 8 || now.getMonth() === 0 ? 1 : 2;
/** The group started a year before: its semester of study now is 3 (autumn) or 4 (spring). */
const INTAKE = YEAR - 1;
const SEMESTER = 2 + HALF_YEAR;
const GROUP = `ЮР-1-${String(INTAKE).slice(2)}`;
const BUILDING = 'Главный корпус';

/** A spreadsheet cell as the files here write it. */
type TestCell = string | number | null;

const DISCIPLINES = {
  'LAW-101': { kg: 'Мамлекет жана укук теориясы', ru: 'Теория государства и права', en: 'Theory of State and Law' },
  'LAW-102': { kg: 'Рим укугу', ru: 'Римское право', en: 'Roman Law' },
} as const;
type Code = keyof typeof DISCIPLINES;

interface Lesson {
  day: number;
  time: string;
  ends: string;
  discipline: Code;
  type: 'Lecture' | 'Practice';
  teacher: string;
  room: string;
}

/** The group's week, line 2 onwards of the timetable file. */
const WEEK: readonly Lesson[] = [
  { day: 1, time: '08:00', ends: '09:20', discipline: 'LAW-101', type: 'Lecture', teacher: 'T0101', room: '101' },
  { day: 2, time: '09:30', ends: '10:50', discipline: 'LAW-102', type: 'Lecture', teacher: 'T0102', room: '101' },
  { day: 3, time: '11:00', ends: '12:20', discipline: 'LAW-101', type: 'Practice', teacher: 'T0101', room: '102' },
  { day: 4, time: '08:00', ends: '09:20', discipline: 'LAW-102', type: 'Practice', teacher: 'T0102', room: '102' },
  { day: 5, time: '09:30', ends: '10:50', discipline: 'LAW-101', type: 'Practice', teacher: 'T0101', room: '102' },
];
/** The corrected file: Wednesday's practice (line 4) moves to room 101. */
const CORRECTED = WEEK.map((l, i) => (i === 2 ? { ...l, room: '101' } : l));
/** The broken file: Monday's lecture (line 2) moved to room 102, which alone would be written, and an unknown teacher on line 3. */
const BROKEN = CORRECTED.map((l, i) => (i === 0 ? { ...l, room: '102' } : i === 1 ? { ...l, teacher: 'T0999' } : l));

const timetableRows = (week: readonly Lesson[]): TestCell[][] => [
  ['Academic year', 'Half-year', 'Group or stream', 'Subgroup', 'Day', 'Lesson time', 'Discipline code', 'Lesson type', 'Teacher code', 'Building', 'Room'],
  ...week.map((l) => [YEAR, HALF_YEAR, GROUP, null, l.day, l.time, l.discipline, l.type, l.teacher, BUILDING, l.room]),
];

/** Each kind's file, in the order they are imported (docs/areas/imports.md): the rows, the first the headers. */
const FILES: ReadonlyArray<{ kind: string; rows: TestCell[][]; records: number }> = [
  {
    kind: 'faculties',
    rows: [
      ['Faculty code', 'Name (kg)', 'Name (ru)', 'Name (en)'],
      ['LAW', 'Юридика факультети', 'Юридический факультет', 'Faculty of Law'],
    ],
    records: 1,
  },
  {
    kind: 'departments',
    rows: [
      ['Faculty code', 'Name (ru)', 'Name (kg)', 'Name (en)'],
      ['LAW', 'Кафедра права', 'Укук кафедрасы', 'Department of Law'],
    ],
    records: 1,
  },
  {
    kind: 'specialities',
    rows: [
      ['Speciality code', 'Abbreviation', 'Faculty code', 'Department', 'Name (ru)', 'Name (kg)', 'Name (en)', 'Duration, years'],
      ['030501', 'ЮР', 'LAW', 'Department of Law', 'Юриспруденция', 'Юриспруденция', 'Law', 4],
    ],
    records: 1,
  },
  {
    kind: 'groups',
    rows: [
      ['Group', 'Speciality code', 'Education form', 'Admission year', 'Group number'],
      [GROUP, '030501', 'Full-time', INTAKE, 1],
    ],
    records: 1,
  },
  {
    kind: 'teachers',
    rows: [
      ['Teacher code', 'Surname', 'Name', 'Patronymic', 'Gender', 'Department', 'Position'],
      ['T0101', 'Токтогулов', 'Эрлан', 'Маратович', 'm', 'Department of Law', 'Associate Professor'],
      ['T0102', 'Сыдыкова', 'Нурзат', null, 'f', 'Department of Law', 'Lecturer'],
    ],
    records: 2,
  },
  {
    kind: 'students',
    rows: [
      ['Student number', 'Surname', 'Name', 'Gender', 'Birth date', 'Group'],
      ['2501101001', 'Асанов', 'Тимур', 'm', '12.04.2007', GROUP],
      ['2501101002', 'Бекова', 'Айпери', 'f', '03.11.2006', GROUP],
      ['2501101003', 'Жумалиев', 'Азамат', 'm', null, GROUP],
    ],
    records: 3,
  },
  {
    kind: 'disciplines',
    rows: [
      ['Discipline code', 'Name (kg)', 'Name (ru)', 'Name (en)', 'Department'],
      ...Object.entries(DISCIPLINES).map(([code, n]) => [code, n.kg, n.ru, n.en, 'Department of Law']),
    ],
    records: 2,
  },
  {
    kind: 'plans',
    rows: [
      ['Speciality code', 'Education form', 'Admission year', 'Semester', 'Discipline code', 'Credits', 'Assessment'],
      ['030501', 'Full-time', INTAKE, SEMESTER, 'LAW-101', 5, 'Exam'],
      ['030501', 'Full-time', INTAKE, SEMESTER, 'LAW-102', 4, 'Credit'],
    ],
    records: 2,
  },
  {
    kind: 'rooms',
    rows: [
      ['Building', 'Room', 'Latitude', 'Longitude', 'Radius, m', 'Capacity'],
      [BUILDING, '101', 42.8758, 74.5902, 80, 60],
      [BUILDING, '102', 42.8758, 74.5902, 80, 30],
    ],
    records: 2,
  },
  { kind: 'timetable', rows: timetableRows(WEEK), records: WEEK.length },
  {
    kind: 'offerings',
    rows: [
      offeringsHeader('Display group'),
      // The plan's disciplines, in subgroups at Saturday's free pairs, for the group's semester of study.
      [YEAR, HALF_YEAR, 'LAW-101', '030501', SEMESTER, 5, 'Exam', 'T0101', 1, 'Practice', 'Saturday', '08:00', 25],
      [YEAR, HALF_YEAR, 'LAW-102', '030501', SEMESTER, 4, 'Credit', 'T0102', 1, 'Practice', 'Saturday', '09:30', 25],
    ],
    records: 2,
  },
];

/** Writes an .xlsx file of one sheet with these rows into `dir`, as an office's spreadsheet would be; returns its name. */
async function writeXlsx(name: string, rows: readonly TestCell[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('List');
  for (const row of rows) sheet.addRow(row);
  fs.writeFileSync(path.join(dir, name), Buffer.from(await workbook.xlsx.writeBuffer()));
  return name;
}

/** The rows of a workbook's first sheet, as text. */
async function rowsOf(file: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(path.join(dir, file)) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : String(v)))));
  return rows;
}

/** The imported student who signs in: his number (the login) and one-time password, from the accounts file. */
const student = { login: '', password: '' };

describe('an empty portal loaded from spreadsheets', { shuffle: false }, () => {
  describe('npm run seed -- --empty, then npm run import of every kind', () => {
    it('imports one file of each kind in order; the students import writes the accounts file', { timeout: 600_000 }, async () => {
      const seeded = await run('seed', ['--empty']);
      expect(seeded.code, seeded.err).toBe(0);
      expect(seeded.out).toMatch(/login 'admin', one-time password '[A-Za-z2-9]{12}'/);

      for (const { kind, rows, records } of FILES) {
        const accounts = kind === 'students' || kind === 'teachers' ? ['--accounts', `accounts-${kind}.xlsx`] : [];
        const result = await importFile(kind, await writeXlsx(`${kind}.xlsx`, rows), ...accounts);
        expect(result.code, `${kind}:\n${result.out}\n${result.err}`).toBe(0);
        expect(result.out).toContain(`Written: ${records} added, 0 changed, 0 unchanged`);
      }

      const accounts = await rowsOf('accounts-students.xlsx');
      expect(accounts[0]).toEqual(['Student number', 'Full name', 'Group', 'Login', 'One-time password']);
      const first = accounts.find((row) => row[0] === '2501101001');
      expect(first?.slice(0, 4)).toEqual(['2501101001', 'Асанов Тимур', GROUP, '2501101001']);
      student.login = first![3];
      student.password = first![4];
      expect(student.password).toMatch(/^[A-Za-z2-9]{12}$/);
    });

    // Every kind's own re-import is checked by its server test (server/src/modules/imports/); here the
    // two whose rows hang on all the others (accounts, journals), each command run costing seconds.
    it('the students and the timetable imported again change nothing', { timeout: 600_000 }, async () => {
      for (const { kind, records } of FILES.filter((f) => f.kind === 'students' || f.kind === 'timetable')) {
        const accounts = kind === 'students' || kind === 'teachers' ? ['--accounts', `accounts-${kind}-again.xlsx`] : [];
        const result = await importFile(kind, `${kind}.xlsx`, ...accounts);
        expect(result.code, `${kind}:\n${result.out}\n${result.err}`).toBe(0);
        expect(result.out).toContain(`Written: 0 added, 0 changed, ${records} unchanged`);
        expect(result.out).not.toMatch(/^ {2}[+~!?] /m);
        // No new accounts: nobody new.
        expect(fs.existsSync(path.join(dir, `accounts-${kind}-again.xlsx`))).toBe(false);
      }
    });

    it('a corrected timetable changes its one lesson; a broken one names line 3 and writes nothing', { timeout: 600_000 }, async () => {
      const corrected = await importFile('timetable', await writeXlsx('timetable-corrected.xlsx', timetableRows(CORRECTED)));
      expect(corrected.code, corrected.out + corrected.err).toBe(0);
      expect(corrected.out).toContain(`Written: 0 added, 1 changed, ${WEEK.length - 1} unchanged`);
      expect(corrected.out).toMatch(/^ {2}~ .*\(line 4\)$/m);
      expect(corrected.out).not.toMatch(/^ {2}~ .*\(line [^4]\)$/m);

      const broken = await importFile('timetable', await writeXlsx('timetable-broken.xlsx', timetableRows(BROKEN)));
      expect(broken.code).toBe(1);
      expect(broken.out).toMatch(/^ {2}! line 3, column "Teacher code": .*T0999/m);
      // Line 2's new room would be a change, but one refused row keeps the whole file out.
      expect(broken.out).toMatch(/^ {2}~ .*\(line 2\)$/m);
      expect(broken.out).toContain('Nothing written: 1 rows refused.');

      const exportRun = await run('import', ['export', 'timetable', 'timetable-export.xlsx']);
      expect(exportRun.code, exportRun.err).toBe(0);
      expect(exportRun.out).toContain(`Exported ${WEEK.length} records`);
      // The corrected week, as the import wrote it: the day, the time, the discipline, the lesson type, the teacher and the room.
      const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
      const exported = (await rowsOf('timetable-export.xlsx')).slice(1).map((r) => r.slice(4));
      expect(exported).toEqual(CORRECTED.map((l) => [DAYS[l.day - 1], l.time, l.discipline, l.type, l.teacher, BUILDING, l.room]));
    });
  });

  describe('the portal on that DATA_DIR', () => {
    const e2e = setupE2E({ dataDir });

    it('the imported student sets his own login and password, then sees his week', async () => {
      const page = await e2e.page();
      await submitLogin(page, student);
      const update = page.getByTestId('update-form');
      await expectVisible(update, 20000);
      await update.getByLabel(ru('auth:update.newLogin'), { exact: true }).fill('timur.asanov');
      await update.getByLabel(ru('auth:update.newPassword'), { exact: true }).fill('Green-Valley-2026');
      await update.getByLabel(ru('auth:update.confirm'), { exact: true }).fill('Green-Valley-2026');
      await update.getByRole('button', { name: ru('auth:update.submit'), exact: true }).click();
      await expectVisible(page.getByTestId('profile-menu-button'), 20000);
      await expectPath(page, '/lms');

      await page.goto('/lms/schedule');
      const lessons = page.locator('main [data-testid^="lesson-"]');
      await expect.poll(() => lessons.count()).toBe(CORRECTED.length);
      for (const lesson of CORRECTED) {
        const day = page.locator(`main section[aria-labelledby="schedule-day-${lesson.day}"]`);
        await expectVisible(day.getByText(ru(`cm:days.${lesson.day}`), { exact: false }).first());
        const item = day.locator('[data-testid^="lesson-"]');
        await expect.poll(() => item.count()).toBe(1);
        const text = await item.innerText();
        expect(text).toContain(`${lesson.time}–${lesson.ends}`);
        expect(text).toContain(DISCIPLINES[lesson.discipline].ru);
        expect(text).toContain(`${lesson.room}, ${BUILDING}`);
        expect(text).toContain(lesson.teacher === 'T0101' ? 'Токтогулов' : 'Сыдыкова');
      }
      // No lessons on Saturday.
      await expect.poll(() => page.locator('main section[aria-labelledby="schedule-day-6"]').count()).toBe(0);

      // The registration offers the plan's two disciplines the offerings file loaded.
      await page.goto('/lms/registration');
      const rows = page.getByRole('region', { name: ru('registration:groups.plan') }).getByTestId('reg-row');
      await expect.poll(() => rows.count()).toBe(2);
      const offered = (await rows.allInnerTexts()).join('\n');
      for (const code of ['LAW-101', 'LAW-102'] as const) expect(offered).toContain(DISCIPLINES[code].ru);
    });
  });
});
