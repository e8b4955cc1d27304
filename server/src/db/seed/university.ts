/**
 * Seed steps that build the demo university: reference lists, structure, people, accounts,
 * study plans and who teaches what in 2025-26 and 2026-27. Deterministic: the same data every run.
 */
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../shared/credentials/password-hash';
import { ROLE_STUDENT, ROLE_TEACHER } from '../../../../contract/common';
import type { Db } from '../client';
import {
  academicYears,
  appLinks,
  auditoria,
  controlForms,
  curriculum,
  departments,
  disciplines,
  educationForms,
  faculties,
  groups,
  lessonTimes,
  lessonTypes,
  menuLinks,
  photos,
  positions,
  semesters,
  siteSettings,
  specialities,
  streamGroups,
  streams,
  students,
  teachers,
  teachingAssignments,
  users,
  workingSemesters,
} from '../schema';
import { avatarSvg } from './avatar';
import {
  ADMISSION_YEARS,
  APP_LINKS,
  BUILDINGS,
  CONTROL_FORMS,
  CREDIT,
  DEMO_FRESHMAN,
  DEMO_STUDENT,
  DEMO_TEACHER,
  DEPARTMENTS,
  DOCENT,
  EDUCATION_FORMS,
  EMAIL_DOMAIN,
  EXAM,
  FACULTIES,
  FIRST_ACADEMIC_YEAR,
  FULL_TIME,
  GRADED_CREDIT,
  HISTORY_YEARS,
  LAB,
  LAST_ACADEMIC_YEAR,
  LECTURE,
  LECTURER,
  LESSON_TIMES,
  LESSON_TYPES,
  MENU_LINKS,
  PART_TIME,
  PLANS,
  POSITIONS,
  PRACTICE,
  PROFESSOR,
  SENIOR_LECTURER,
  SITE_SETTINGS,
  SPECIALITIES,
  WORKING_SEMESTERS,
  type DepartmentKey,
  type DisciplineSeed,
  type Names,
  type SpecialitySeed,
} from './data';
import { academicYearName } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import { randomPerson, transliterate, type Gender, type PersonName } from './names';
import { hashText, Prng } from './prng';
import type { SeedContext } from './index';

const named = (names: Names) => ({ nameRu: names[0], nameKg: names[1], nameEn: names[2] });

/** Inserts rows in chunks (parameter limits) and returns the inserted ids in order. */
async function insertIds(db: Db, table: PgTable & { id: unknown }, rows: Record<string, unknown>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 400) {
    const chunk = rows.slice(i, i + 400);
    const out = (await db
      .insert(table)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic over tables
      .values(chunk as any)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic over tables
      .returning({ id: (table as any).id })) as { id: number }[];
    ids.push(...out.map((r) => r.id));
  }
  return ids;
}

async function insertAll(db: Db, table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic over tables
  for (let i = 0; i < rows.length; i += 400) await db.insert(table).values(rows.slice(i, i + 400) as any);
}

/** Academic years from..to (ids = first calendar year); existing ones are kept. */
export async function ensureAcademicYears(db: Db, from: number, to: number): Promise<void> {
  const rows = [];
  for (let y = from; y <= to; y++) rows.push({ id: y, name: academicYearName(y), startsOn: `${y}-09-01`, endsOn: `${y + 1}-08-31` });
  await db.insert(academicYears).values(rows).onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------

export async function seedReference(db: Db): Promise<void> {
  await db.insert(educationForms).values(EDUCATION_FORMS.map((f) => ({ id: f.id, ...named(f.names) })));
  await db.insert(lessonTypes).values(LESSON_TYPES.map((f) => ({ id: f.id, ...named(f.names) })));
  await db.insert(controlForms).values(CONTROL_FORMS.map((f) => ({ id: f.id, ...named(f.names) })));
  await db.insert(positions).values(POSITIONS.map((f) => ({ id: f.id, sort: f.id, ...named(f.names) })));
  await db.insert(workingSemesters).values(WORKING_SEMESTERS.map((f) => ({ id: f.id, ...named(f.names) })));
  await db.insert(semesters).values(Array.from({ length: 10 }, (_, i) => ({ id: i + 1, number: i + 1, workingSemesterId: (i % 2) + 1 })));
  await db.insert(lessonTimes).values(LESSON_TIMES.map(([id, startsAt, endsAt]) => ({ id, startsAt, endsAt })));
  await ensureAcademicYears(db, FIRST_ACADEMIC_YEAR, LAST_ACADEMIC_YEAR);
}

export async function seedSite(db: Db): Promise<void> {
  await db.insert(siteSettings).values(Object.entries(SITE_SETTINGS).map(([key, value]) => ({ key, value })));
  await db.insert(menuLinks).values(MENU_LINKS.map((m) => ({ ...m })));
  await db.insert(appLinks).values(APP_LINKS.map((a, i) => ({ ...named(a.names), url: a.url, icon: a.icon, sort: i + 1 })));
}

// ---------------------------------------------------------------------------------------------

const PHONE_PREFIXES = ['555', '550', '551', '700', '701', '702', '705', '707', '770', '772', '777', '990', '995', '999'];

function phone(prng: Prng): string {
  const d = prng.digits(6);
  return `+996 ${prng.pick(PHONE_PREFIXES)} ${d.slice(0, 3)} ${d.slice(3)}`;
}

function birthDate(prng: Prng, year: number): string {
  const month = prng.int(1, 12);
  const day = prng.int(1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Kyrgyz personal number: 1 (female) or 2 (male), birth date DDMMYYYY, five digits. */
function taxId(prng: Prng, gender: Gender, birth: string): string {
  const [y, m, d] = birth.split('-');
  return `${gender === 'f' ? 1 : 2}${d}${m}${y}${prng.digits(5)}`;
}

interface PersonRow extends PersonName {
  birthDate: string;
  citizenship: string;
  taxId: string;
  phone: string;
  email: string;
  education: string;
  photoId?: number;
}

function personDetails(prng: Prng, p: PersonName, birthYear: number, email: string, education: string): PersonRow {
  const birth = birthDate(prng, birthYear);
  return { ...p, birthDate: birth, citizenship: 'Кыргызская Республика', taxId: taxId(prng, p.gender, birth), phone: phone(prng), email, education };
}

/** Gives every person an avatar photo. */
async function attachPhotos(db: Db, people: PersonRow[]): Promise<void> {
  const ids = await insertIds(
    db,
    photos,
    people.map((p) => ({ mime: 'image/svg+xml', bytes: avatarSvg(p.surname, p.name) })),
  );
  people.forEach((p, i) => (p.photoId = ids[i]));
}

const TEACHER_EDUCATION: Record<number, string> = {
  [PROFESSOR]: 'Высшее; доктор наук',
  [DOCENT]: 'Высшее; кандидат наук',
  [SENIOR_LECTURER]: 'Высшее; магистратура',
  [LECTURER]: 'Высшее; магистратура',
};
const TEACHER_BIRTH: Record<number, [number, number]> = {
  [PROFESSOR]: [1954, 1970],
  [DOCENT]: [1965, 1987],
  [SENIOR_LECTURER]: [1975, 1992],
  [LECTURER]: [1988, 1999],
};
/** Positions in a department, in order: a professor, docents, senior lecturers, lecturers. */
const POSITION_LADDER = [PROFESSOR, DOCENT, DOCENT, SENIOR_LECTURER, SENIOR_LECTURER, LECTURER, LECTURER, SENIOR_LECTURER, LECTURER];

/** The study plan entries of a speciality for a semester of study. */
export function planFor(abbr: SpecialitySeed['abbr'], semester: number): DisciplineSeed[] {
  return PLANS[abbr].filter((d) => d.semesters.includes(semester));
}

export function creditsOf(d: DisciplineSeed, semester: number): number {
  if (d.key === 'pe') return 2;
  return 3 + (hashText(`${d.key}:${semester}`) % 4);
}

export function controlOf(d: DisciplineSeed, semester: number): number {
  const last = Math.max(...d.semesters);
  if (semester < last) return CREDIT;
  return d.control ?? (hashText(d.key) % 2 === 0 ? EXAM : GRADED_CREDIT);
}

type Ids<K> = Map<K, number>;

interface GroupSeed {
  name: string;
  spec: SpecialitySeed;
  admissionYear: number;
  educationFormId: number;
  number: number;
  id?: number;
}

interface TeacherSeed {
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
  return teacherSeeds;
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

/** Study plans and teaching assignments for the history years; how many rows of each. */
async function seedTeaching(
  db: Db,
  ids: { specId: Ids<string>; disciplineId: Ids<string>; streamOf: Map<string, number> },
  groupSeeds: GroupSeed[],
  teacherSeeds: TeacherSeed[],
) {
  const { specId, disciplineId, streamOf } = ids;
  const demoTeacher = teacherSeeds.find((t) => t.demo)!;
  const deptTeachers = (key: DepartmentKey) => teacherSeeds.filter((t) => t.department === key && !t.demo);
  const lecturerOf = (d: DisciplineSeed): number => {
    if ((DEMO_TEACHER.disciplines as readonly string[]).includes(d.key)) return demoTeacher.id!;
    const senior = deptTeachers(d.department).filter((t) => t.positionId !== LECTURER);
    return senior[hashText(`lecture:${d.key}`) % senior.length].id!;
  };
  const instructorOf = (d: DisciplineSeed, g: GroupSeed, subgroup: number): number => {
    if ((DEMO_TEACHER.disciplines as readonly string[]).includes(d.key) && g.spec.abbr === 'ПИ') return demoTeacher.id!;
    const all = deptTeachers(d.department);
    return all[hashText(`class:${d.key}:${g.name}:${subgroup}`) % all.length].id!;
  };

  const planRows: Record<string, unknown>[] = [];
  const assignmentRows: Record<string, unknown>[] = [];
  const cohorts = new Map<string, GroupSeed[]>();
  for (const g of groupSeeds) {
    const key = `${g.spec.abbr}:${g.educationFormId}:${g.admissionYear}`;
    cohorts.set(key, [...(cohorts.get(key) ?? []), g]);
  }
  for (const year of HISTORY_YEARS)
    for (const members of cohorts.values()) {
      const { spec, admissionYear, educationFormId } = members[0];
      const course = year - admissionYear + 1;
      if (course < 1 || course > 4) continue;
      const streamId = educationFormId === FULL_TIME ? streamOf.get(`${spec.abbr}:${admissionYear}`) : undefined;
      for (const ws of [1, 2]) {
        const semesterId = (course - 1) * 2 + ws;
        for (const d of planFor(spec.abbr, semesterId)) {
          const credits = creditsOf(d, semesterId);
          const controlFormId = controlOf(d, semesterId);
          const common = { disciplineId: disciplineId.get(d.key), academicYearId: year, workingSemesterId: ws, semesterId, credits, controlFormId };
          planRows.push({
            specialityId: specId.get(spec.abbr),
            educationFormId,
            admissionYear,
            academicYearId: year,
            semesterId,
            disciplineId: disciplineId.get(d.key),
            credits,
            controlFormId,
          });
          if (d.lessons !== 'practice') {
            const lecturer = lecturerOf(d);
            if (streamId) assignmentRows.push({ ...common, teacherId: lecturer, lessonTypeId: LECTURE, streamId, subgroup: 0 });
            else for (const g of members) assignmentRows.push({ ...common, teacherId: lecturer, lessonTypeId: LECTURE, groupId: g.id, subgroup: 0 });
          }
          for (const g of members) {
            if (d.lessons === 'labs' && educationFormId === FULL_TIME) {
              for (const subgroup of [1, 2])
                assignmentRows.push({ ...common, teacherId: instructorOf(d, g, subgroup), lessonTypeId: LAB, groupId: g.id, subgroup });
            } else {
              assignmentRows.push({ ...common, teacherId: instructorOf(d, g, 0), lessonTypeId: PRACTICE, groupId: g.id, subgroup: 0 });
            }
          }
        }
      }
    }
  await insertAll(db, curriculum, planRows);
  await insertAll(db, teachingAssignments, assignmentRows);
  return { plans: planRows.length, assignments: assignmentRows.length };
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
