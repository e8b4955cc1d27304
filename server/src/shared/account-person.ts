/**
 * The person behind an account, as repositories join it: a user is a teacher (with a position) or a
 * student (in a group). `joinAccountPerson` adds users → teachers and users → students, and
 * `joinAccountPlace` the teacher's position and the student's group after them; the column sets
 * select what each side gives (the name of whichever the account is, a teacher's position names, a
 * student's group name). Every join is a left join: an account has one of the two.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { groups, positions, students, teachers, users } from '../db/schema';
import { nameColumns } from './names';

/** users → teachers and users → students (for a query already on `users`, made `$dynamic()`). */
export function joinAccountPerson<Q extends PgSelect>(query: Q) {
  return query.leftJoin(teachers, eq(teachers.id, users.teacherId)).leftJoin(students, eq(students.id, users.studentId));
}

/** The teacher's position and the student's group (after joinAccountPerson). */
export function joinAccountPlace<Q extends PgSelect>(query: Q) {
  return query.leftJoin(positions, eq(positions.id, teachers.positionId)).leftJoin(groups, eq(groups.id, students.groupId));
}

/** The account's person: its teacher id or student id. */
export const accountPersonId = sql<number>`coalesce(${users.teacherId}, ${users.studentId})`;

/** The account's person's name, teacher or student. */
export const accountPersonName = {
  surname: sql<string>`coalesce(${teachers.surname}, ${students.surname})`,
  name: sql<string>`coalesce(${teachers.name}, ${students.name})`,
  patronymic: sql<string | null>`coalesce(${teachers.patronymic}, ${students.patronymic})`,
};

/** A teacher's or a student's name parts as columns of its own table. */
export const personNameColumns = (t: typeof teachers | typeof students) => ({ surname: t.surname, name: t.name, patronymic: t.patronymic });

/** The teacher's position in the three languages (null names for a student). */
export const accountPosition = () => nameColumns(positions);

/** The student's group name (null for a teacher). */
export const accountGroup = () => groups.name;
