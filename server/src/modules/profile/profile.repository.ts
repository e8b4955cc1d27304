/** SQL of the profile: a person with department/position (teacher) or group/speciality (student), a photo, a position. */
import { eq, sql } from 'drizzle-orm';
import { preparedStatement, type Db } from '../../db/client';
import { ROLE_TEACHER, type Role } from '@contract/common';
import { departments, educationForms, faculties, groups, photos, positions, specialities, students, teachers, users } from '../../db/schema';
import { nameColumns } from '../../shared/names';
import { personNameColumns } from '../../shared/account-person';

const personColumns = (t: typeof teachers | typeof students) => ({
  ...personNameColumns(t),
  gender: t.gender,
  birthDate: t.birthDate,
  nationality: t.nationality,
  citizenship: t.citizenship,
  taxId: t.taxId,
  phone: t.phone,
  email: t.email,
  education: t.education,
});

const accountColumns = { login: users.login, googleSub: users.googleSub };

const teacherProfileQuery = preparedStatement((db) =>
  db
    .select({
      ...personColumns(teachers),
      ...accountColumns,
      department: nameColumns(departments),
      faculty: nameColumns(faculties),
      position: nameColumns(positions),
    })
    .from(teachers)
    .innerJoin(users, eq(users.teacherId, teachers.id))
    .innerJoin(departments, eq(departments.id, teachers.departmentId))
    .innerJoin(faculties, eq(faculties.id, departments.facultyId))
    .innerJoin(positions, eq(positions.id, teachers.positionId))
    .where(eq(teachers.id, sql.placeholder('id')))
    .prepare('profile_teacher'),
);

export async function findTeacherProfile(db: Db, teacherId: number) {
  const [row] = await teacherProfileQuery(db).execute({ id: teacherId });
  return row;
}

const studentProfileQuery = preparedStatement((db) =>
  db
    .select({
      ...personColumns(students),
      ...accountColumns,
      code: students.code,
      admissionYear: students.admissionYear,
      group: groups.name,
      durationYears: specialities.durationYears,
      speciality: nameColumns(specialities),
      faculty: nameColumns(faculties),
      educationForm: nameColumns(educationForms),
    })
    .from(students)
    .innerJoin(users, eq(users.studentId, students.id))
    .innerJoin(groups, eq(groups.id, students.groupId))
    .innerJoin(specialities, eq(specialities.id, groups.specialityId))
    .innerJoin(faculties, eq(faculties.id, specialities.facultyId))
    .innerJoin(educationForms, eq(educationForms.id, students.educationFormId))
    .where(eq(students.id, sql.placeholder('id')))
    .prepare('profile_student'),
);

export async function findStudentProfile(db: Db, studentId: number) {
  const [row] = await studentProfileQuery(db).execute({ id: studentId });
  return row;
}

export async function findPersonPhoto(db: Db, role: Role, personId: number) {
  const person = role === ROLE_TEACHER ? teachers : students;
  const [row] = await db
    .select({ mime: photos.mime, bytes: photos.bytes })
    .from(person)
    .innerJoin(photos, eq(photos.id, person.photoId))
    .where(eq(person.id, personId));
  return row;
}

export async function findTeacherPosition(db: Db, teacherId: number) {
  const [row] = await db
    .select({
      position: nameColumns(positions),
      department: nameColumns(departments),
    })
    .from(teachers)
    .innerJoin(positions, eq(positions.id, teachers.positionId))
    .innerJoin(departments, eq(departments.id, teachers.departmentId))
    .where(eq(teachers.id, teacherId));
  return row;
}
