/**
 * A person's record as the profile and the personal card read it: a student's group, speciality,
 * faculty and form of education; a teacher's position, department and faculty. `joinStudentRecord`
 * and `joinTeacherRecord` add the joins to a query already on `students` or `teachers` (made
 * `$dynamic()`); the column sets select what they give. Inner joins: every student has a group and a
 * form of education, every teacher a position and a department.
 */
import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { departments, educationForms, faculties, groups, positions, specialities, students, teachers } from '../db/schema';
import { nameColumns } from './names';
import { personNameColumns } from './account-person';

/** The person's own fields both screens show (name parts, gender, birth date, contacts). */
export const personDetailColumns = (t: typeof teachers | typeof students) => ({
  ...personNameColumns(t),
  gender: t.gender,
  birthDate: t.birthDate,
  phone: t.phone,
  email: t.email,
});

/** students → group → speciality → faculty, and the form of education. */
export function joinStudentRecord<Q extends PgSelect>(query: Q) {
  return query
    .innerJoin(groups, eq(groups.id, students.groupId))
    .innerJoin(specialities, eq(specialities.id, groups.specialityId))
    .innerJoin(faculties, eq(faculties.id, specialities.facultyId))
    .innerJoin(educationForms, eq(educationForms.id, students.educationFormId));
}

/** What joinStudentRecord gives. */
export const studentRecordColumns = () => ({
  group: groups.name,
  speciality: nameColumns(specialities),
  faculty: nameColumns(faculties),
  educationForm: nameColumns(educationForms),
});

/** teachers → position, department → faculty. */
export function joinTeacherRecord<Q extends PgSelect>(query: Q) {
  return query
    .innerJoin(positions, eq(positions.id, teachers.positionId))
    .innerJoin(departments, eq(departments.id, teachers.departmentId))
    .innerJoin(faculties, eq(faculties.id, departments.facultyId));
}

/** What joinTeacherRecord gives. */
export const teacherRecordColumns = () => ({
  position: nameColumns(positions),
  department: nameColumns(departments),
  faculty: nameColumns(faculties),
});
