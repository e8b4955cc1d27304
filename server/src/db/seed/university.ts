/**
 * Seed steps that build the demo university: reference lists, structure, people, accounts,
 * study plans and who teaches what in 2025-26 and 2026-27 (university.teaching.ts). Deterministic: the
 * same data every run.
 */
import { isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../../shared/credentials/password-hash';
import { ROLE_STUDENT, ROLE_TEACHER } from '@contract/common';
import type { Db } from '../client';
import { auditoria, departments, disciplines, faculties, groups, specialities, streamGroups, streams, students, teachers, users } from '../schema';
import {
  ADMISSION_YEARS,
  BUILDINGS,
  DEMO_FRESHMAN,
  DEMO_STUDENT,
  DEMO_TEACHER,
  DEPARTMENTS,
  EMAIL_DOMAIN,
  FACULTIES,
  FULL_TIME,
  PART_TIME,
  SPECIALITIES,
  type DepartmentKey,
  type SpecialitySeed,
} from './data';
import { PLANS, type DisciplineSeed } from './plans';
import { fullName } from '../../lib/person';
import { randomPerson, transliterate, type PersonName } from './names';
import { attachPhotos, personDetails, POSITION_LADDER, TEACHER_BIRTH, TEACHER_EDUCATION, type PersonRow } from './person-details';
import { hashText, Prng } from './prng';
import type { SeedContext } from './index';

import { insertAll, insertIds, named } from './rows';
import { seedTeaching } from './university.teaching';

// ---------------------------------------------------------------------------------------------

export type Ids<K> = Map<K, number>;

export interface GroupSeed {
  name: string;
  spec: SpecialitySeed;
  admissionYear: number;
  educationFormId: number;
  number: number;
  id?: number;
}

export interface TeacherSeed {
  person: PersonRow;
  department: DepartmentKey;
  positionId: number;
  login: string;
  demo: boolean;
  id?: number;
}

interface StudentSeed {
  person: PersonRow;
  group: GroupSeed;
  code: string;
  subgroup: number;
  login: string;
  demo: typeof DEMO_STUDENT | typeof DEMO_FRESHMAN | null;
}

/** Faculties, departments and specialities, with their ids by key. */
async function seedStructure(db: Db) {
  const facultyIds = await insertIds(
    db,
    faculties,
    FACULTIES.map((f) => ({ code: f.code, ...named(f.names) })),
  );
  const facultyId = new Map(FACULTIES.map((f, i) => [f.code, facultyIds[i]]));

  const deptIds = await insertIds(
    db,
    departments,
    DEPARTMENTS.map((d) => ({ facultyId: facultyId.get(d.faculty), ...named(d.names) })),
  );
  const deptId = new Map<DepartmentKey, number>(DEPARTMENTS.map((d, i) => [d.key, deptIds[i]]));

  const specIds = await insertIds(
    db,
    specialities,
    SPECIALITIES.map((s) => ({ facultyId: facultyId.get(s.faculty), departmentId: deptId.get(s.department), code: s.code, abbr: s.abbr, ...named(s.names) })),
  );
  const specId = new Map(SPECIALITIES.map((s, i) => [s.abbr, specIds[i]]));
  return { facultyId, deptId, specId };
}

/** Disciplines: one row per key of the study plans, numbered per department. */
async function seedDisciplines(db: Db, deptId: Ids<DepartmentKey>) {
  const byKey = new Map<string, DisciplineSeed>();
  for (const plan of Object.values(PLANS))
    for (const d of plan) {
      const known = byKey.get(d.key);
      if (known && known !== d) throw new Error(`Discipline key '${d.key}' is defined twice`);
      byKey.set(d.key, d);
    }
  const perDept = new Map<DepartmentKey, number>();
  const disciplineSeeds = [...byKey.values()];
  const disciplineIds = await insertIds(
    db,
    disciplines,
    disciplineSeeds.map((d) => {
      const n = (perDept.get(d.department) ?? 0) + 1;
      perDept.set(d.department, n);
      return { code: `${d.department.toUpperCase()}-${String(n).padStart(3, '0')}`, departmentId: deptId.get(d.department), ...named(d.names) };
    }),
  );
  const disciplineId = new Map(disciplineSeeds.map((d, i) => [d.key, disciplineIds[i]]));
  return { disciplineId, count: disciplineSeeds.length };
}

/** Groups of every speciality and admission year (full-time, and part-time where there is one). */
async function seedGroups(db: Db, specId: Ids<string>): Promise<GroupSeed[]> {
  const groupSeeds: GroupSeed[] = [];
  for (const spec of SPECIALITIES)
    for (const year of ADMISSION_YEARS) {
      const yy = String(year % 100).padStart(2, '0');
      for (let n = 1; n <= spec.groupsPerYear; n++)
        groupSeeds.push({ name: `${spec.abbr}-${n}-${yy}`, spec, admissionYear: year, educationFormId: FULL_TIME, number: n });
      if (spec.partTimeYears?.includes(year))
        groupSeeds.push({ name: `${spec.abbr}з-1-${yy}`, spec, admissionYear: year, educationFormId: PART_TIME, number: 1 });
    }
  const groupIds = await insertIds(
    db,
    groups,
    groupSeeds.map((g) => ({
      name: g.name,
      specialityId: specId.get(g.spec.abbr),
      educationFormId: g.educationFormId,
      admissionYear: g.admissionYear,
      number: g.number,
    })),
  );
  groupSeeds.forEach((g, i) => (g.id = groupIds[i]));
  return groupSeeds;
}

/** Full-time cohorts with several groups attend lectures as a stream: stream ids by `abbr:year`. */
async function seedStreams(db: Db, specId: Ids<string>, groupSeeds: GroupSeed[]): Promise<Map<string, number>> {
  const streamOf = new Map<string, number>();
  for (const spec of SPECIALITIES) {
    if (spec.groupsPerYear < 2) continue;
    for (const year of ADMISSION_YEARS) {
      const members = groupSeeds.filter((g) => g.spec === spec && g.admissionYear === year && g.educationFormId === FULL_TIME);
      const [id] = await insertIds(db, streams, [
        { name: `${spec.abbr}-${String(year % 100).padStart(2, '0')}`, specialityId: specId.get(spec.abbr), admissionYear: year },
      ]);
      await db.insert(streamGroups).values(members.map((g) => ({ streamId: id, groupId: g.id! })));
      streamOf.set(`${spec.abbr}:${year}`, id);
    }
  }
  return streamOf;
}

/** Rooms of every building, with the position QR attendance checks against. */
async function seedRooms(db: Db): Promise<void> {
  await insertAll(
    db,
    auditoria,
    BUILDINGS.flatMap((b) =>
      b.rooms.map((room) => ({
        name: room,
        building: b.name,
        latitude: b.latitude,
        longitude: b.longitude,
        radiusM: b.radiusM,
        capacity: room.startsWith('Лаб') ? 16 : room === 'Актовый зал' ? 300 : 30 + (hashText(room) % 4) * 15,
      })),
    ),
  );
}

/** Teachers of every department (the demo teacher among them), with photos. */
async function seedTeachers(db: Db, prng: Prng, deptId: Ids<DepartmentKey>): Promise<TeacherSeed[]> {
  const emails = new Set<string>();
  const uniqueLocal = (base: string) => {
    let local = base;
    for (let n = 2; emails.has(local); n++) local = `${base}${n}`;
    emails.add(local);
    return local;
  };
  const teacherSeeds: TeacherSeed[] = [];
  for (const dept of DEPARTMENTS) {
    for (let i = 0; i < dept.teachers; i++) {
      const demo = dept.key === DEMO_TEACHER.department && i === 1;
      const positionId = demo ? DEMO_TEACHER.position : POSITION_LADDER[i % POSITION_LADDER.length];
      const name: PersonName = demo ? { ...DEMO_TEACHER.person } : randomPerson(prng, prng.chance(0.5) ? 'm' : 'f');
      const local = uniqueLocal(`${transliterate(name.name).charAt(0)}.${transliterate(name.surname)}`);
      const [from, to] = TEACHER_BIRTH[positionId];
      teacherSeeds.push({
        person: personDetails(prng, name, prng.int(from, to), `${local}@${EMAIL_DOMAIN}`, TEACHER_EDUCATION[positionId]),
        department: dept.key,
        positionId,
        login: demo ? DEMO_TEACHER.login : local,
        demo,
      });
    }
  }
  await attachPhotos(
    db,
    teacherSeeds.map((t) => t.person),
  );
  const teacherIds = await insertIds(
    db,
    teachers,
    teacherSeeds.map((t) => ({ ...t.person, departmentId: deptId.get(t.department), positionId: t.positionId })),
  );
  teacherSeeds.forEach((t, i) => (t.id = teacherIds[i]));
  await giveTeacherCodes(db);
  return teacherSeeds;
}

/** The demo teachers' codes (teachers import): 'T' and the id in four digits, as migration 0031 gave the teachers it found. */
export async function giveTeacherCodes(db: Db): Promise<void> {
  await db
    .update(teachers)
    .set({ code: sql`'T' || lpad(${teachers.id}::text, 4, '0')` })
    .where(isNull(teachers.code));
}

/** Students of every group (the demo students among them), with photos; their ids in order. */
async function seedStudents(db: Db, prng: Prng, groupSeeds: GroupSeed[], size: SeedContext['size']) {
  const perGroup = size === 'small' ? 4 : 16;
  const perPartTimeGroup = size === 'small' ? 3 : 12;
  const studentSeeds: StudentSeed[] = [];
  const femaleShare: Record<string, number> = { FIT: 0.35, FEM: 0.55, FH: 0.7 };
  for (const g of groupSeeds) {
    const count = g.educationFormId === FULL_TIME ? perGroup : perPartTimeGroup;
    const names: { name: PersonName; demo: StudentSeed['demo'] }[] = [];
    for (let i = 0; i < count; i++) names.push({ name: randomPerson(prng, prng.chance(femaleShare[g.spec.faculty]) ? 'f' : 'm'), demo: null });
    for (const demo of [DEMO_STUDENT, DEMO_FRESHMAN]) if (demo.group === g.name) names.push({ name: { ...demo.person }, demo });
    names.sort((a, b) => fullName(a.name).localeCompare(fullName(b.name), 'ru'));
    const specIndex = SPECIALITIES.indexOf(g.spec) + 1;
    names.forEach(({ name, demo }, i) => {
      const code = `${g.admissionYear % 100}${String(specIndex).padStart(2, '0')}${g.educationFormId}${g.number}${String(i + 1).padStart(3, '0')}`;
      const age = prng.chance(0.75) ? 18 : prng.pick([17, 19, 20]);
      const birthYear = g.educationFormId === FULL_TIME ? g.admissionYear - age : g.admissionYear - prng.int(20, 35);
      const education = g.educationFormId === PART_TIME ? 'Среднее профессиональное' : prng.chance(0.9) ? 'Среднее общее' : 'Среднее профессиональное';
      studentSeeds.push({
        person: personDetails(prng, name, birthYear, `${code}@stud.${EMAIL_DOMAIN}`, education),
        group: g,
        code,
        subgroup: i < Math.ceil(names.length / 2) ? 1 : 2,
        login: demo ? demo.login : code,
        demo,
      });
    });
  }
  await attachPhotos(
    db,
    studentSeeds.map((s) => s.person),
  );
  const studentIds = await insertIds(
    db,
    students,
    studentSeeds.map((s) => ({
      ...s.person,
      groupId: s.group.id,
      code: s.code,
      admissionYear: s.group.admissionYear,
      educationFormId: s.group.educationFormId,
      subgroup: s.subgroup,
    })),
  );
  return { studentSeeds, studentIds };
}

/** Accounts: everyone has one; only the demo accounts have a password. */
async function seedAccounts(db: Db, teacherSeeds: TeacherSeed[], studentSeeds: StudentSeed[], studentIds: number[]): Promise<void> {
  const [teacherHash, studentHash, freshmanHash] = await Promise.all([
    hashPassword(DEMO_TEACHER.password),
    hashPassword(DEMO_STUDENT.password),
    hashPassword(DEMO_FRESHMAN.password),
  ]);
  await insertAll(db, users, [
    ...teacherSeeds.map((t) => ({
      login: t.login,
      role: ROLE_TEACHER,
      teacherId: t.id,
      passwordHash: t.demo ? teacherHash : null,
      newsPerms: t.demo,
      passwordChangedAt: t.demo ? sql`now()` : null,
    })),
    ...studentSeeds.map((s, i) => ({
      login: s.login,
      role: ROLE_STUDENT,
      studentId: studentIds[i],
      passwordHash: s.demo === DEMO_STUDENT ? studentHash : s.demo === DEMO_FRESHMAN ? freshmanHash : null,
      mustUpdateCredentials: s.demo === DEMO_FRESHMAN,
      passwordChangedAt: s.demo ? sql`now()` : null,
    })),
  ]);
}

/** The demo university, step by step; the PRNG is drawn in the same order every time (teachers, then students). */
export async function seedUniversity(db: Db, ctx: SeedContext): Promise<void> {
  const prng = new Prng('university');
  const { deptId, specId } = await seedStructure(db);
  const { disciplineId, count: disciplineCount } = await seedDisciplines(db, deptId);
  const groupSeeds = await seedGroups(db, specId);
  const streamOf = await seedStreams(db, specId, groupSeeds);
  await seedRooms(db);
  const teacherSeeds = await seedTeachers(db, prng, deptId);
  const { studentSeeds, studentIds } = await seedStudents(db, prng, groupSeeds, ctx.size);
  await seedAccounts(db, teacherSeeds, studentSeeds, studentIds);
  const teaching = await seedTeaching(db, { specId, disciplineId, streamOf }, groupSeeds, teacherSeeds);

  ctx.log(
    `university: ${FACULTIES.length} faculties, ${SPECIALITIES.length} specialities, ${groupSeeds.length} groups, ` +
      `${teacherSeeds.length} teachers, ${studentSeeds.length} students, ${disciplineCount} disciplines, ` +
      `${teaching.plans} plan rows, ${teaching.assignments} teaching assignments`,
  );
}
