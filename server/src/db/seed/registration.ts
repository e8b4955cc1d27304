/**
 * Seed steps 0013-registration, 0014-payment and 0015-transcript: the current half-year's
 * registration (open for four weeks, 30 credits at most) with the study plan's disciplines and six
 * electives in two subgroups each; the paid services; and the final results of every half-year
 * before the current one for the demo student's group, so the demo transcript is full. Step
 * 0017-registration-plan-slots then places the study plan's subgroups where their students have no
 * lesson (fitPlanSubgroups).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../client';
import { currentPeriod } from '../../lib/academic-year';
import type { Db } from '../client';
import {
  curriculum,
  disciplines,
  finalResults,
  gradeScale,
  groups,
  regOfferings,
  registrationPeriods,
  regSubgroups,
  semesters,
  siteSettings,
  specialities,
  students,
  teachers,
  teachingAssignments,
} from '../schema';
import { DEMO_STUDENT, DEMO_TEACHER, EMAIL_DOMAIN, LAB, PRACTICE } from './data';
import type { SeedContext } from './index';
import { Prng } from './prng';
import { GRADE_SCALE } from '../../shared/grade-scale';
import { entriesOfStudent } from '../../shared/timetable.repository';
import { controlOf, creditsOf, planFor } from './plans';

export const REGISTRATION_CREDIT_LIMIT = 30;
export const REGISTRATION_OPEN_DAYS = 28;
/** Electives offered to every speciality (by English name), with their seats per subgroup. */
export const ELECTIVES = ['Cloud Computing', 'Information Security', 'Rhetoric', 'Taxes and Taxation', 'Latin', 'Stylistics'];
export const ELECTIVE_SEATS = 30;
const PLAN_SEATS = 40;

/** The university's contacts and the registrar who signs transcripts (site settings). */
export const TRANSCRIPT_SETTINGS: Record<string, string> = {
  university_address_ru: 'Кыргызская Республика, 720001, г. Бишкек, пр. Чуй, 100',
  university_address_kg: 'Кыргыз Республикасы, 720001, Бишкек ш., Чүй пр., 100',
  university_address_en: '100 Chui Avenue, Bishkek 720001, Kyrgyz Republic',
  university_phone: '+996 312 000 100',
  university_email: `registrar@${EMAIL_DOMAIN}`,
  registrar_name: 'Абдыкадырова Гүлнара Сапарбековна',
  registrar_position_ru: 'Начальник учебного отдела',
  registrar_position_kg: 'Окуу бөлүмүнүн башчысы',
  registrar_position_en: 'Head of the Registrar’s Office',
};

async function demoGroup(db: Db) {
  const [g] = await db
    .select({ id: groups.id, admissionYear: groups.admissionYear, specialityId: groups.specialityId })
    .from(groups)
    .where(eq(groups.name, DEMO_STUDENT.group));
  return g;
}

export async function seedRegistration(db: Db, ctx: SeedContext): Promise<void> {
  const { year, ws } = currentPeriod(ctx.now);
  await db.insert(registrationPeriods).values({
    academicYearId: year,
    workingSemesterId: ws,
    // Opened a week ago: the demo's registration is open now.
    opensAt: new Date(ctx.now.getTime() - 7 * 86_400_000),
    closesAt: new Date(ctx.now.getTime() + REGISTRATION_OPEN_DAYS * 86_400_000),
    creditLimit: REGISTRATION_CREDIT_LIMIT,
  });
  // The study plan's disciplines of the half-year, one offering per speciality, semester and discipline.
  const plan = await db
    .selectDistinct({
      specialityId: curriculum.specialityId,
      semesterId: curriculum.semesterId,
      disciplineId: curriculum.disciplineId,
      credits: curriculum.credits,
      controlFormId: curriculum.controlFormId,
    })
    .from(curriculum)
    .innerJoin(semesters, eq(semesters.id, curriculum.semesterId))
    .where(and(eq(curriculum.academicYearId, year), eq(semesters.workingSemesterId, ws)))
    .orderBy(asc(curriculum.specialityId), asc(curriculum.semesterId), asc(curriculum.disciplineId));
  const seen = new Set<string>();
  const offeringRows = plan.filter((p) => {
    const key = `${p.specialityId}:${p.semesterId}:${p.disciplineId}`;
    return !seen.has(key) && seen.add(key);
  });
  const planIds = offeringRows.length
    ? await db
        .insert(regOfferings)
        .values(offeringRows.map((p) => ({ ...p, academicYearId: year, workingSemesterId: ws, isElective: false, descGroupNum: 1 })))
        .returning({ id: regOfferings.id, disciplineId: regOfferings.disciplineId, semesterId: regOfferings.semesterId })
    : [];
  // Their subgroups: the teachers of the discipline's practice or labs that half-year (or of any type), in an evening slot.
  const given = await db
    .selectDistinct({
      disciplineId: teachingAssignments.disciplineId,
      semesterId: teachingAssignments.semesterId,
      teacherId: teachingAssignments.teacherId,
      lessonTypeId: teachingAssignments.lessonTypeId,
    })
    .from(teachingAssignments)
    .where(
      and(
        eq(teachingAssignments.academicYearId, year),
        eq(teachingAssignments.workingSemesterId, ws),
        inArray(teachingAssignments.lessonTypeId, [PRACTICE, LAB]),
      ),
    )
    .orderBy(asc(teachingAssignments.teacherId));
  const subgroupRows: (typeof regSubgroups.$inferInsert)[] = [];
  for (const o of planIds) {
    const teachersOf = [...new Set(given.filter((g) => g.disciplineId === o.disciplineId && g.semesterId === o.semesterId).map((g) => g.teacherId))].slice(
      0,
      2,
    );
    teachersOf.forEach((teacherId, i) => {
      const lessonTypeId = given.find((g) => g.teacherId === teacherId && g.disciplineId === o.disciplineId)!.lessonTypeId;
      subgroupRows.push({ offeringId: o.id, teacherId, lessonTypeId, number: i + 1, capacity: PLAN_SEATS, dayNumber: 6, lessonTimeId: 1 + i });
    });
  }
  // Electives: subgroup 1 at a time the demo group is free, subgroup 2 at one of its lessons (when it has any).
  const group = await demoGroup(db);
  const [demo] = group
    ? await db
        .select({ id: students.id })
        .from(students)
        .where(and(eq(students.groupId, group.id), eq(students.surname, DEMO_STUDENT.person.surname)))
    : [];
  const busy = demo ? (await entriesOfStudent(db, demo.id, year, ws)).map((e) => ({ day: e.dayNumber, time: e.lessonTimeId })) : [];
  const isBusy = (day: number, time: number) => busy.some((b) => b.day === day && b.time === time);
  const free: Array<[number, number]> = [];
  for (const time of [7, 6, 5, 4, 3, 2, 1]) for (let day = 1; day <= 6; day++) if (!isBusy(day, time)) free.push([day, time]);
  const [demoTeacher] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(eq(teachers.surname, DEMO_TEACHER.person.surname), eq(teachers.name, DEMO_TEACHER.person.name)));
  const electiveDisciplines = await db
    .select({ id: disciplines.id, nameEn: disciplines.nameEn, departmentId: disciplines.departmentId })
    .from(disciplines)
    .where(inArray(disciplines.nameEn, ELECTIVES));
  const [semester] = await db.select({ id: semesters.id }).from(semesters).where(eq(semesters.workingSemesterId, ws)).orderBy(asc(semesters.number)).limit(1);
  for (const [i, name] of ELECTIVES.entries()) {
    const d = electiveDisciplines.find((e) => e.nameEn === name);
    if (!d) continue;
    const [offering] = await db
      .insert(regOfferings)
      .values({
        academicYearId: year,
        workingSemesterId: ws,
        semesterId: semester.id,
        disciplineId: d.id,
        specialityId: null,
        credits: 3,
        controlFormId: 2,
        isElective: true,
        descGroupNum: 2,
      })
      .returning({ id: regOfferings.id });
    const staff = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.departmentId, d.departmentId)).orderBy(asc(teachers.id)).limit(3);
    const others = staff.filter((t) => t.id !== demoTeacher?.id);
    const first = i === 0 && demoTeacher ? demoTeacher.id : others[0].id;
    const second = others[1]?.id ?? others[0].id;
    const [day, time] = free[i % free.length] ?? [6, 7];
    const clash = busy[i % Math.max(busy.length, 1)] ?? { day: 6, time: 7 };
    subgroupRows.push({
      offeringId: offering.id,
      teacherId: first,
      lessonTypeId: PRACTICE,
      number: 1,
      capacity: ELECTIVE_SEATS,
      dayNumber: day,
      lessonTimeId: time,
    });
    subgroupRows.push({
      offeringId: offering.id,
      teacherId: second,
      lessonTypeId: PRACTICE,
      number: 2,
      capacity: ELECTIVE_SEATS,
      dayNumber: clash.day,
      lessonTimeId: clash.time,
    });
  }
  for (let i = 0; i < subgroupRows.length; i += 500) await db.insert(regSubgroups).values(subgroupRows.slice(i, i + 500));
  // Electives are open to students from their third year on.
  await db.execute(sql`
    insert into elective_permissions (student_id, academic_year_id, working_semester_id)
    select s.id, ${year}, ${ws} from students s join groups g on g.id = s.group_id where ${year} - g.admission_year + 1 >= 3`);
  ctx.log(`registration: ${planIds.length} plan disciplines, ${ELECTIVES.length} electives, ${subgroupRows.length} subgroups`);
}

/**
 * Weekly slots a plan subgroup may take, [day, lesson time]: the day's pairs after the morning's
 * lectures first, Monday to Saturday, the evening pairs (where the electives are) last.
 */
const PLAN_SLOTS: ReadonlyArray<readonly [number, number]> = [4, 5, 3, 2, 1, 6, 7].flatMap((time) => [1, 2, 3, 4, 5, 6].map((day) => [day, time] as const));

/**
 * Step 0017-registration-plan-slots: every study plan subgroup nobody has registered for moves to a
 * weekly slot free for its students and its teacher, so that a student can register his whole plan.
 * Its students are the groups of the offering's speciality admitted in the year its semester says
 * (their lessons, their streams' included, are busy); the plan's subgroups of one speciality and
 * semester take distinct slots (any choice of them fits together, the ones already registered for
 * keep theirs), and the teacher is not given a slot of his own lessons or other subgroups. A subgroup
 * for which no slot is left keeps its own.
 */
export async function fitPlanSubgroups(db: Db, ctx: SeedContext): Promise<void> {
  const subgroups = await rowsOf<{
    id: number;
    teacherId: number;
    day: number;
    time: number;
    year: number;
    ws: number;
    specialityId: number;
    semesterId: number;
    held: boolean;
  }>(
    db,
    sql`select rs.id, rs.teacher_id as "teacherId", rs.day_number as day, rs.lesson_time_id as time, o.academic_year_id as year,
        o.working_semester_id as ws, o.speciality_id as "specialityId", o.semester_id as "semesterId",
        exists (select 1 from registrations r where r.subgroup_id = rs.id) as held
      from reg_subgroups rs join reg_offerings o on o.id = rs.offering_id
      where not o.is_elective and o.speciality_id is not null
      order by o.academic_year_id, o.working_semester_id, o.speciality_id, o.semester_id, o.id, rs.number`,
  );
  const lessons = await rowsOf<{ year: number; ws: number; day: number; time: number; teacherId: number; specialityId: number; admissionYear: number }>(
    db,
    sql`select e.academic_year_id as year, e.working_semester_id as ws, e.day_number as day, e.lesson_time_id as time, e.teacher_id as "teacherId",
        g.speciality_id as "specialityId", g.admission_year as "admissionYear"
      from schedule_entries e join groups g on g.id = e.group_id
        or exists (select 1 from stream_groups sg where sg.stream_id = e.stream_id and sg.group_id = g.id)`,
  );
  const electives = await rowsOf<{ year: number; ws: number; day: number; time: number; teacherId: number }>(
    db,
    sql`select o.academic_year_id as year, o.working_semester_id as ws, rs.day_number as day, rs.lesson_time_id as time, rs.teacher_id as "teacherId"
      from reg_subgroups rs join reg_offerings o on o.id = rs.offering_id where o.is_elective`,
  );
  const slot = (year: number, ws: number, day: number, time: number) => `${year}:${ws}:${day}:${time}`;
  // The teachers' busy slots: their lessons, electives and registered-for subgroups, then each place given.
  const teacherBusy = new Map<number, Set<string>>();
  const teacherSlots = (id: number) => teacherBusy.get(id) ?? teacherBusy.set(id, new Set()).get(id)!;
  for (const x of [...lessons, ...electives, ...subgroups.filter((g) => g.held)]) teacherSlots(x.teacherId).add(slot(x.year, x.ws, x.day, x.time));
  const cohorts = new Map<string, typeof subgroups>();
  for (const g of subgroups) {
    const key = `${g.year}:${g.ws}:${g.specialityId}:${g.semesterId}`;
    cohorts.set(key, [...(cohorts.get(key) ?? []), g]);
  }
  let moved = 0;
  for (const members of cohorts.values()) {
    const { year, ws, specialityId, semesterId } = members[0];
    const admissionYear = year - (semesterId - ws) / 2;
    const busy = new Set(
      lessons
        .filter((l) => l.year === year && l.ws === ws && l.specialityId === specialityId && l.admissionYear === admissionYear)
        .map((l) => `${l.day}:${l.time}`),
    );
    for (const g of members) if (g.held) busy.add(`${g.day}:${g.time}`);
    for (const g of members.filter((m) => !m.held)) {
      const mine = teacherSlots(g.teacherId);
      const open = PLAN_SLOTS.filter(([day, time]) => !busy.has(`${day}:${time}`));
      const [day, time] = open.find(([d, t]) => !mine.has(slot(year, ws, d, t))) ?? open[0] ?? [g.day, g.time];
      busy.add(`${day}:${time}`);
      mine.add(slot(year, ws, day, time));
      if (day === g.day && time === g.time) continue;
      await db.execute(sql`update reg_subgroups set day_number = ${day}, lesson_time_id = ${time} where id = ${g.id}`);
      moved++;
    }
  }
  ctx.log(`registration: ${moved} of ${subgroups.length} plan subgroups placed where their students and teacher are free`);
}

/** The grade scale (points to grades): every portal needs it (the empty one too, ./empty.ts). */
export async function seedGradeScale(db: Db): Promise<void> {
  await db.insert(gradeScale).values(
    GRADE_SCALE.map((b) => ({
      minPoints: b.min,
      maxPoints: b.max,
      ekvNum: b.ekvNum,
      ekvBukv: b.ekvBukv,
      nameRu: b.names[0],
      nameKg: b.names[1],
      nameEn: b.names[2],
    })),
  );
}

/** Final results of the demo student's group for every half-year before the current one. */
export async function seedTranscript(db: Db, ctx: SeedContext): Promise<void> {
  await db
    .insert(siteSettings)
    .values(Object.entries(TRANSCRIPT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  await seedGradeScale(db);
  const group = await demoGroup(db);
  if (!group) return;
  const [spec] = await db.select({ abbr: specialities.abbr }).from(specialities).where(eq(specialities.id, group.specialityId));
  const now = currentPeriod(ctx.now);
  const members = await db.select({ id: students.id }).from(students).where(eq(students.groupId, group.id)).orderBy(asc(students.id));
  const all = await db.select({ id: disciplines.id, nameEn: disciplines.nameEn }).from(disciplines);
  const idOf = new Map(all.map((d) => [d.nameEn, d.id]));
  const prng = new Prng('0014-transcript');
  const rows: (typeof finalResults.$inferInsert)[] = [];
  for (let semester = 1; semester <= 8; semester++) {
    const year = group.admissionYear + Math.floor((semester - 1) / 2);
    const ws = semester % 2 === 1 ? 1 : 2;
    if (year > now.year || (year === now.year && ws >= now.ws)) break;
    for (const d of planFor(spec.abbr as Parameters<typeof planFor>[0], semester)) {
      const disciplineId = idOf.get(d.names[2]);
      if (!disciplineId) continue;
      for (const m of members) {
        const points = Math.min(100, Math.round(55 + prng.next() * 30 + prng.next() * 15));
        rows.push({
          studentId: m.id,
          disciplineId,
          academicYearId: year,
          workingSemesterId: ws,
          semesterId: semester,
          credits: creditsOf(d, semester),
          controlFormId: controlOf(d, semester),
          points,
          enteredAt: new Date(`${ws === 1 ? year + 1 : year + 1}-${ws === 1 ? '01' : '06'}-20T06:00:00Z`),
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(finalResults).values(rows.slice(i, i + 1000));
  ctx.log(`transcript: ${GRADE_SCALE.length} scale bands, ${rows.length} final results`);
}
