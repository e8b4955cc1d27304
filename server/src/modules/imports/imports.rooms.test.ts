/** The rooms import into the seeded database (docs/areas/imports.md#the-kinds): matched by building and room, with the position QR attendance uses. */
import { asc, and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditoria } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { templateFile } from './imports.files';
import { previewLines } from './imports.preview';
import { ImportService, type ImportOptions } from './imports.service';
import { counts, xlsxFile, type TestCell, xlsxValues } from './imports.test-files';

const fx = useTestApp({ signIn: [] });
const db = () => fx.db.database.db;
const run = async (rows: TestCell[][], options: Partial<ImportOptions> = {}) =>
  new ImportService(fx.app.ctx).run('rooms', await xlsxFile(rows), 'rooms.xlsx', { lang: 'en', ...options });

const header = ['Building', 'Room', 'Latitude', 'Longitude', 'Radius, m', 'Capacity'];
const NEW = 'Корпус №3';
const roomRows = async () => (await db().select().from(auditoria).orderBy(asc(auditoria.id))).map(({ id: _, ...r }) => r);

async function seededRow(): Promise<TestCell[]> {
  const [a] = await db()
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.building, 'Главный корпус'), eq(auditoria.name, '101')));
  return [a.building, a.name, a.latitude, a.longitude, a.radiusM, a.capacity];
}

describe('rooms', () => {
  it('a first import adds the new rooms and leaves a seeded one as it is; the same file again changes nothing', async () => {
    const seeded = await seededRow();
    // A coordinate as text with a decimal comma, as a Russian Excel writes it.
    const rows: TestCell[][] = [header, seeded, [NEW, '301', '42,8791', '74.6012', 50, 40], [NEW, 'Спортзал', 42.8792, 74.6015, 70, null]];
    const report = await run(rows);
    expect(report).toMatchObject({ written: true, refused: [], changed: [], unchanged: 1 });
    expect(report.added.map((r) => [r.line, r.key])).toEqual([
      [3, `${NEW} / 301`],
      [4, `${NEW} / Спортзал`],
    ]);
    const [added] = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.building, NEW), eq(auditoria.name, '301')));
    expect(added).toMatchObject({ latitude: 42.8791, longitude: 74.6012, radiusM: 50, capacity: 40 });

    const again = await run(rows);
    expect(counts(again)).toEqual({ added: 0, changed: 0, unchanged: 3, written: false });
  });

  it('a corrected file changes exactly the corrected room; a file without the capacity column keeps the capacities', async () => {
    const before = await roomRows();
    const report = await run(
      [
        ['Корпус', 'Аудитория', 'Широта', 'Долгота', 'Радиус, м'],
        [NEW, '301', 42.8791, 74.6012, 65],
        [NEW, 'Спортзал', 42.8792, 74.6015, 70],
      ],
      { lang: 'ru' },
    );
    expect(report.changed).toEqual([{ line: 2, key: `${NEW} / 301`, changes: [{ field: 'Радиус, м', before: '50', after: '65' }] }]);
    expect(report).toMatchObject({ added: [], unchanged: 1, written: true });
    expect(await roomRows()).toEqual(before.map((r) => (r.building === NEW && r.name === '301' ? { ...r, radiusM: 65 } : r)));
    expect(previewLines(report, 'rooms.xlsx', 'ru')).toEqual(expect.arrayContaining([`  ~ ${NEW} / 301 (строка 2)`, '      Радиус, м: 50 → 65']));
  });

  it('positions out of range are refused with the line, the column and the reason, and nothing is written', async () => {
    const before = await roomRows();
    const rows: TestCell[][] = [
      header,
      [NEW, '302', 95, 74.6, 50, null],
      [NEW, '303', 42.87, 'east', 50, null],
      [NEW, '304', 42.87, 74.6, 5, 0],
      [null, '305', 42.87, 74.6, 50, null],
      [NEW, '306', 42.87, 74.6, 50, null],
      [NEW, '306', 42.87, 74.6, 50, null],
    ];
    const report = await run(rows);
    expect(report.written).toBe(false);
    expect(report.refused).toEqual([
      { line: 2, column: 'Latitude', reason: '"95" is not a number from -90 to 90 (decimals after a point or a comma)' },
      { line: 3, column: 'Longitude', reason: '"east" is not a number from -180 to 180 (decimals after a point or a comma)' },
      { line: 4, column: 'Radius, m', reason: '"5" is not a whole number from 10 to 1000' },
      { line: 4, column: 'Capacity', reason: '"0" is not a whole number from 1 to 5000' },
      { line: 5, column: 'Building', reason: 'empty, but required' },
      { line: 7, column: 'Room', reason: `"${NEW} / 306" is already in line 6 of this file` },
    ]);
    expect(await roomRows()).toEqual(before);
    const kg = previewLines(await run(rows, { lang: 'kg' }), 'rooms.xlsx', 'kg');
    expect(kg).toContain('  ! 2-сап, «Latitude» мамычасы: «95» — -90дөн 90гө чейинки сан эмес (бөлчөк бөлүгү чекит же үтүр менен)');
  });

  it('the template has the ru or en headers and an example row', async () => {
    const [headers, example] = await xlsxValues(await templateFile('rooms', 'ru'));
    expect(headers).toEqual(['Корпус', 'Аудитория', 'Широта', 'Долгота', 'Радиус, м', 'Вместимость']);
    expect(example).toEqual(['Главный корпус', '101', 42.8758, 74.5902, 80, 30]);
    expect((await xlsxValues(await templateFile('rooms', 'en')))[0]).toEqual(['Building', 'Room', 'Latitude', 'Longitude', 'Radius, m', 'Capacity']);
  });
});
