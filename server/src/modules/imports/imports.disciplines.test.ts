/** Imports of disciplines and study plans into the seeded database (docs/areas/imports.md#the-kinds): matched by codes, refused with line and column, read by the transcript as its own plan. */
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ImportKind } from '@contract/imports';
import type { Transcript } from '@contract/transcript';
import { curriculum, departments, disciplines, educationForms, groups, specialities, students, users } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { testClock } from '../../test/helpers';
import { templateFile } from './imports.files';
import { previewLines } from './imports.preview';
import { ImportService, type ImportOptions } from './imports.service';
import { xlsxFile, type TestCell } from './imports.test-files';

/** Autumn of 2026-27: the half-year in progress, whose plan the transcript shows. */
const clock = testClock(new Date('2026-10-15T06:00:00Z'));
const fx = useTestApp({ signIn: ['student'], now: clock.now });
const db = () => fx.db.database.db;
const run = (kind: ImportKind, file: Buffer, options: Partial<ImportOptions> = {}) =>
  new ImportService(fx.app.ctx).run(kind, file, 'list.xlsx', { lang: 'en', ...options });

const disciplineRows = async () => (await db().select().from(disciplines).orderBy(asc(disciplines.code))).map(({ id: _, ...d }) => d);
const planRows = async () => (await db().select().from(curriculum).orderBy(asc(curriculum.id))).map(({ id: _, ...p }) => p);

/** The seeded departments: the first two, with their ids and names. */
async function twoDepartments() {
  const [first, second] = await db().select().from(departments).orderBy(asc(departments.id)).limit(2);
  return { first, second };
}

describe('disciplines', () => {
  const header = ['Код дисциплины', 'Название (кырг.)', 'Название (рус.)', 'Название (англ.)', 'Кафедра'];
  /** A seeded discipline as a row of the file (its department by its Russian name). */
  async function seededRow(): Promise<TestCell[]> {
    const [d] = await db()
      .select({ code: disciplines.code, nameKg: disciplines.nameKg, nameRu: disciplines.nameRu, nameEn: disciplines.nameEn, department: departments.nameRu })
      .from(disciplines)
      .innerJoin(departments, eq(departments.id, disciplines.departmentId))
      .orderBy(asc(disciplines.code))
      .limit(1);
    return Object.values(d);
  }

  it('adds new disciplines matched by code, the department by any of its names; the same file again changes nothing; a corrected file changes one', async () => {
    const { first, second } = await twoDepartments();
    const rows: TestCell[][] = [
      header,
      await seededRow(),
      ['NEW-001', 'Маалыматтар илими', 'Наука о данных', 'Data Science', first.nameRu],
      ['NEW-002', 'Булуттагы эсептөөлөр', 'Облачные вычисления', 'Cloud Computing', first.nameEn],
    ];
    const report = await run('disciplines', await xlsxFile(rows));
    expect(report).toMatchObject({ written: true, refused: [], changed: [], unchanged: 1 });
    expect(report.added.map((r) => [r.line, r.key])).toEqual([
      [3, 'NEW-001'],
      [4, 'NEW-002'],
    ]);
    expect(await disciplineRows()).toEqual(
      expect.arrayContaining([
        { code: 'NEW-002', nameKg: 'Булуттагы эсептөөлөр', nameRu: 'Облачные вычисления', nameEn: 'Cloud Computing', departmentId: first.id },
      ]),
    );

    const again = await run('disciplines', await xlsxFile(rows));
    expect([again.added.length, again.changed.length, again.unchanged, again.written]).toEqual([0, 0, 3, false]);

    const before = await disciplineRows();
    rows[3] = ['NEW-002', 'Булуттагы эсептөөлөр', 'Облачные вычисления', 'Cloud Computing', second.nameKg];
    const corrected = await run('disciplines', await xlsxFile(rows));
    expect(corrected.changed).toEqual([{ line: 4, key: 'NEW-002', changes: [{ field: 'Department', before: first.nameEn, after: second.nameEn }] }]);
    expect(corrected.unchanged).toBe(2);
    expect(await disciplineRows()).toEqual(before.map((d) => (d.code === 'NEW-002' ? { ...d, departmentId: second.id } : d)));
  });

  it('refuses an unknown department, a repeated code, a Latin letter and an empty name with their lines; nothing is written', async () => {
    const { first } = await twoDepartments();
    const before = await disciplineRows();
    const broken: TestCell[][] = [
      header,
      ['NEW-010', 'Робототехника', 'Робототехника', 'Robotics', first.nameRu],
      ['NEW-011', 'Химия', 'Химия', 'Chemistry', 'Кафедра алхимии'],
      ['NEW-010', 'Робототехника', 'Робототехника', 'Robotics', first.nameRu],
      ['NEW-012', 'Физика', 'Физикa', 'Physics', first.nameRu],
      ['NEW-013', null, 'Оптика', 'Optics', first.nameRu],
    ];
    const report = await run('disciplines', await xlsxFile(broken));
    expect(report.written).toBe(false);
    expect(report.refused.map((i) => [i.line, i.column, i.reason])).toEqual([
      [3, 'Кафедра', 'there is no department "Кафедра алхимии": write its name as the portal has it, in any of the three languages'],
      [4, 'Код дисциплины', '"NEW-010" is already in line 2 of this file'],
      [5, 'Название (рус.)', 'the Latin letter "a" at position 6 of "Физикa": type it in Cyrillic'],
      [6, 'Название (кырг.)', 'empty, but required'],
    ]);
    expect(await disciplineRows()).toEqual(before);
    const kg = previewLines(await run('disciplines', await xlsxFile(broken), { lang: 'kg' }), 'list.xlsx', 'kg');
    expect(kg).toContain('  ! 3-сап, «Кафедра» мамычасы: «Кафедра алхимии» кафедрасы жок: анын аталышын порталдагыдай, үч тилдин биринде жазыңыз');
  });
});

describe('templates', () => {
  it('the disciplines and plans templates have their headers in the chosen language and an example row', async () => {
    const rows = async (kind: ImportKind, lang: 'ru' | 'en') => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await templateFile(kind, lang)) as unknown as ArrayBuffer);
      const out: string[][] = [];
      workbook.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1).map(String)));
      return out;
    };
    expect(await rows('disciplines', 'en')).toEqual([
      ['Discipline code', 'Name (kg)', 'Name (ru)', 'Name (en)', 'Department'],
      ['PI-101', 'Программалоонун негиздери', 'Основы программирования', 'Programming Basics', 'Кафедра программной инженерии'],
    ]);
    expect(await rows('plans', 'ru')).toEqual([
      ['Код специальности', 'Форма обучения', 'Год поступления', 'Семестр', 'Код дисциплины', 'Кредиты', 'Форма контроля'],
      ['710400', 'Очная', '2026', '1', 'PI-101', '5', 'Экзамен'],
    ]);
  });
});

describe('plans', () => {
  const header = ['Код специальности', 'Форма обучения', 'Год поступления', 'Семестр', 'Код дисциплины', 'Кредиты', 'Форма контроля'];
  /** The demo student's cohort, and the semester it studies in the half-year in progress (autumn 2026-27). */
  async function demoCohort() {
    const [c] = await db()
      .select({ speciality: specialities.code, form: educationForms.nameRu, year: groups.admissionYear })
      .from(users)
      .innerJoin(students, eq(students.id, users.studentId))
      .innerJoin(groups, eq(groups.id, students.groupId))
      .innerJoin(specialities, eq(specialities.id, groups.specialityId))
      .innerJoin(educationForms, eq(educationForms.id, groups.educationFormId))
      .where(eq(users.id, fx.student.user.id));
    return { ...c, semester: (2026 - c.year) * 2 + 1 };
  }
  /** The disciplines of the half-year in progress in the demo student's transcript. */
  async function inProgress() {
    const t = (await fx.student.post('/api/misc/transcript.json', {}, 'en')).json().data as Transcript;
    return t.groups.flatMap((g) =>
      g.years.flatMap((y) => y.semesters.filter((s) => s.inProgress).flatMap((s) => s.disciplines.map((d) => ({ ...d, semester: s.semester })))),
    );
  }

  it("adds a discipline to a cohort's semester as the transcript reads it; the same file again changes nothing; a corrected row changes that row only", async () => {
    const { first } = await twoDepartments();
    await run(
      'disciplines',
      await xlsxFile([
        ['Discipline code', 'Name (kg)', 'Name (ru)', 'Name (en)', 'Department'],
        ['NEW-101', 'Маалымат коопсуздугу', 'Информационная безопасность', 'Information Security', first.nameEn],
      ]),
    );
    const c = await demoCohort();
    const seeded = await inProgress();
    const seededRow = [c.speciality, c.form, c.year, c.semester, seeded[0].code_discipline, seeded[0].kredits, seeded[0].control];
    const rows: TestCell[][] = [header, seededRow, [c.speciality, 'full-time', String(c.year), String(c.semester), 'NEW-101', '4', 'Зачёт']];
    const report = await run('plans', await xlsxFile(rows));
    expect(report).toMatchObject({ written: true, refused: [], changed: [], unchanged: 1 });
    expect(report.added).toEqual([{ line: 3, key: `NEW-101: ${c.speciality}, Full-time, ${c.year} intake, semester ${c.semester}`, changes: [] }]);
    const plan = await inProgress();
    expect(plan).toHaveLength(seeded.length + 1);
    expect(plan.find((d) => d.code_discipline === 'NEW-101')).toMatchObject({
      discipline: 'Information Security',
      kredits: 4,
      control: 'Credit',
      semester: c.semester,
    });

    const again = await run('plans', await xlsxFile(rows));
    expect([again.added.length, again.changed.length, again.unchanged]).toEqual([0, 0, 2]);

    const before = await planRows();
    rows[2] = [c.speciality, 'Очная', c.year, c.semester, 'NEW-101', 5, 'Exam'];
    const corrected = await run('plans', await xlsxFile(rows), { lang: 'ru' });
    expect(corrected.changed).toEqual([
      {
        line: 3,
        key: `NEW-101: ${c.speciality}, Очная, набор ${c.year}, семестр ${c.semester}`,
        changes: [
          { field: 'Кредиты', before: '4', after: '5' },
          { field: 'Форма контроля', before: 'Зачёт', after: 'Экзамен' },
        ],
      },
    ]);
    const [added] = await db().select({ id: disciplines.id }).from(disciplines).where(eq(disciplines.code, 'NEW-101'));
    expect(await planRows()).toEqual(before.map((p) => (p.disciplineId === added.id ? { ...p, credits: 5, controlFormId: 1 } : p)));
  });

  it('refuses unknown references and impossible semesters with line, column and reason; nothing is written', async () => {
    const before = await planRows();
    const [speciality] = await db().select().from(specialities).orderBy(asc(specialities.id)).limit(1);
    const [discipline] = await db().select({ code: disciplines.code }).from(disciplines).orderBy(asc(disciplines.code)).limit(1);
    const code = discipline.code;
    const lastSemester = speciality.durationYears * 2;
    const broken: TestCell[][] = [
      header,
      [speciality.code, 'Очная', 2026, 1, code, 5, 'Экзамен'],
      ['999999', 'Вечерняя', 2026, 1, 'NOPE-1', 5, 'Экзамен'],
      [speciality.code, 'Очная', 2026, lastSemester + 1, code, 0, 'Реферат'],
      [speciality.code, 'Очная', 2026, 11, code, 5, 'Экзамен'],
      [speciality.code, 'Очная', 1995, 1, code, 5, 'Экзамен'],
      [speciality.code, 'Очная', 2026, 1, code, 6, 'Зачёт'],
    ];
    const report = await run('plans', await xlsxFile(broken));
    expect(report.written).toBe(false);
    const first = broken[1];
    expect(report.refused.map((i) => [i.line, i.column, i.reason])).toEqual([
      [3, 'Код специальности', 'there is no speciality with the code "999999"'],
      [3, 'Форма обучения', '"Вечерняя" is not an education form: "Full-time", "Part-time", "Distance"'],
      [3, 'Код дисциплины', 'there is no discipline with the code "NOPE-1": import the disciplines first'],
      [4, 'Семестр', `semester ${lastSemester + 1} is beyond the study of the speciality ${speciality.code}: from 1 to ${lastSemester}`],
      [4, 'Кредиты', '"0" is not a whole number from 1 to 30'],
      [4, 'Форма контроля', '"Реферат" is not a form of assessment: "Exam", "Credit", "Graded credit"'],
      [5, 'Семестр', '"11" is not a whole number from 1 to 10'],
      [6, 'Семестр', 'semester 1 of the 1995 intake falls in the academic year 1995-1996, which the portal does not have'],
      [7, 'Код дисциплины', `"${code}: ${first[0]}, Full-time, 2026 intake, semester 1" is already in line 2 of this file`],
    ]);
    expect(await planRows()).toEqual(before);
  });
});
