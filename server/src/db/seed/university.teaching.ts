/** The demo university's study plans and who teaches what in its history years (a step of seedUniversity, university.ts). */
import type { Db } from '../client';
import { curriculum, teachingAssignments } from '../schema';
import { DEMO_TEACHER, FULL_TIME, HISTORY_YEARS, LAB, LECTURE, LECTURER, PRACTICE, type DepartmentKey } from './data';
import { controlOf, creditsOf, planFor, type DisciplineSeed } from './plans';
import { hashText } from './prng';
import { insertAll } from './rows';
import type { GroupSeed, Ids, TeacherSeed } from './university';

/** Study plans and teaching assignments for the history years; how many rows of each. */
export async function seedTeaching(
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
