/** The reference lists (docs/areas/reference.md#calls): who may call, each list's rules, the audit entries, rows in use. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REFERENCE_LISTS, type ReferenceRow, type ReferenceRows } from '@contract/reference';
import { rowsOf } from '../../db/client';
import { useReferenceApp } from './reference.test-fixture';

const { fx, post, db, audit, snapshot, save, refused } = useReferenceApp();

const rowsOfList = async (list: string) => (await post(fx.admin, 'rows.json', { list })).json().data as ReferenceRows;

describe('who may call', () => {
  const calls: [string, object][] = [
    ['lists.json', {}],
    ['rows.json', { list: 'lessonTimes' }],
    ['save.json', { list: 'lessonTimes', values: { id: 9, startsAt: '20:00', endsAt: '21:00' } }],
    ['delete.json', { list: 'lessonTimes', id: '7' }],
  ];
  for (const [call, body] of calls)
    it(`${call}: 401 signed out, 403 (translated) for a teacher and a student, nothing written`, async () => {
      const before = await snapshot('lesson_times');
      expect((await post(null, call, body)).statusCode).toBe(401);
      for (const who of [fx.teacher, fx.student]) {
        const res = await post(who, call, body, 'ru');
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'Доступ запрещён' });
      }
      expect(await snapshot('lesson_times')).toBe(before);
      expect(await audit()).toEqual([]);
    });
});

describe('lists.json and rows.json', () => {
  it('lists every list in its order, with its columns', async () => {
    const res = await post(fx.admin, 'lists.json', {});
    expect(res.statusCode).toBe(200);
    const { lists } = res.json().data as { lists: { name: string; count: number; canAdd: boolean }[] };
    expect(lists.map((l) => l.name)).toEqual([...REFERENCE_LISTS]);
    expect(lists.find((l) => l.name === 'lessonTimes')).toMatchObject({ count: 7, canAdd: true });
    expect(lists.find((l) => l.name === 'settings')).toMatchObject({ count: 1, canAdd: false, canDelete: false });
  });

  it("gives the rows of each list in their stored form, the select choices in the caller's language", async () => {
    expect((await rowsOfList('lessonTimes')).rows[0]).toEqual({ id: '1', values: { id: 1, startsAt: '08:00', endsAt: '09:20' } });
    const years = await rowsOfList('academicYears');
    expect(years.rows.find((r) => r.id === '2026')?.values).toEqual({ id: 2026, name: '2026-27', startsOn: '2026-09-01', endsOn: '2027-08-31' });
    const periods = (await post(fx.admin, 'rows.json', { list: 'registrationPeriods' }, 'ru')).json().data as ReferenceRows;
    expect(periods.rows.length).toBeGreaterThan(0);
    expect(periods.rows[0].values).toMatchObject({ creditLimit: expect.any(Number), closesAt: expect.stringMatching(/Z$/) });
    const ws = periods.list.columns.find((c) => c.key === 'workingSemesterId');
    expect(ws?.options?.map((o) => o.id)).toEqual([1, 2]);
    const settings = await rowsOfList('settings');
    expect(settings.rows).toEqual([
      {
        id: 'university',
        values: { universityName: expect.objectContaining({ ru: expect.any(String) }), timeZone: 'Asia/Bishkek', meetingServer: 'https://meet.tshsu.example' },
      },
    ]);
    const rooms = await rowsOfList('rooms');
    expect(rooms.rows[0].values).toMatchObject({ building: expect.any(String), latitude: expect.any(Number), qrNetworks: expect.any(Array) });
  });
});

describe('academic years', () => {
  const year = { id: 2040, name: '2040-41', startsOn: '2040-09-01', endsOn: '2041-08-31' };

  it('refuses a wrong name, an end before the start, a year too short or starting in another year, a year out of range', async () => {
    await refused('academic_years', 'academicYears', { ...year, name: '2040' }, 400, 'name', 'yearName');
    await refused('academic_years', 'academicYears', { ...year, endsOn: '2040-08-31' }, 400, 'endsOn', 'order');
    await refused('academic_years', 'academicYears', { ...year, endsOn: '2041-01-31' }, 400, 'endsOn', 'yearLength');
    await refused('academic_years', 'academicYears', { ...year, startsOn: '2039-09-01' }, 400, 'startsOn', 'yearLength');
    await refused('academic_years', 'academicYears', { ...year, id: 1999, name: '1999-00' }, 400, 'id', 'range');
    await refused('academic_years', 'academicYears', { ...year, startsOn: '2040-02-30' }, 400, 'startsOn', 'format');
    await refused('academic_years', 'academicYears', { ...year, startsOn: '' }, 400, 'startsOn', 'required');
    await refused('academic_years', 'academicYears', { id: 2026, name: '2026-27', startsOn: '2026-09-01', endsOn: '2027-08-31' }, 409, 'id');
  });

  it('adds, changes and deletes a year, each with its audit entry (no account)', async () => {
    const added = await save('academicYears', year);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toEqual({ id: '2040', values: year });
    const changed = await save('academicYears', { ...year, id: 1, endsOn: '2041-07-31' }, '2040');
    expect(changed.json().data).toEqual({ id: '2040', values: { ...year, endsOn: '2041-07-31' } });
    // The same values again: no entry.
    expect((await save('academicYears', { ...year, endsOn: '2041-07-31' }, '2040')).statusCode).toBe(200);
    const deleted = await post(fx.admin, 'delete.json', { list: 'academicYears', id: '2040' });
    expect(deleted.json().data).toEqual({ id: '2040' });
    const entries = (await audit()).slice(-3);
    expect(entries.map((e) => e.action)).toEqual(['addReference', 'changeReference', 'deleteReference']);
    expect(entries[0]).toMatchObject({
      admin_id: fx.admin.user.id,
      user_id: null,
      before: { list: 'academicYears', id: '2040' },
      after: { ...year, list: 'academicYears', id: '2040' },
    });
    expect(entries[1]).toMatchObject({ before: { endsOn: '2041-08-31' }, after: { endsOn: '2041-07-31' } });
    expect(entries[2]).toMatchObject({ before: { list: 'academicYears', id: '2040', name: '2040-41' }, after: { list: 'academicYears', id: '2040' } });
  });

  it('refuses to delete a year in use (409, translated), and keeps it', async () => {
    const before = await snapshot('academic_years');
    const log = (await audit()).length;
    const res = await post(fx.admin, 'delete.json', { list: 'academicYears', id: '2026' }, 'ru');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'REFERENCE_IN_USE', message: 'Строку нельзя удалить: на неё ссылаются другие записи' });
    expect(await snapshot('academic_years')).toBe(before);
    expect((await audit()).length).toBe(log);
  });

  it('answers 404 for a row that does not exist', async () => {
    expect((await post(fx.admin, 'delete.json', { list: 'academicYears', id: '1900' })).statusCode).toBe(404);
    expect((await save('academicYears', year, '1900')).statusCode).toBe(404);
  });
});

describe('registration periods', () => {
  it('refuses a credit limit off 1..60, a missing or unknown year, a bad time, a period already there', async () => {
    const [first] = (await rowsOfList('registrationPeriods')).rows;
    const values = { academicYearId: 2030, workingSemesterId: 1, closesAt: '2030-10-01T12:00:00.000Z', creditLimit: 30 };
    await refused('registration_periods', 'registrationPeriods', { ...values, creditLimit: 61 }, 400, 'creditLimit', 'range');
    await refused('registration_periods', 'registrationPeriods', { ...values, creditLimit: 0 }, 400, 'creditLimit', 'range');
    await refused('registration_periods', 'registrationPeriods', { ...values, academicYearId: 1990 }, 400, 'academicYearId', 'option');
    await refused('registration_periods', 'registrationPeriods', { ...values, workingSemesterId: 3 }, 400, 'workingSemesterId', 'option');
    await refused('registration_periods', 'registrationPeriods', { ...values, closesAt: 'tomorrow' }, 400, 'closesAt', 'format');
    await refused('registration_periods', 'registrationPeriods', { ...first.values }, 409, 'workingSemesterId');
  });

  it('adds a period and changes its limit (the year and half-year stay)', async () => {
    const values = { academicYearId: 2030, workingSemesterId: 2, closesAt: '2031-02-15T06:00:00.000Z', creditLimit: 30 };
    const added = await save('registrationPeriods', values);
    expect(added.json().data).toEqual({ id: '2030:2', values: { ...values, opensAt: null, marksClosedAfter: null } });
    const changed = await save('registrationPeriods', { ...values, academicYearId: 2031, creditLimit: 40 }, '2030:2');
    expect(changed.json().data).toEqual({ id: '2030:2', values: { ...values, opensAt: null, creditLimit: 40, marksClosedAfter: null } });
    expect((await audit()).slice(-1)[0]).toMatchObject({
      action: 'changeReference',
      before: { list: 'registrationPeriods', id: '2030:2', creditLimit: 30 },
      after: { creditLimit: 40 },
    });
  });
});

describe('lesson times', () => {
  it('refuses an end before the start, a pair that overlaps another, a bad time, a number taken', async () => {
    await refused('lesson_times', 'lessonTimes', { id: 8, startsAt: '20:00', endsAt: '19:00' }, 400, 'endsAt', 'order');
    await refused('lesson_times', 'lessonTimes', { id: 8, startsAt: '18:00', endsAt: '19:20' }, 400, 'startsAt', 'overlap');
    await refused('lesson_times', 'lessonTimes', { id: 8, startsAt: '25:00', endsAt: '26:00' }, 400, 'startsAt', 'format');
    await refused('lesson_times', 'lessonTimes', { id: 7, startsAt: '19:00', endsAt: '20:00' }, 409, 'id');
    // A pair moved onto its neighbour.
    await refused('lesson_times', 'lessonTimes', { startsAt: '09:00', endsAt: '10:00' }, 400, 'startsAt', 'overlap', '1');
    const res = await save('lessonTimes', { id: 8, startsAt: '18:00', endsAt: '19:20' }, undefined, 'ru');
    expect(res.json().error.message).toBe('Пересекается с парой 7');
  });

  it('adds a pair and moves it; a pair in the timetable is not deleted', async () => {
    expect((await save('lessonTimes', { id: 8, startsAt: '19:00', endsAt: '20:20' })).json().data).toEqual({
      id: '8',
      values: { id: 8, startsAt: '19:00', endsAt: '20:20' },
    });
    expect((await save('lessonTimes', { startsAt: '19:10', endsAt: '20:30' }, '8')).statusCode).toBe(200);
    expect((await post(fx.admin, 'delete.json', { list: 'lessonTimes', id: '8' })).statusCode).toBe(200);
    const res = await post(fx.admin, 'delete.json', { list: 'lessonTimes', id: '1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('REFERENCE_IN_USE');
  });
});

describe("the university's settings", () => {
  const names = { ru: 'Университет Т', kg: 'Т университети', en: 'University T' };

  it('refuses a zone that is not IANA and an empty name, and writes nothing', async () => {
    await refused('site_settings', 'settings', { universityName: names, timeZone: 'Mars/Olympus' }, 400, 'timeZone', 'timeZone', 'university');
    await refused('site_settings', 'settings', { universityName: names, timeZone: '+06:00' }, 400, 'timeZone', 'timeZone', 'university');
    // The meeting server of online lessons: https only.
    await refused(
      'site_settings',
      'settings',
      { universityName: names, timeZone: 'Asia/Bishkek', meetingServer: 'http://meet.example.org' },
      400,
      'meetingServer',
      'url',
      'university',
    );
    await refused(
      'site_settings',
      'settings',
      { universityName: { ...names, kg: ' ' }, timeZone: 'Asia/Bishkek' },
      400,
      'universityName.kg',
      'required',
      'university',
    );
    expect((await post(fx.admin, 'delete.json', { list: 'settings', id: 'university' })).statusCode).toBe(404);
  });

  it('changes the name and the zone, with one audit entry', async () => {
    const res = await save('settings', { universityName: names, timeZone: 'Asia/Almaty' }, 'university');
    // No meeting server given: none is kept (teachers paste their meetings' links).
    expect(res.json().data).toEqual({ id: 'university', values: { universityName: names, timeZone: 'Asia/Almaty', meetingServer: null } });
    const stored = await rowsOf<{ key: string; value: string }>(
      db(),
      sql`select key, value from site_settings where key in ('university_name_kg', 'time_zone') order by key`,
    );
    expect(stored).toEqual([
      { key: 'time_zone', value: 'Asia/Almaty' },
      { key: 'university_name_kg', value: 'Т университети' },
    ]);
    expect((await audit()).slice(-1)[0]).toMatchObject({ action: 'changeReference', after: { list: 'settings', id: 'university', timeZone: 'Asia/Almaty' } });
    // The name shown with the logo follows at once (the zone at the next start).
    const logo = await fx.app.inject({ method: 'GET', url: '/logo.json?lang=en' });
    expect(logo.json().data.name).toBe('University T');
  });
});

describe('rooms', () => {
  const room = { building: 'Z', name: '101', latitude: 42.87, longitude: 74.6, radiusM: 50, capacity: 30, qrNetworks: ['10.1.0.0/16', '2001:db8::/32'] };

  it('refuses a position, radius or network off their rules, an empty name, a name taken in its building', async () => {
    await refused('auditoria', 'rooms', { ...room, latitude: 91 }, 400, 'latitude', 'range');
    await refused('auditoria', 'rooms', { ...room, longitude: -181 }, 400, 'longitude', 'range');
    await refused('auditoria', 'rooms', { ...room, radiusM: 4 }, 400, 'radiusM', 'range');
    await refused('auditoria', 'rooms', { ...room, radiusM: 2001 }, 400, 'radiusM', 'range');
    await refused('auditoria', 'rooms', { ...room, qrNetworks: ['10.1.0.0/33'] }, 400, 'qrNetworks', 'cidr');
    await refused('auditoria', 'rooms', { ...room, qrNetworks: ['campus'] }, 400, 'qrNetworks', 'cidr');
    await refused('auditoria', 'rooms', { ...room, name: '  ' }, 400, 'name', 'required');
    const [first] = (await rowsOfList('rooms')).rows;
    await refused('auditoria', 'rooms', { ...room, building: first.values.building, name: String(first.values.name).toLowerCase() }, 409, 'name');
  });

  it('adds a room with its networks, clears them, deletes it', async () => {
    const added = (await save('rooms', room)).json().data as ReferenceRow;
    expect(added.values).toEqual(room);
    const changed = (await save('rooms', { ...room, capacity: null, qrNetworks: [] }, added.id)).json().data as ReferenceRow;
    expect(changed.values).toEqual({ ...room, capacity: null, qrNetworks: [] });
    expect((await post(fx.admin, 'delete.json', { list: 'rooms', id: added.id })).statusCode).toBe(200);
  });
});

describe('paid services', () => {
  it('refuses an amount of 0 and an empty name; adds a service; a service with payment codes is not deleted', async () => {
    const names = { ru: 'Справка', kg: 'Маалымкат', en: 'Certificate' };
    await refused('paid_services', 'paidServices', { name: names, amount: 0 }, 400, 'amount', 'range');
    await refused('paid_services', 'paidServices', { name: { ...names, en: '' }, amount: 100 }, 400, 'name.en', 'required');
    await refused('paid_services', 'paidServices', { name: names, amount: 10.5 }, 400, 'amount', 'format');
    const added = await save('paidServices', { name: names, amount: 150 });
    expect(added.json().data.values).toEqual({ name: names, amount: 150 });
    const [used] = await rowsOf<{ id: number }>(db(), sql`select service_id as id from payment_codes limit 1`);
    if (used) expect((await post(fx.admin, 'delete.json', { list: 'paidServices', id: String(used.id) })).statusCode).toBe(409);
  });
});

describe("the administration's audit log", () => {
  it('shows the changes of the lists (no account) and filters them by action', async () => {
    const res = await fx.app.inject({
      method: 'POST',
      url: '/api/admin/audit.json',
      payload: { page: 1, action: 'deleteReference' },
      headers: fx.admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json().data as { items: { action: string; account: { login: string | null }; admin: { login: string | null }; before: object }[] };
    expect(items.length).toBeGreaterThan(0);
    for (const e of items) expect(e).toMatchObject({ action: 'deleteReference', account: { login: null }, admin: { login: 'admin' } });
    expect(items.map((e) => e.before)).toContainEqual(expect.objectContaining({ list: 'academicYears', id: '2040' }));
  });
});

describe("the single window's documents", () => {
  it('refuses a kind off its form, a kind taken, an order off 0..999; the kind stays once added', async () => {
    const names = { ru: 'Архивная справка', kg: 'Архивдик маалымкат', en: 'Archive certificate' };
    await refused('sw_doc_types', 'docTypes', { kind: 'Archive doc', name: names, sort: 5 }, 400, 'kind', 'format');
    await refused('sw_doc_types', 'docTypes', { kind: 'study', name: names, sort: 5 }, 409, 'kind');
    await refused('sw_doc_types', 'docTypes', { kind: 'archive2', name: names, sort: 1000 }, 400, 'sort', 'range');
    const added = (await save('docTypes', { kind: 'archive2', name: names, sort: 5 })).json().data as ReferenceRow;
    expect(added.values).toEqual({ kind: 'archive2', name: names, sort: 5 });
    const changed = (await save('docTypes', { kind: 'other', name: names, sort: 6 }, added.id)).json().data as ReferenceRow;
    expect(changed.values).toEqual({ kind: 'archive2', name: names, sort: 6 });
  });
});

describe('faculties and departments', () => {
  const names = { ru: 'Факультет Т', kg: 'Т факультети', en: 'Faculty T' };

  it('refuses a faculty code taken (any case) or empty; a faculty with departments is not deleted', async () => {
    const [first] = (await rowsOfList('faculties')).rows;
    await refused('faculties', 'faculties', { code: String(first.values.code).toLowerCase(), name: names }, 409, 'code');
    await refused('faculties', 'faculties', { code: ' ', name: names }, 400, 'code', 'required');
    const res = await post(fx.admin, 'delete.json', { list: 'faculties', id: first.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('REFERENCE_IN_USE');
  });

  it('adds a faculty and a department of it, named in the choices; an unknown faculty is refused', async () => {
    const faculty = (await save('faculties', { code: 'TST', name: names })).json().data as ReferenceRow;
    const departments = await rowsOfList('departments');
    const choices = departments.list.columns.find((c) => c.key === 'facultyId')?.options ?? [];
    expect(choices).toContainEqual({ id: Number(faculty.id), name: 'TST — Faculty T' });
    const dept = { ru: 'Кафедра Т', kg: 'Т кафедрасы', en: 'Department T' };
    await refused('departments', 'departments', { facultyId: 999999, name: dept }, 400, 'facultyId', 'option');
    const added = await save('departments', { facultyId: Number(faculty.id), name: dept });
    expect(added.json().data.values).toEqual({ facultyId: Number(faculty.id), name: dept });
  });
});

describe('specialities and groups', () => {
  const names = { ru: 'Специальность Т', kg: 'Т адистиги', en: 'Speciality T' };

  it('refuses a code or an abbreviation taken (any case), a department of another faculty; a speciality with groups is not deleted', async () => {
    const specialities = await rowsOfList('specialities');
    const [first] = specialities.rows;
    const { facultyId } = first.values as { facultyId: number };
    const base = { code: '999001', abbr: 'ТТ', facultyId, departmentId: null, name: names, durationYears: 4 };
    await refused('specialities', 'specialities', { ...base, code: String(first.values.code) }, 409, 'code');
    await refused('specialities', 'specialities', { ...base, abbr: String(first.values.abbr).toLowerCase() }, 409, 'abbr');
    await refused('specialities', 'specialities', { ...base, code: '99 01' }, 400, 'code', 'format');
    await refused('specialities', 'specialities', { ...base, durationYears: 7 }, 400, 'durationYears', 'range');
    const departments = (await rowsOfList('departments')).rows;
    const other = departments.find((d) => (d.values as { facultyId: number }).facultyId !== facultyId);
    expect(other).toBeDefined();
    await refused('specialities', 'specialities', { ...base, departmentId: Number(other!.id) }, 400, 'departmentId', 'option');
    const res = await post(fx.admin, 'delete.json', { list: 'specialities', id: first.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('REFERENCE_IN_USE');
  });

  it('adds a speciality and a group of it, changes the group, and logs both', async () => {
    const [first] = (await rowsOfList('specialities')).rows;
    const { facultyId } = first.values as { facultyId: number };
    const added = await save('specialities', { code: '999002', abbr: 'ТС', facultyId, departmentId: null, name: names, durationYears: 5 });
    expect(added.statusCode, added.body).toBe(200);
    const speciality = added.json().data as ReferenceRow;
    const groupsList = await rowsOfList('groups');
    expect(groupsList.list.columns.find((c) => c.key === 'specialityId')?.options).toContainEqual({
      id: Number(speciality.id),
      name: '999002 ТС — Speciality T',
    });
    const group = { name: 'ТС-1-26', specialityId: Number(speciality.id), educationFormId: 1, admissionYear: 2026, number: 1 };
    await refused('groups', 'groups', { ...group, name: String(groupsList.rows[0].values.name) }, 409, 'name');
    await refused('groups', 'groups', { ...group, specialityId: 999999 }, 400, 'specialityId', 'option');
    await refused('groups', 'groups', { ...group, admissionYear: new Date().getFullYear() + 2 }, 400, 'admissionYear', 'range');
    await refused('groups', 'groups', { ...group, number: 0 }, 400, 'number', 'range');
    const made = await save('groups', group);
    expect(made.statusCode, made.body).toBe(200);
    const row = made.json().data as ReferenceRow;
    expect(row.values).toEqual(group);
    const changed = await save('groups', { ...group, number: 2, name: 'ТС-2-26' }, row.id);
    expect(changed.json().data.values).toMatchObject({ name: 'ТС-2-26', number: 2 });
    const actions = (await audit()).slice(-3).map((e) => [e.action, e.after.list]);
    expect(actions).toEqual([
      ['addReference', 'specialities'],
      ['addReference', 'groups'],
      ['changeReference', 'groups'],
    ]);
  });
});

describe('side-menu links and the apps panel', () => {
  it('refuses a key off the side menu, a key taken, an address not http(s), no role, a role off 1..2', async () => {
    const link = { key: 'manual', url: 'https://wiki.example.edu/manual', roles: [1, 2] };
    await refused('menu_links', 'menuLinks', { ...link, key: 'nowhere' }, 400, 'key', 'option');
    await refused('menu_links', 'menuLinks', { ...link, key: 'webinar' }, 409, 'key');
    await refused('menu_links', 'menuLinks', { ...link, url: 'javascript:alert(1)' }, 400, 'url', 'url');
    await refused('menu_links', 'menuLinks', { ...link, url: 'ftp://files.example.edu' }, 400, 'url', 'url');
    await refused('menu_links', 'menuLinks', { ...link, roles: [] }, 400, 'roles', 'required');
    await refused('menu_links', 'menuLinks', { ...link, roles: [3] }, 400, 'roles', 'option');
    const added = (await save('menuLinks', { ...link, roles: [2, 1, 2] })).json().data as ReferenceRow;
    expect(added.values).toEqual(link);
    const lists = (await post(fx.admin, 'rows.json', { list: 'menuLinks' })).json().data as ReferenceRows;
    expect(lists.list.columns.find((c) => c.key === 'key')?.choices).toContain('webinar');
  });

  it('refuses an icon off the list and an address not http(s); adds a tile', async () => {
    const names = { ru: 'Почта', kg: 'Почта', en: 'Mail' };
    const tile = { name: names, url: 'https://mail.example.edu', icon: 'mail', sort: 9 };
    await refused('app_links', 'appLinks', { ...tile, icon: 'rocket' }, 400, 'icon', 'option');
    await refused('app_links', 'appLinks', { ...tile, url: 'mail.example.edu' }, 400, 'url', 'url');
    expect((await save('appLinks', tile)).json().data.values).toEqual(tile);
  });
});
