/** SQL of the misc calls: photos, positions, menu and app links, faculties of a year. */
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appLinks, departments, faculties, groups, menuLinks, photos, positions, specialities, students, teachers } from '../../db/schema';

export async function findPersonPhoto(db: Db, role: 1 | 2, personId: number) {
  const person = role === 1 ? teachers : students;
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
      position: { nameRu: positions.nameRu, nameKg: positions.nameKg, nameEn: positions.nameEn },
      department: { nameRu: departments.nameRu, nameKg: departments.nameKg, nameEn: departments.nameEn },
    })
    .from(teachers)
    .innerJoin(positions, eq(positions.id, teachers.positionId))
    .innerJoin(departments, eq(departments.id, teachers.departmentId))
    .where(eq(teachers.id, teacherId));
  return row;
}

export async function menuLinksForRole(db: Db, role: number) {
  return db
    .select({ key: menuLinks.key, url: menuLinks.url })
    .from(menuLinks)
    .where(sql`${role} = any(${menuLinks.roles})`)
    .orderBy(asc(menuLinks.id));
}

export async function listAppLinks(db: Db) {
  return db.select().from(appLinks).orderBy(asc(appLinks.sort), asc(appLinks.id));
}

/** Faculties that have groups studying in the academic year starting in `year`. */
export async function facultiesStudyingIn(db: Db, year: number) {
  return db
    .selectDistinct({ id: faculties.id, nameRu: faculties.nameRu, nameKg: faculties.nameKg, nameEn: faculties.nameEn })
    .from(faculties)
    .innerJoin(specialities, eq(specialities.facultyId, faculties.id))
    .innerJoin(groups, eq(groups.specialityId, specialities.id))
    .where(and(lte(groups.admissionYear, year), gt(sql`${groups.admissionYear} + ${specialities.durationYears}`, year)))
    .orderBy(asc(faculties.id));
}
