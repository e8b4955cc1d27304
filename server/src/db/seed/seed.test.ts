/** The demo university: size, structure, people, accounts, history; steps applied once. */
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import type { Db } from '../client';
import { prepareDatabase } from '../migrate';
import {
  academicYears,
  auditoria,
  curriculum,
  departments,
  disciplines,
  faculties,
  groups,
  lessonTimes,
  photos,
  seedSteps,
  specialities,
  streamGroups,
  students,
  teachers,
  teachingAssignments,
  users,
} from '../schema';
import { allSeedSteps, runSeed, STEPS } from './index';

let full: TestDatabase;
let small: TestDatabase;
let db: Db;

beforeAll(async () => {
  full = await createTestDatabase({ size: 'full' });
  small = await createTestDatabase({ size: 'small' });
  db = full.database.db;
});
afterAll(async () => {
  await full.close();
  await small.close();
});

const total = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0].n;

describe('size and structure', () => {
  it('has at least 3 faculties, 8 specialities, 24 groups, 600 students, 40 teachers, 60 disciplines', async () => {
    expect(await total(faculties)).toBeGreaterThanOrEqual(3);
    expect(await total(specialities)).toBeGreaterThanOrEqual(8);
    expect(await total(groups)).toBeGreaterThanOrEqual(24);
    expect(await total(students)).toBeGreaterThanOrEqual(600);
    expect(await total(teachers)).toBeGreaterThanOrEqual(40);
    expect(await total(disciplines)).toBeGreaterThanOrEqual(60);
  });

  it("names groups like 'ПИ-1-24'", async () => {
    const names = (await db.select({ name: groups.name }).from(groups)).map((g) => g.name);
    expect(names).toContain('ПИ-1-24');
    for (const name of names) expect(name).toMatch(/^[А-Я]+з?-\d-\d{2}$/);
  });

  it('has academic years 2019-20 … 2030-31 at least, named YYYY-YY, from September to August', async () => {
    const years = await db.select().from(academicYears).orderBy(academicYears.id);
    const ids = years.map((y) => y.id);
    for (let y = 2019; y <= 2030; y++) expect(ids).toContain(y);
    expect(years.find((y) => y.id === 2026)).toEqual({ id: 2026, name: '2026-27', startsOn: '2026-09-01', endsOn: '2027-08-31' });
  });

  it('has study plans and teaching assignments for 2025-26 and 2026-27, both half-years', async () => {
    for (const year of [2025, 2026]) {
      for (const ws of [1, 2]) {
        const [a] = await db
          .select({ n: count() })
          .from(teachingAssignments)
          .where(and(eq(teachingAssignments.academicYearId, year), eq(teachingAssignments.workingSemesterId, ws)));
        expect(a.n).toBeGreaterThan(100);
      }
      const [c] = await db.select({ n: count() }).from(curriculum).where(eq(curriculum.academicYearId, year));
      expect(c.n).toBeGreaterThan(100);
    }
  });

  it('places rooms in Bishkek with GPS and a radius, and pairs of 80 minutes from 8:00', async () => {
    const rooms = await db.select().from(auditoria);
    expect(rooms.length).toBeGreaterThan(10);
    for (const r of rooms) {
      expect(Math.abs(r.latitude - 42.87)).toBeLessThan(0.05);
      expect(Math.abs(r.longitude - 74.59)).toBeLessThan(0.05);
      expect(r.radiusM).toBeGreaterThan(0);
    }
    const times = await db.select().from(lessonTimes).orderBy(lessonTimes.id);
    expect(times[0]).toEqual({ id: 1, startsAt: '08:00:00', endsAt: '09:20:00' });
    for (const t of times) {
      const minutes = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
      expect(minutes(t.endsAt) - minutes(t.startsAt)).toBe(80);
    }
  });
});

describe('people', () => {
  it('writes names in the right gender forms', async () => {
    const people = [...(await db.select().from(students)), ...(await db.select().from(teachers))];
    let uulu = 0;
    for (const p of people) {
      if (/ (уулу|кызы)$/.test(p.surname)) {
        uulu++;
        expect(p.surname.endsWith(p.gender === 'm' ? ' уулу' : ' кызы'), p.surname).toBe(true);
        expect(p.patronymic).toBeNull();
        continue;
      }
      if (p.gender === 'f') {
        expect(p.surname, p.surname).toMatch(/а$/);
        expect(p.patronymic, p.patronymic ?? '').toMatch(/на$/);
      } else {
        expect(p.surname, p.surname).toMatch(/(ов|ев|ёв|ин)$/);
        expect(p.patronymic, p.patronymic ?? '').toMatch(/ич$/);
      }
      expect(p.taxId).toMatch(new RegExp(`^${p.gender === 'f' ? 1 : 2}\\d{13}$`));
    }
    expect(uulu).toBeGreaterThan(20);
  });

  it('gives every person an avatar photo', async () => {
    const withoutPhoto = await db
      .select({ n: count() })
      .from(students)
      .where(sql`${students.photoId} is null`);
    expect(withoutPhoto[0].n).toBe(0);
    const [t] = await db
      .select({ n: count() })
      .from(teachers)
      .where(sql`${teachers.photoId} is null`);
    expect(t.n).toBe(0);
    const [photo] = await db.select().from(photos).limit(1);
    expect(photo.mime).toBe('image/svg+xml');
    expect(photo.bytes.toString('utf8')).toMatch(/^<svg .*<\/svg>$/s);
  });

  it('has every teaching position', async () => {
    const ids = new Set((await db.select({ p: teachers.positionId }).from(teachers)).map((r) => r.p));
    expect([...ids].sort()).toEqual([1, 2, 3, 4]);
  });
});

describe('demo accounts', () => {
  it("only teacher, student, freshman, admin and dean have a password; only admin is an administrator, only dean a dean's office (of the teacher's faculty)", async () => {
    const withPassword = await db
      .select({ login: users.login, role: users.role, must: users.mustUpdateCredentials, news: users.newsPerms, admin: users.admin })
      .from(users)
      .where(isNotNull(users.passwordHash));
    expect(withPassword.sort((a, b) => a.login.localeCompare(b.login))).toEqual([
      { login: 'admin', role: 1, must: false, news: false, admin: true },
      { login: 'dean', role: 1, must: false, news: false, admin: false },
      { login: 'freshman', role: 2, must: true, news: false, admin: false },
      { login: 'student', role: 2, must: false, news: false, admin: false },
      { login: 'teacher', role: 1, must: false, news: true, admin: false },
    ]);
    expect(await db.select({ login: users.login }).from(users).where(eq(users.admin, true))).toEqual([{ login: 'admin' }]);
    const deans = await db.select({ login: users.login, facultyId: users.deanFacultyId }).from(users).where(isNotNull(users.deanFacultyId));
    const [teacher] = await db
      .select({ facultyId: departments.facultyId })
      .from(users)
      .innerJoin(teachers, eq(teachers.id, users.teacherId))
      .innerJoin(departments, eq(departments.id, teachers.departmentId))
      .where(eq(users.login, 'teacher'));
    expect(deans).toEqual([{ login: 'dean', facultyId: teacher.facultyId }]);
  });

  it('the teacher teaches several groups in 2026-27 autumn, the student is in one of them', async () => {
    const [teacher] = await db.select({ id: users.teacherId }).from(users).where(eq(users.login, 'teacher'));
    const rows = await db
      .select({ groupId: teachingAssignments.groupId, streamId: teachingAssignments.streamId })
      .from(teachingAssignments)
      .where(and(eq(teachingAssignments.teacherId, teacher.id!), eq(teachingAssignments.academicYearId, 2026), eq(teachingAssignments.workingSemesterId, 1)));
    const direct = rows.map((r) => r.groupId).filter((g): g is number => g !== null);
    const streamIds = rows.map((r) => r.streamId).filter((s): s is number => s !== null);
    const viaStreams = streamIds.length
      ? (await db.select({ g: streamGroups.groupId }).from(streamGroups).where(inArray(streamGroups.streamId, streamIds))).map((r) => r.g)
      : [];
    const taught = new Set([...direct, ...viaStreams]);
    expect(taught.size).toBeGreaterThanOrEqual(3);
    const [student] = await db
      .select({ groupId: students.groupId })
      .from(students)
      .innerJoin(users, eq(users.studentId, students.id))
      .where(eq(users.login, 'student'));
    expect(taught.has(student.groupId)).toBe(true);
  });
});

describe('seed steps', () => {
  it("records each step, the areas' own included, applies nothing twice, and runs a step added later exactly once", async () => {
    const recorded = (await db.select({ name: seedSteps.name }).from(seedSteps)).map((r) => r.name);
    const all = await allSeedSteps();
    expect(recorded.sort()).toEqual(all.map((s) => s.name).sort());
    // The payment area declares its step in its own folder; it runs in name order among the others.
    expect(all.map((s) => s.name)).toContain('0014-payment');
    expect(STEPS.map((s) => s.name)).not.toContain('0014-payment');
    expect(all.map((s) => s.name)).toEqual([...all.map((s) => s.name)].sort());
    expect((await prepareDatabase(full.database)).applied).toEqual([]);

    let runs = 0;
    const later = [...all, { name: '9999-later-area', run: async () => void runs++ }];
    expect((await runSeed(db, {}, later)).applied).toEqual(['9999-later-area']);
    expect((await runSeed(db, {}, later)).applied).toEqual([]);
    expect(runs).toBe(1);
  });

  it('is deterministic: the same teachers, with the same codes, in independently seeded databases', async () => {
    const list = async (d: Db) =>
      (
        await d
          .select({ c: teachers.code, s: teachers.surname, n: teachers.name, p: teachers.patronymic, b: teachers.birthDate })
          .from(teachers)
          .orderBy(teachers.id)
      ).map((t) => `${t.c} ${t.s} ${t.n} ${t.p} ${t.b}`);
    expect((await list(db)).every((t) => /^T\d{4} /.test(t))).toBe(true);
    expect(await list(small.database.db)).toEqual(await list(db));
  });
});
