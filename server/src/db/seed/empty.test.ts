/** `npm run seed -- --empty`: one administrator, the reference lists, no demo; refused on a database with data; the imports work on it. */
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { ImportAccount } from '@contract/imports';
import { TIME_ZONE_SETTING } from '../../shared/time-zone';
import { ImportService } from '../../modules/imports/imports.service';
import { xlsxFile } from '../../modules/imports/imports.test-files';
import { offeringsHeader } from '../../../../tests/support/imports';
import { useTestApp } from '../../test/fixture';
import { signIn, signedIn } from '../../test/requests';
import { prepareDatabase, prepareEmptyPortal } from '../migrate';
import {
  educationForms,
  faculties,
  groups,
  lessonTimes,
  lessonTypes,
  positions,
  seedSteps,
  siteSettings,
  specialities,
  students,
  teachers,
  users,
  workingSemesters,
  academicYears,
  journalModules,
  umkTypes,
  swDocTypes,
  swDistricts,
  gradeScale,
} from '../schema';
import type { EmptyPortal } from './empty';
import { runSeed } from './index';

const fx = useTestApp({ database: { seed: false }, signIn: [] });
const db = () => fx.db.database.db;
const total = async (table: PgTable) => (await db().select({ n: count() }).from(table))[0].n;

describe('an empty portal', () => {
  let portal: EmptyPortal;
  /** The imported student's account, with its one-time password. */
  let student: ImportAccount;

  it('has one account, the administrator, the reference lists and no demo data', async () => {
    portal = await prepareEmptyPortal(fx.db.database, { passwordMinLength: fx.app.ctx.config.passwordMinLength, now: new Date('2026-11-30T10:00:00Z') });
    expect(portal.login).toBe('admin');
    expect(portal.password).toMatch(/^[A-Za-z2-9]{12,}$/);
    expect(portal.applied).toEqual(['0001-reference', '0003-site', '0016-book-search-keys', '0018-time-zone']);

    const accounts = await db().select().from(users);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ login: 'admin', admin: true, mustUpdateCredentials: true, disabled: false });
    expect(accounts[0].passwordHash).not.toContain(portal.password);
    expect(await total(students)).toBe(0);
    expect(await total(groups)).toBe(0);
    expect(await total(specialities)).toBe(0);
    expect(await total(teachers)).toBe(1);
    for (const table of [
      educationForms,
      lessonTypes,
      positions,
      lessonTimes,
      workingSemesters,
      journalModules,
      umkTypes,
      swDocTypes,
      swDistricts,
      gradeScale,
    ]) {
      expect(await total(table)).toBeGreaterThan(0);
    }
    const years = (await db().select({ id: academicYears.id }).from(academicYears)).map((y) => y.id);
    expect(years).toEqual(expect.arrayContaining([2025, 2026, 2027]));
    const [zone] = await db().select().from(siteSettings).where(eq(siteSettings.key, TIME_ZONE_SETTING));
    expect(zone.value).toBe('Asia/Bishkek');
    const [name] = await db().select().from(siteSettings).where(eq(siteSettings.key, 'university_name_en'));
    expect(name.value).toBe('University');
  });

  it('the administrator signs in with the printed password, after setting a new one', async () => {
    expect((await signIn(fx.app, 'admin', 'Admin2026')).res.statusCode).toBe(401);
    const first = await signIn(fx.app, 'admin', portal.password);
    expect(first.res.statusCode).toBe(403);
    expect(first.body.error.code).toBe('CREDENTIALS_UPDATE_REQUIRED');
    const changed = await fx.app.inject({
      method: 'POST',
      url: '/api/auth/updatelogin.json',
      payload: { oldlog: 'admin', oldpas: portal.password, newlog: 'admin', newpas: 'Our own passphrase 2026' },
    });
    expect(changed.statusCode).toBe(200);
    const admin = await signedIn(fx.app, 'admin', 'Our own passphrase 2026');
    const page = await admin.post('/api/admin/accounts.json', { q: '', page: 1 });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.items.map((a: { login: string }) => a.login)).toEqual(['admin']);
  });

  it('the server start and the seed add no demo data to it; --empty again is refused and writes nothing', async () => {
    const report = await prepareDatabase(fx.db.database);
    expect(report).toMatchObject({ applied: [], empty: true });
    expect(await total(users)).toBe(1);
    expect(await total(students)).toBe(0);
    // A step a later version adds: a reference one runs on the empty portal, a demo one never.
    const later = [
      { name: '9998-later-demo', run: async () => void (await db().insert(faculties).values({ code: 'DEMO', nameRu: 'Д', nameKg: 'Д', nameEn: 'D' })) },
      { name: '9999-later-reference', reference: true as const, run: async () => {} },
    ];
    expect((await runSeed(db(), {}, later)).applied).toEqual(['9999-later-reference']);
    const steps = await total(seedSteps);
    await expect(prepareEmptyPortal(fx.db.database, { passwordMinLength: 12 })).rejects.toThrow('The database already has data');
    expect(await total(seedSteps)).toBe(steps);
    expect(await total(users)).toBe(1);
    expect(await total(faculties)).toBe(1);
  });

  it('faculties, departments, specialities, groups and students imports work on it, in that order', async () => {
    const service = new ImportService(fx.app.ctx);
    const given: ImportAccount[] = [];
    const options = { lang: 'en' as const, onAccounts: async (a: ImportAccount[]) => void given.push(...a) };
    const fac = await service.run(
      'faculties',
      await xlsxFile([
        ['Faculty code', 'Name (kg)', 'Name (ru)', 'Name (en)'],
        ['LAW', 'Юридика факультети', 'Юридический факультет', 'Faculty of Law'],
      ]),
      'f.xlsx',
      options,
    );
    expect(fac).toMatchObject({ written: true, refused: [] });
    const dep = await service.run(
      'departments',
      await xlsxFile([
        ['Faculty code', 'Name (ru)', 'Name (kg)', 'Name (en)'],
        ['LAW', 'Кафедра права', 'Укук кафедрасы', 'Department of Law'],
      ]),
      'd.xlsx',
      options,
    );
    expect(dep).toMatchObject({ written: true, refused: [] });
    const spe = await service.run(
      'specialities',
      await xlsxFile([
        ['Speciality code', 'Abbreviation', 'Faculty code', 'Department', 'Name (ru)', 'Name (kg)', 'Name (en)'],
        ['030501', 'ЮР', 'LAW', 'Department of Law', 'Юриспруденция', 'Юриспруденция', 'Law'],
      ]),
      's.xlsx',
      options,
    );
    expect(spe).toMatchObject({ written: true, refused: [] });
    const grp = await service.run(
      'groups',
      await xlsxFile([
        ['Group', 'Speciality code', 'Education form', 'Admission year', 'Group number'],
        ['ЮР-1-26', '030501', 'Full-time', 2026, 1],
      ]),
      'g.xlsx',
      options,
    );
    expect(grp).toMatchObject({ written: true, refused: [] });
    const stu = await service.run(
      'students',
      await xlsxFile([
        ['Student number', 'Surname', 'Name', 'Gender', 'Group'],
        ['2603101001', 'Осмонова', 'Айжан', 'f', 'ЮР-1-26'],
      ]),
      's.xlsx',
      options,
    );
    expect(stu).toMatchObject({ written: true, refused: [], accounts: 1 });
    expect(given.map((a) => a.login)).toEqual(['2603101001']);
    student = given[0];
    expect(await total(users)).toBe(2);
  });

  it('teachers and rooms imports work on it; the teachers import gives the administrator a real name by the code admin', async () => {
    const service = new ImportService(fx.app.ctx);
    const given: ImportAccount[] = [];
    const options = { lang: 'en' as const, onAccounts: async (a: ImportAccount[]) => void given.push(...a) };
    const staff = await service.run(
      'teachers',
      await xlsxFile([
        ['Teacher code', 'Surname', 'Name', 'Gender', 'Department', 'Position'],
        ['admin', 'Абдыкадырова', 'Чолпон', 'f', 'Administration', 'Lecturer'],
        ['L001', 'Мамытов', 'Бактыбек', 'm', 'Department of Law', 'Professor'],
      ]),
      't.xlsx',
      options,
    );
    expect(staff).toMatchObject({ written: true, refused: [], accounts: 1 });
    expect(staff.changed.map((r) => r.key)).toEqual(['admin']);
    expect(given.map((a) => a.login)).toEqual(['L001']);
    const [admin] = await db()
      .select({ surname: teachers.surname })
      .from(users)
      .innerJoin(teachers, eq(teachers.id, users.teacherId))
      .where(eq(users.login, 'admin'));
    expect(admin.surname).toBe('Абдыкадырова');
    const rooms = await service.run(
      'rooms',
      await xlsxFile([
        ['Building', 'Room', 'Latitude', 'Longitude', 'Radius, m'],
        ['Main building', '101', 42.8758, 74.5902, 80],
      ]),
      'r.xlsx',
      options,
    );
    expect(rooms).toMatchObject({ written: true, refused: [], added: [{ key: 'Main building / 101' }] });
  });

  it('disciplines and registration offerings imports work on it; the imported student sees the offerings', async () => {
    const service = new ImportService(fx.app.ctx);
    const options = { lang: 'en' as const };
    const dis = await service.run(
      'disciplines',
      await xlsxFile([
        ['Discipline code', 'Name (kg)', 'Name (ru)', 'Name (en)', 'Department'],
        ['LAW-101', 'Мамлекет жана укук теориясы', 'Теория государства и права', 'Theory of State and Law', 'Department of Law'],
        ['RHET', 'Риторика', 'Риторика', 'Rhetoric', 'Department of Law'],
      ]),
      'd.xlsx',
      options,
    );
    expect(dis).toMatchObject({ written: true, refused: [] });
    const offerings = await service.run(
      'offerings',
      await xlsxFile([
        offeringsHeader('Display group', 'Subgroup'),
        ['2026-27', 1, 'LAW-101', '030501', 1, 5, 'Exam', 'L001', 'Practice', 'Monday', '08:00', 25],
        ['2026-27', 1, 'RHET', null, null, 3, 'Credit', 'admin', 'Lecture', 'Saturday', '11:00', 30],
      ]),
      'o.xlsx',
      options,
    );
    expect(offerings).toMatchObject({ written: true, refused: [] });
    expect(offerings.added).toHaveLength(2);

    const first = await signIn(fx.app, student.login, student.password);
    expect(first.body.error.code).toBe('CREDENTIALS_UPDATE_REQUIRED');
    const changed = await fx.app.inject({
      method: 'POST',
      url: '/api/auth/updatelogin.json',
      payload: { oldlog: student.login, oldpas: student.password, newlog: 'aizhan.osmonova', newpas: 'Her own passphrase 2026' },
    });
    expect(changed.statusCode).toBe(200);
    const her = await signedIn(fx.app, 'aizhan.osmonova', 'Her own passphrase 2026');
    const list = await her.post('/api/regfordisciplines/getreglist', { id_a_year: 2026, id_w_s: 1 });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.rows.map((r: { discipline: string; kredits: number; isElective: boolean }) => [r.discipline, r.kredits, r.isElective])).toEqual([
      ['Теория государства и права', 5, false],
    ]);
  });
});
