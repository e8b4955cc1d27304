/** The administrator's import calls (docs/areas/imports.md#calls): preview, import, refusals, accounts once, template, size limit, access. */
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ImportRunResult } from '@contract/imports';
import { faculties, teachers } from '../../db/schema';
import { COMPRESS_MIN_BYTES } from '../../plugins/compression';
import { useTestApp } from '../../test/fixture';
import { multipartPayload } from '../../test/helpers';
import type { SignedIn } from '../../test/requests';
import { xlsxFile } from './imports.test-files';

const fx = useTestApp({ signIn: ['admin', 'teacher', 'student'], env: { UPLOAD_LIMIT_MB: '1' } });
const db = () => fx.db.database.db;

const header = ['Код факультета', 'Название (кырг.)', 'Название (рус.)', 'Название (англ.)'];
const geo = ['GEO', 'География факультети', 'Географический факультет', 'Faculty of Geography'];
const bio = ['BIO', 'Биология факультети', 'Биологический факультет', 'Faculty of Biology'];

/** Posts a file to run.json as `who`, with these options. */
function upload(who: SignedIn, file: Buffer, fields: Record<string, string>, name = 'faculties.xlsx', lang = 'en') {
  const { payload, contentType } = multipartPayload([
    ...Object.entries(fields).map(([fieldName, content]) => ({ name: fieldName, content })),
    { name: 'file', filename: name, content: file },
  ]);
  return fx.app.inject({
    method: 'POST',
    url: '/api/imports/run.json',
    payload,
    headers: { ...who.headers, 'content-type': contentType, 'accept-language': lang },
  });
}

const codes = async () => (await db().select({ code: faculties.code }).from(faculties).orderBy(asc(faculties.code))).map((f) => f.code);

describe('run.json', () => {
  it('a dry run previews and writes nothing; the same file for real is written and reported', async () => {
    const before = await codes();
    const file = await xlsxFile([header, geo, bio]);
    const dry = await upload(fx.admin, file, { kind: 'faculties', dryRun: 'true' });
    expect(dry.statusCode).toBe(200);
    const preview = dry.json<{ data: ImportRunResult }>().data;
    expect(preview.report).toMatchObject({ kind: 'faculties', rows: 2, written: false, refused: [] });
    expect(preview.report.added.map((r) => [r.line, r.key])).toEqual([
      [2, 'GEO'],
      [3, 'BIO'],
    ]);
    expect(preview.accountsFile).toBeNull();
    expect(await codes()).toEqual(before);

    const real = await upload(fx.admin, file, { kind: 'faculties', dryRun: 'false' });
    expect(real.statusCode).toBe(200);
    expect(real.json<{ data: ImportRunResult }>().data.report).toMatchObject({ written: true, refused: [] });
    expect(await codes()).toEqual([...before, 'BIO', 'GEO'].sort());
  });

  it("a file with refused rows writes nothing and gives each line, column and reason in the caller's language", async () => {
    const before = await codes();
    const file = await xlsxFile([
      header,
      ['CHE', 'Химия факультети', null, 'Faculty of Chemistry'],
      ['PHY', 'Физика факультети', 'Физический факультет', 'Faculty of Physics'],
    ]);
    const res = await upload(fx.admin, file, { kind: 'faculties' }, 'f.xlsx', 'ru');
    const { report } = res.json<{ data: ImportRunResult }>().data;
    expect(report.written).toBe(false);
    expect(report.refused).toEqual([{ line: 2, column: 'Название (рус.)', reason: 'пусто, а поле обязательное' }]);
    expect(await codes()).toEqual(before);

    // "Only the valid rows": the others are written.
    const valid = await upload(fx.admin, file, { kind: 'faculties', validOnly: 'true' });
    expect(valid.json<{ data: ImportRunResult }>().data.report).toMatchObject({ written: true });
    expect(await codes()).toEqual([...before, 'PHY'].sort());
  });

  it('a teachers import gives the new accounts once, as the accounts workbook, and keeps no password in clear', async () => {
    const [dept] = await db().select({ id: teachers.departmentId }).from(teachers).where(eq(teachers.code, 'T0001'));
    expect(dept).toBeDefined();
    const file = await xlsxFile([
      ['Код преподавателя', 'Фамилия', 'Имя', 'Пол', 'Кафедра', 'Должность'],
      ['T9101', 'Осмонов', 'Нурлан', 'м', 'Кафедра программной инженерии', 'Доцент'],
    ]);
    const dry = (await upload(fx.admin, file, { kind: 'teachers', dryRun: 'true' })).json<{ data: ImportRunResult }>().data;
    expect(dry.accountsFile).toBeNull();
    const res = await upload(fx.admin, file, { kind: 'teachers' });
    const { report, accountsFile } = res.json<{ data: ImportRunResult }>().data;
    expect(report).toMatchObject({ written: true, accounts: 1 });
    expect(accountsFile?.name).toMatch(/^accounts-teachers-.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(accountsFile!.base64, 'base64') as unknown as ArrayBuffer);
    const row = workbook.worksheets[0].getRow(2).values as unknown[];
    expect(row[1]).toBe('T9101');
    const password = String(row[5]);
    expect(password).toHaveLength(12);
    // The same file again makes no account and offers no file.
    const again = (await upload(fx.admin, file, { kind: 'teachers' })).json<{ data: ImportRunResult }>().data;
    expect(again).toMatchObject({ accountsFile: null, report: { accounts: 0, unchanged: 1 } });
    // The password is in no reply but that one.
    expect(JSON.stringify(again)).not.toContain(password);
  });

  it('a reply with new accounts is never compressed, however large (plugins/compression.ts)', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => [
      `T95${String(i).padStart(2, '0')}`,
      'Осмонов',
      `Нурлан ${i}`,
      'м',
      'Кафедра программной инженерии',
      'Доцент',
    ]);
    const file = await xlsxFile([['Код преподавателя', 'Фамилия', 'Имя', 'Пол', 'Кафедра', 'Должность'], ...rows]);
    const { payload, contentType } = multipartPayload([
      { name: 'kind', content: 'teachers' },
      { name: 'file', filename: 'teachers.xlsx', content: file },
    ]);
    const res = await fx.app.inject({
      method: 'POST',
      url: '/api/imports/run.json',
      payload,
      headers: { ...fx.admin.headers, 'content-type': contentType, 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(res.json<{ data: ImportRunResult }>().data.report).toMatchObject({ written: true, accounts: 80 });
  });

  it("a file that is not a spreadsheet, or of the wrong shape, is refused with the reader's words; nothing written", async () => {
    const before = await codes();
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    const notXlsx = await upload(fx.admin, zip, { kind: 'faculties' }, 'broken.xlsx');
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json()).toMatchObject({
      result: true,
      data: null,
      error: { code: 'IMPORT_FILE', message: 'The file "broken.xlsx" cannot be read as an xlsx spreadsheet: save it again from Excel as "xlsx"' },
    });
    const wrongSheet = await upload(
      fx.admin,
      await xlsxFile([
        ['Name', 'Something'],
        ['a', 'b'],
      ]),
      { kind: 'faculties' },
      'f.xlsx',
      'kg',
    );
    expect(wrongSheet.statusCode).toBe(400);
    expect(wrongSheet.json().error.message).toMatch(/милдеттүү мамычалар жок/);
    expect(await codes()).toEqual(before);
  });

  it('a file over the upload limit is 413 with the envelope, before it is read; nothing written', async () => {
    const before = await codes();
    const big = Buffer.concat([await xlsxFile([header, geo]), Buffer.alloc(1024 * 1024 + 10, 0)]);
    const res = await upload(fx.admin, big, { kind: 'faculties' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ result: true, data: null, error: { code: 'TOO_LARGE', params: { maxSizeMb: 1 } } });
    expect(await codes()).toEqual(before);
  });

  it('a teacher or a student gets 403, and nothing is written', async () => {
    const before = await codes();
    const file = await xlsxFile([header, ['ZZZ', 'З', 'З', 'Z']]);
    for (const who of [fx.teacher, fx.student]) {
      const res = await upload(who, file, { kind: 'faculties' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ result: true, error: { code: 'FORBIDDEN' }, data: null });
      expect((await who.get('/api/imports/template.xlsx?kind=faculties')).statusCode).toBe(403);
    }
    expect(await codes()).toEqual(before);
  });
});

describe('template.xlsx', () => {
  it("is the kind's workbook with the headers in the caller's language", async () => {
    const res = await fx.admin.get('/api/imports/template.xlsx?kind=students', 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('students.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const headers = (workbook.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 3)).toEqual(['Student number', 'Surname', 'Name']);
    const ru = await fx.admin.get('/api/imports/template.xlsx?kind=faculties', 'ru');
    const ruBook = new ExcelJS.Workbook();
    await ruBook.xlsx.load(ru.rawPayload as unknown as ArrayBuffer);
    expect((ruBook.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(header);
    expect((await fx.admin.get('/api/imports/template.xlsx?kind=nothing')).statusCode).toBe(400);
  });
});
