/** SQL of the personal card: the person behind an account, a student's history and documents, a teacher's disciplines, the card's changes. */
import { and, asc, desc, eq, ilike, max, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  disciplines,
  groups,
  photos,
  students,
  swDocTypes,
  swOrderHistory,
  swOrders,
  teachers,
  teachingAssignments,
  transcriptRevocations,
  users,
} from '../../db/schema';
import { nameColumns } from '../../shared/names';
import { accountGroup, accountPersonName, accountPosition, joinAccountPerson, joinAccountPlace } from '../../shared/account-person';
import { joinStudentRecord, joinTeacherRecord, personDetailColumns, studentRecordColumns, teacherRecordColumns } from '../../shared/person-record';
import { ORDER_PREPARED } from '@contract/singlewindow';
import type { CardField } from '@contract/personalcard';
import { cardChanges, educationEvents } from './personalcard.schema';

/** The account and the person it is (a teacher or a student), with the admin right. */
export async function findAccount(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      login: users.login,
      role: users.role,
      teacherId: users.teacherId,
      studentId: users.studentId,
      admin: users.admin,
      disabled: users.disabled,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

const personColumns = (t: typeof teachers | typeof students) => ({ ...personDetailColumns(t), photoMime: photos.mime, photoBytes: photos.bytes });

export async function findStudent(db: Db, studentId: number) {
  const [row] = await joinStudentRecord(
    db
      .select({ ...personColumns(students), code: students.code, ...studentRecordColumns() })
      .from(students)
      .leftJoin(photos, eq(photos.id, students.photoId))
      .$dynamic(),
  ).where(eq(students.id, studentId));
  return row;
}

export async function findTeacher(db: Db, teacherId: number) {
  const [row] = await joinTeacherRecord(
    db
      .select({ ...personColumns(teachers), ...teacherRecordColumns() })
      .from(teachers)
      .leftJoin(photos, eq(photos.id, teachers.photoId))
      .$dynamic(),
  ).where(eq(teachers.id, teacherId));
  return row;
}

/** The disciplines of a teacher's assignments in a half-year, each once, by name. */
export function teacherDisciplines(db: Db, teacherId: number, year: number, ws: number) {
  return db
    .selectDistinct(nameColumns(disciplines))
    .from(teachingAssignments)
    .innerJoin(disciplines, eq(disciplines.id, teachingAssignments.disciplineId))
    .where(and(eq(teachingAssignments.teacherId, teacherId), eq(teachingAssignments.academicYearId, year), eq(teachingAssignments.workingSemesterId, ws)))
    .orderBy(asc(disciplines.nameRu));
}

const groupFrom = alias(groups, 'group_from');
const groupTo = alias(groups, 'group_to');

/** A student's education history, oldest first. */
export function history(db: Db, studentId: number) {
  return db
    .select({
      id: educationEvents.id,
      kind: educationEvents.kind,
      date: educationEvents.date,
      orderNumber: educationEvents.orderNumber,
      orderDate: educationEvents.orderDate,
      groupFrom: groupFrom.name,
      groupTo: groupTo.name,
      note: educationEvents.note,
    })
    .from(educationEvents)
    .leftJoin(groupFrom, eq(groupFrom.id, educationEvents.groupFromId))
    .leftJoin(groupTo, eq(groupTo.id, educationEvents.groupToId))
    .where(eq(educationEvents.studentId, studentId))
    .orderBy(asc(educationEvents.date), asc(educationEvents.id));
}

/** A student's single-window orders that were issued (prepared), with when they were ordered and issued; newest first. */
export function issuedOrders(db: Db, studentId: number) {
  const issuedAt = max(swOrderHistory.at);
  return db
    .select({ id: swOrders.id, docType: nameColumns(swDocTypes), orderedAt: swOrders.createdAt, issuedAt })
    .from(swOrders)
    .innerJoin(swDocTypes, eq(swDocTypes.id, swOrders.docTypeId))
    .leftJoin(swOrderHistory, and(eq(swOrderHistory.orderId, swOrders.id), eq(swOrderHistory.status, ORDER_PREPARED)))
    .where(and(eq(swOrders.studentId, studentId), eq(swOrders.status, ORDER_PREPARED)))
    .groupBy(swOrders.id, swDocTypes.id)
    .orderBy(desc(swOrders.id));
}

export async function transcriptsRevokedAt(db: Db, studentId: number) {
  const [row] = await db.select({ at: transcriptRevocations.revokedAt }).from(transcriptRevocations).where(eq(transcriptRevocations.studentId, studentId));
  return row?.at ?? null;
}

/** The changes of an account's card, newest first, with the name of whoever made each. */
export function changes(db: Db, userId: number) {
  return joinAccountPerson(
    db
      .select({
        field: cardChanges.field,
        oldValue: cardChanges.oldValue,
        newValue: cardChanges.newValue,
        at: cardChanges.at,
        login: users.login,
        ...accountPersonName,
      })
      .from(cardChanges)
      .leftJoin(users, eq(users.id, cardChanges.byUserId))
      .$dynamic(),
  )
    .where(eq(cardChanges.userId, userId))
    .orderBy(desc(cardChanges.at), desc(cardChanges.id));
}

/** Sets a contact of the person behind an account. */
export async function setContact(db: Db, person: { teacherId: number | null; studentId: number | null }, field: CardField, value: string | null) {
  if (person.teacherId !== null)
    await db
      .update(teachers)
      .set({ [field]: value })
      .where(eq(teachers.id, person.teacherId));
  else if (person.studentId !== null)
    await db
      .update(students)
      .set({ [field]: value })
      .where(eq(students.id, person.studentId));
}

export async function insertChange(db: Db, row: typeof cardChanges.$inferInsert) {
  await db.insert(cardChanges).values(row);
}

export function groupList(db: Db) {
  return db.select({ id: groups.id, name: groups.name }).from(groups).orderBy(asc(groups.name));
}

export async function findGroup(db: Db, groupId: number) {
  const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId));
  return row;
}

export async function studentGroup(db: Db, studentId: number) {
  const [row] = await db.select({ groupId: students.groupId }).from(students).where(eq(students.id, studentId)).for('update');
  return row?.groupId;
}

export async function insertEvent(db: Db, row: typeof educationEvents.$inferInsert) {
  await db.insert(educationEvents).values(row);
}

export async function moveStudent(db: Db, studentId: number, groupId: number) {
  await db.update(students).set({ groupId }).where(eq(students.id, studentId));
}

/** Accounts whose login or person's name contains the text, at most `limit`. */
export function search(db: Db, text: string, limit: number) {
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return joinAccountPlace(
    joinAccountPerson(
      db
        .select({ userId: users.id, login: users.login, role: users.role, ...accountPersonName, position: accountPosition(), group: accountGroup() })
        .from(users)
        .$dynamic(),
    ),
  )
    .where(
      or(
        ilike(users.login, like),
        ilike(teachers.surname, like),
        ilike(students.surname, like),
        ilike(sql`${teachers.surname} || ' ' || ${teachers.name}`, like),
        ilike(sql`${students.surname} || ' ' || ${students.name}`, like),
      ),
    )
    .orderBy(asc(users.login))
    .limit(limit);
}
