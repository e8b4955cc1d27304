/** SQL of the profile: a person with department/position (teacher) or group/speciality (student), a photo, a position. */
import { eq, sql } from 'drizzle-orm';
import { preparedStatement, type Db } from '../../db/client';
import { ROLE_TEACHER, type Role } from '@contract/common';
import { departments, photos, positions, specialities, students, teachers, users } from '../../db/schema';
import { nameColumns } from '../../shared/names';
import { joinStudentRecord, joinTeacherRecord, personDetailColumns, studentRecordColumns, teacherRecordColumns } from '../../shared/person-record';

const personColumns = (t: typeof teachers | typeof students) => ({
  ...personDetailColumns(t),
  nationality: t.nationality,
  citizenship: t.citizenship,
  taxId: t.taxId,
  education: t.education,
});

const accountColumns = { login: users.login, googleSub: users.googleSub };

const teacherProfileQuery = preparedStatement((db) =>
  joinTeacherRecord(
    db
      .select({ ...personColumns(teachers), ...accountColumns, ...teacherRecordColumns() })
      .from(teachers)
      .innerJoin(users, eq(users.teacherId, teachers.id))
      .$dynamic(),
  )
    .where(eq(teachers.id, sql.placeholder('id')))
    .prepare('profile_teacher'),
);

export async function findTeacherProfile(db: Db, teacherId: number) {
  const [row] = await teacherProfileQuery(db).execute({ id: teacherId });
  return row;
}

const studentProfileQuery = preparedStatement((db) =>
  joinStudentRecord(
    db
      .select({
        ...personColumns(students),
        ...accountColumns,
        code: students.code,
        admissionYear: students.admissionYear,
        durationYears: specialities.durationYears,
        ...studentRecordColumns(),
      })
      .from(students)
      .innerJoin(users, eq(users.studentId, students.id))
      .$dynamic(),
  )
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
