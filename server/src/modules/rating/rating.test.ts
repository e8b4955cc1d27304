/**
 * /api/rating/: the demo student's own rating (his places, the others anonymised, his GPA history),
 * places shared by ties and students without points last, the early warning's thresholds, and the
 * refusals: a teacher for a group he does not teach, a student for any group.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GroupRating, MyRating, RatingGroupItem } from '@contract/rating';
import { groups, journalVisits, notifications, students } from '../../db/schema';
import { currentPeriod } from '../../lib/academic-year';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';
import { ranked } from './rating.compute';
import { notifyNewWarnings } from './rating.warnings';

const clock = testClock();
const fx = useTestApp({ now: clock.now, signIn: ['teacher', 'student', 'admin'], env: { RATING_WARN_ABSENCES_PCT: '30', RATING_WARN_POINTS_PCT: '50' } });

const mine = async () => (await fx.student.post('/api/rating/my.json', {}, 'en')).json().data as MyRating;
const groupRating = async (id: number, who = fx.teacher) => (await who.post('/api/rating/group.json', { id_group: id }, 'en')).json().data as GroupRating;

async function demoGroup() {
  const [g] = await fx.db.database.db.select({ id: groups.id }).from(groups).where(eq(groups.name, 'ПИ-1-24'));
  const list = await fx.db.database.db
    .select({ id: students.id, surname: students.surname, name: students.name })
    .from(students)
    .where(eq(students.groupId, g.id));
  return { id: g.id, students: list };
}

/** Sets every mark (not absences or excused) of the students in the half-year to `mark`. */
async function setMarks(ids: number[], mark: string) {
  const { year, ws } = currentPeriod(clock.now());
  await fx.db.database.db
    .update(journalVisits)
    .set({ mark })
    .where(
      and(
        inArray(journalVisits.studentId, ids),
        eq(journalVisits.academicYearId, year),
        eq(journalVisits.workingSemesterId, ws),
        sql`${journalVisits.mark} is not null and ${journalVisits.mark} not in ('н/б', 'ув')`,
      ),
    );
}

describe('places', () => {
  it('are shared by equal averages and skip after them (1, 2, 2, 4); no average, no place', () => {
    const out = ranked([
      { id: 1, average: 70 },
      { id: 2, average: null },
      { id: 3, average: 90 },
      { id: 4, average: 70 },
      { id: 5, average: 60 },
    ]);
    expect(out.map((x) => [x.id, x.place])).toEqual([
      [3, 1],
      [1, 2],
      [4, 2],
      [5, 4],
      [2, null],
    ]);
  });
});

describe('the rating', () => {
  it("gives a student his own points, places and GPA history, and never another student's name", async () => {
    const res = await fx.student.post('/api/rating/my.json', {}, 'en');
    expect(res.statusCode).toBe(200);
    const r = res.json().data as MyRating;
    expect(r.fio).toBe('Сыдыкова Айпери Талантовна');
    expect(r.group).toBe('ПИ-1-24');
    expect(r.disciplines.length).toBeGreaterThan(0);
    expect(r.groupRows.filter((x) => x.me)).toHaveLength(1);
    expect(r.inGroup.count).toBe(r.groupRows.length);
    expect(r.inCourse.count).toBeGreaterThanOrEqual(r.inGroup.count);
    for (const row of r.groupRows) expect(Object.keys(row).sort()).toEqual(['average', 'me', 'place']);
    const { students: others } = await demoGroup();
    for (const o of others.filter((x) => x.surname !== 'Сыдыкова')) expect(res.body).not.toContain(o.surname);
    // GPA by closed half-year, from the transcript's results.
    expect(r.gpa.length).toBeGreaterThan(0);
    expect(r.gpa[0]).toMatchObject({ id_a_year: 2024, id_w_s: 1 });
    for (const p of r.gpa) expect(p.gpa).toBeGreaterThanOrEqual(0);
  });

  it('shares a place between equal averages and lists students without points last, unranked', async () => {
    const g = await demoGroup();
    const me = (await mine()).fio;
    const [a, b, c] = g.students.filter((s) => !me.startsWith(s.surname));
    await setMarks([a.id, b.id], '5');
    const { year, ws } = currentPeriod(clock.now());
    await fx.db.database.db
      .delete(journalVisits)
      .where(and(eq(journalVisits.studentId, c.id), eq(journalVisits.academicYearId, year), eq(journalVisits.workingSemesterId, ws)));
    const r = await groupRating(g.id);
    const ra = r.students.find((s) => s.id_student === a.id)!;
    const rb = r.students.find((s) => s.id_student === b.id)!;
    expect(ra.average).toBe(100);
    expect(ra.place).toBe(rb.place);
    const next = r.students.find((s) => s.place !== null && s.place > ra.place!);
    if (next) expect(next.place).toBe(ra.place! + 2);
    const last = r.students.at(-1)!;
    expect(last).toMatchObject({ id_student: c.id, place: null, average: null });
    // The student sees the same places, anonymised.
    const my = await mine();
    expect(my.groupRows.filter((x) => x.place === ra.place)).toHaveLength(2);
    expect(my.groupRows.at(-1)).toMatchObject({ place: null, average: null });
    expect(my.inGroup.ranked).toBe(my.inGroup.count - 1);
  });

  it('warns of absences at the threshold and points under it, to the student and his teacher', async () => {
    const g = await demoGroup();
    const me = g.students.find((s) => s.surname === 'Сыдыкова')!;
    await setMarks([me.id], '2');
    const r = await mine();
    expect(r.warnings.filter((w) => w.kind === 'points').map((w) => w.value)).not.toHaveLength(0);
    expect(r.warnings.every((w) => (w.kind === 'points' ? w.value < 50 && w.threshold === 50 : w.value >= 30))).toBe(true);
    const { year, ws } = currentPeriod(clock.now());
    const mineNow = and(eq(journalVisits.studentId, me.id), eq(journalVisits.academicYearId, year), eq(journalVisits.workingSemesterId, ws));
    // Absent from every lesson of one discipline.
    const d = r.disciplines[0];
    await fx.db.database.db
      .update(journalVisits)
      .set({ mark: 'н/б' })
      .where(and(mineNow, eq(journalVisits.disciplineId, d.id_discipline)));
    const after = await mine();
    expect(after.warnings).toContainEqual(expect.objectContaining({ id_discipline: d.id_discipline, kind: 'absences', value: 100, threshold: 30 }));
    const teacherView = await groupRating(g.id);
    const row = teacherView.students.find((s) => s.id_student === me.id)!;
    // His teacher sees the warnings of his own disciplines.
    expect(row.warnings.length).toBeGreaterThan(0);
    expect(row.warnings.every((w) => teacherView.disciplines.some((x) => x.id_discipline === w.id_discipline))).toBe(true);
    expect(teacherView.thresholds).toEqual({ absencesPct: 30, pointsPct: 50 });
    // A student with only good marks and no absences has no warning.
    await fx.db.database.db.update(journalVisits).set({ mark: '5' }).where(mineNow);
    expect((await mine()).warnings).toEqual([]);
  });

  it("shows a teacher his groups and his own disciplines' points with the names", async () => {
    const list = (await fx.teacher.post('/api/rating/groups.json')).json().data as RatingGroupItem[];
    const g = await demoGroup();
    expect(list.map((x) => x.id_group)).toContain(g.id);
    const r = await groupRating(g.id);
    expect(r.group).toBe('ПИ-1-24');
    expect(r.disciplines.map((d) => d.discipline)).toContain('Web Programming');
    expect(r.students.map((s) => s.fio)).toContain('Сыдыкова Айпери Талантовна');
    for (const s of r.students)
      expect(
        Object.keys(s.points)
          .map(Number)
          .every((id) => r.disciplines.some((d) => d.id_discipline === id)),
      ).toBe(true);
  });

  it("refuses a teacher a group he does not teach, and a student any group's rating", async () => {
    const list = (await fx.teacher.post('/api/rating/groups.json')).json().data as RatingGroupItem[];
    const [other] = await fx.db.database.db
      .select({ id: groups.id })
      .from(groups)
      .where(
        notInArray(
          groups.id,
          list.map((x) => x.id_group),
        ),
      )
      .limit(1);
    const refused = await fx.teacher.post('/api/rating/group.json', { id_group: other.id }, 'en');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ result: true, data: null, error: { code: 'FORBIDDEN', message: 'Access denied' } });
    expect((await fx.student.post('/api/rating/groups.json')).statusCode).toBe(403);
    const g = await demoGroup();
    expect((await fx.student.post('/api/rating/group.json', { id_group: g.id })).statusCode).toBe(403);
    expect((await fx.teacher.post('/api/rating/my.json')).statusCode).toBe(403);
    expect((await fx.post('/api/rating/my.json', null)).statusCode).toBe(401);
  });

  it('gives an administrator any group, every discipline', async () => {
    const list = (await fx.admin.post('/api/rating/groups.json')).json().data as RatingGroupItem[];
    const teacherList = (await fx.teacher.post('/api/rating/groups.json')).json().data as RatingGroupItem[];
    expect(list.length).toBeGreaterThan(teacherList.length);
    const other = list.find((x) => !teacherList.some((t) => t.id_group === x.id_group))!;
    expect((await fx.admin.post('/api/rating/group.json', { id_group: other.id_group })).statusCode).toBe(200);
  });

  it('answers bad input 400 naming the field', async () => {
    expect((await fx.teacher.post('/api/rating/group.json', {})).statusCode).toBe(400);
    for (const body of [{ id_group: 'x' }, { id_group: 0 }]) {
      const res = await fx.teacher.post('/api/rating/group.json', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.params).toMatchObject({ field: 'id_group' });
    }
    const g = await demoGroup();
    expect((await fx.admin.post('/api/rating/group.json', { id_group: 2_000_000_000 })).statusCode).toBe(404);
    expect(g.id).toBeGreaterThan(0);
  });
});

describe('the early warning notification', () => {
  it('tells a student of each warning once, in his language, opening his rating', async () => {
    const g = await demoGroup();
    const me = g.students.find((s) => s.surname === 'Сыдыкова')!;
    const { year, ws } = currentPeriod(clock.now());
    const mineNow = and(eq(journalVisits.studentId, me.id), eq(journalVisits.academicYearId, year), eq(journalVisits.workingSemesterId, ws));
    await fx.db.database.db.update(journalVisits).set({ mark: '2' }).where(mineNow);
    const db = fx.db.database.db;
    const ofStudent = () =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, fx.student.user.id), eq(notifications.kind, 'rating.warning')));
    expect(await notifyNewWarnings(fx.app.ctx)).toBeGreaterThan(0);
    const first = await ofStudent();
    expect(first.length).toBeGreaterThan(0);
    expect(first[0]).toMatchObject({ link: '/rating', params: expect.objectContaining({ warning: 'points', disciplineEn: expect.any(String) }) });
    // Swept again: nothing new for him.
    await notifyNewWarnings(fx.app.ctx);
    expect(await ofStudent()).toHaveLength(first.length);
    const list = (await fx.student.post('/api/notifications/list.json', { page: 1 }, 'en')).json();
    expect(JSON.stringify(list)).toContain('rating.warning');
  });
});
