/**
 * /api/rating/ for a faculty's dean's office (docs/areas/rating.md#for-users), as the demo dean signs
 * in: his faculty's groups listed, each rated with every discipline and its students at risk, as an
 * administrator sees it; another faculty's group refused (403, translated); a dean's office who teaches
 * keeps his taught groups (his own disciplines only out of his faculty); the right read on every call;
 * a teacher without the right as before.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRating, RatingGroupItem } from '@contract/rating';
import { groups, specialities, students, users } from '../../db/schema';
import { DEMO_DEAN } from '../../db/seed/data';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';
import { signedIn, type SignedIn } from '../../test/requests';

const clock = testClock();
const fx = useTestApp({ now: clock.now, signIn: ['teacher', 'admin'], env: { RATING_WARN_ABSENCES_PCT: '30', RATING_WARN_POINTS_PCT: '50' } });
const db = () => fx.db.database.db;

const groupsOf = async (who: SignedIn) => ((await who.post('/api/rating/groups.json')).json().data as RatingGroupItem[]).map((g) => g.id_group);
const rating = async (who: SignedIn, id: number) => (await who.post('/api/rating/group.json', { id_group: id }, 'en')).json().data as GroupRating;

let dean: SignedIn;
let faculty: number;

/** The groups with students of a faculty (or of every other faculty). */
async function groupsWithStudents(facultyId: number, same: boolean): Promise<number[]> {
  const rows = await db()
    .select({ id: groups.id })
    .from(groups)
    .innerJoin(specialities, eq(specialities.id, groups.specialityId))
    .where(
      and(
        same ? eq(specialities.facultyId, facultyId) : ne(specialities.facultyId, facultyId),
        sql`exists (select 1 from ${students} where ${students.groupId} = ${groups.id})`,
      ),
    );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

beforeAll(async () => {
  dean = await signedIn(fx.app, DEMO_DEAN.login, DEMO_DEAN.password);
  const [row] = await db().select({ facultyId: users.deanFacultyId }).from(users).where(eq(users.id, dean.user.id));
  faculty = row.facultyId!;
});

describe("a dean's office", () => {
  it("lists his faculty's groups and rates each with every discipline and its students at risk, as an administrator", async () => {
    const own = await groupsWithStudents(faculty, true);
    expect(own.length).toBeGreaterThan(0);
    // The demo dean teaches nothing: his list is his faculty's groups.
    expect([...(await groupsOf(dean))].sort((a, b) => a - b)).toEqual(own);
    // He teaches nothing, so the disciplines and warnings he sees are every discipline's, as an administrator's.
    let rated = 0;
    for (const id of own) {
      const asDean = await rating(dean, id);
      expect(asDean).toEqual(await rating(fx.admin, id));
      if (asDean.disciplines.length > 0) rated++;
      if (rated === 3) break;
    }
    expect(rated).toBeGreaterThan(0);
  });

  it("is refused another faculty's group: 403, in the caller's language", async () => {
    const [other] = await groupsWithStudents(faculty, false);
    expect((await groupsOf(dean)).includes(other)).toBe(false);
    const en = await dean.post('/api/rating/group.json', { id_group: other }, 'en');
    expect(en.statusCode).toBe(403);
    expect(en.json()).toMatchObject({ data: null, error: { code: 'FORBIDDEN', message: 'Access denied' } });
    const ru = await dean.post('/api/rating/group.json', { id_group: other }, 'ru');
    expect(ru.statusCode).toBe(403);
    expect(ru.json().error.message).not.toBe('Access denied');
    expect((await dean.post('/api/rating/group.json', { id_group: 2_000_000_000 })).statusCode).toBe(403);
    expect((await dean.post('/api/rating/my.json')).statusCode).toBe(403);
  });

  it('keeps the groups he teaches: his own disciplines there, every discipline in his faculty', async () => {
    const taught = await groupsOf(fx.teacher);
    const [g] = await db()
      .select({ id: groups.id, facultyId: specialities.facultyId })
      .from(groups)
      .innerJoin(specialities, eq(specialities.id, groups.specialityId))
      .where(eq(groups.id, taught[0]));
    // The demo teacher made the dean's office of another faculty than his taught group's.
    const [elsewhere] = await groupsWithStudents(g.facultyId, false);
    const [other] = await db()
      .select({ id: specialities.facultyId })
      .from(groups)
      .innerJoin(specialities, eq(specialities.id, groups.specialityId))
      .where(eq(groups.id, elsewhere));
    const before = await rating(fx.teacher, g.id);
    await db().update(users).set({ deanFacultyId: other.id }).where(eq(users.id, fx.teacher.user.id));
    try {
      const list = await groupsOf(fx.teacher);
      const ofFaculty = await groupsWithStudents(other.id, true);
      expect([...list].sort((a, b) => a - b)).toEqual([...new Set([...ofFaculty, ...taught])].sort((a, b) => a - b));
      expect(await rating(fx.teacher, g.id)).toEqual(before);
      expect(ofFaculty).toContain(elsewhere);
      expect(await rating(fx.teacher, elsewhere)).toEqual(await rating(fx.admin, elsewhere));
    } finally {
      await db().update(users).set({ deanFacultyId: null }).where(eq(users.id, fx.teacher.user.id));
    }
  });

  it('loses his faculty at the next call once the right is taken away', async () => {
    const [own] = await groupsWithStudents(faculty, true);
    await db().update(users).set({ deanFacultyId: null }).where(eq(users.id, dean.user.id));
    try {
      expect(await groupsOf(dean)).toEqual([]);
      expect((await dean.post('/api/rating/group.json', { id_group: own })).statusCode).toBe(403);
    } finally {
      await db().update(users).set({ deanFacultyId: faculty }).where(eq(users.id, dean.user.id));
    }
    expect((await dean.post('/api/rating/group.json', { id_group: own })).statusCode).toBe(200);
  });
});

describe('nothing else changes', () => {
  it('a teacher without the right: his taught groups, his disciplines, other groups refused; an administrator: every group', async () => {
    const taught = await groupsOf(fx.teacher);
    const all = await groupsOf(fx.admin);
    expect(all.length).toBeGreaterThan(taught.length);
    const other = all.find((id) => !taught.includes(id))!;
    expect((await fx.teacher.post('/api/rating/group.json', { id_group: other })).statusCode).toBe(403);
    expect((await fx.admin.post('/api/rating/group.json', { id_group: other })).statusCode).toBe(200);
    const [mine] = taught;
    const r = await rating(fx.teacher, mine);
    expect(r.disciplines.length).toBeLessThanOrEqual((await rating(fx.admin, mine)).disciplines.length);
  });
});
