/**
 * /api/workload/ for a faculty's dean's office (docs/areas/workload.md#for-users), as the demo dean
 * signs in: the departments of his faculty offered, their teachers and workloads given; another
 * faculty's department or teacher refused (403), an unknown teacher 404; the right read on every call;
 * an administrator and a teacher without the right as before.
 */
import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WorkloadOptions } from '@contract/workload';
import type { IdName } from '@contract/common';
import { departments, teachers, users } from '../../db/schema';
import { DEMO_DEAN } from '../../db/seed/data';
import { currentPeriod } from '../../lib/academic-year';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';
import { signedIn, type SignedIn } from '../../test/requests';

const clock = testClock();
const fx = useTestApp({ now: clock.now, signIn: ['teacher', 'admin'] });
const db = () => fx.db.database.db;

let dean: SignedIn;
let faculty: number;
let ownDepartments: number[];
let otherDepartment: number;
let otherTeacher: number;

const period = () => {
  const { year, ws } = currentPeriod(clock.now());
  return { id_a_year: year, id_w_s: ws };
};

beforeAll(async () => {
  dean = await signedIn(fx.app, DEMO_DEAN.login, DEMO_DEAN.password);
  const [row] = await db().select({ facultyId: users.deanFacultyId }).from(users).where(eq(users.id, dean.user.id));
  faculty = row.facultyId!;
  ownDepartments = (await db().select({ id: departments.id }).from(departments).where(eq(departments.facultyId, faculty)).orderBy(departments.id)).map(
    (d) => d.id,
  );
  const [other] = await db()
    .select({ department: departments.id, teacher: teachers.id })
    .from(teachers)
    .innerJoin(departments, eq(departments.id, teachers.departmentId))
    .where(ne(departments.facultyId, faculty))
    .orderBy(teachers.id)
    .limit(1);
  otherDepartment = other.department;
  otherTeacher = other.teacher;
});

describe("a dean's office", () => {
  it("is offered his faculty's departments only, to choose a teacher from", async () => {
    const res = await dean.post('/api/workload/options.json', {}, 'en');
    expect(res.statusCode).toBe(200);
    const options = res.json().data as WorkloadOptions;
    expect(options).toMatchObject({ admin: false, chooseTeacher: true, teacher: { id: dean.user.uid } });
    expect(ownDepartments.length).toBeGreaterThan(0);
    expect(options.departments.map((d) => d.id)).toEqual(ownDepartments);
    expect(options.departments.map((d) => d.id)).not.toContain(otherDepartment);
  });

  it("reads the teachers of his faculty's departments and their workload, the demo teacher's included", async () => {
    const list = (await dean.post('/api/workload/teachers.json', { id_department: ownDepartments[0] })).json().data as IdName[];
    expect(list.length).toBeGreaterThan(0);
    const [demo] = await db().select({ department: teachers.departmentId }).from(teachers).where(eq(teachers.id, fx.teacher.user.uid));
    expect(ownDepartments).toContain(demo.department);
    const ofDemo = (await dean.post('/api/workload/teachers.json', { id_department: demo.department })).json().data as IdName[];
    expect(ofDemo.map((t) => t.id)).toContain(fx.teacher.user.uid);
    const asDean = await dean.post('/api/workload/workload.json', { ...period(), id_teacher: fx.teacher.user.uid }, 'en');
    expect(asDean.statusCode).toBe(200);
    const asTeacher = await fx.teacher.post('/api/workload/workload.json', period(), 'en');
    expect(asDean.json().data).toEqual(asTeacher.json().data);
    const { id_a_year, id_w_s } = period();
    const xlsx = await dean.get(`/api/workload/export.xlsx?id_a_year=${id_a_year}&id_w_s=${id_w_s}&id_teacher=${fx.teacher.user.uid}`);
    expect(xlsx.statusCode).toBe(200);
    // His own, as any teacher.
    expect((await dean.post('/api/workload/workload.json', period())).statusCode).toBe(200);
  });

  it("is refused another faculty's department and teacher (403, translated), and told 404 of an unknown teacher", async () => {
    const department = await dean.post('/api/workload/teachers.json', { id_department: otherDepartment }, 'en');
    expect(department.statusCode).toBe(403);
    expect(department.json()).toMatchObject({ data: null, error: { code: 'FORBIDDEN', message: 'Access denied' } });
    expect((await dean.post('/api/workload/teachers.json', { id_department: 2_000_000_000 })).statusCode).toBe(403);
    const teacher = await dean.post('/api/workload/workload.json', { ...period(), id_teacher: otherTeacher }, 'ru');
    expect(teacher.statusCode).toBe(403);
    expect(teacher.json().error.code).toBe('FORBIDDEN');
    expect(teacher.json().error.message).not.toBe('Access denied');
    const { id_a_year, id_w_s } = period();
    expect((await dean.get(`/api/workload/export.xlsx?id_a_year=${id_a_year}&id_w_s=${id_w_s}&id_teacher=${otherTeacher}`)).statusCode).toBe(403);
    expect((await dean.post('/api/workload/workload.json', { ...period(), id_teacher: 2_000_000_000 })).statusCode).toBe(404);
  });

  it('loses the choice at the next call once the right is taken away', async () => {
    await db().update(users).set({ deanFacultyId: null }).where(eq(users.id, dean.user.id));
    try {
      expect((await dean.post('/api/workload/options.json', {})).json().data).toMatchObject({ chooseTeacher: false, departments: [] });
      expect((await dean.post('/api/workload/teachers.json', { id_department: ownDepartments[0] })).statusCode).toBe(403);
      expect((await dean.post('/api/workload/workload.json', { ...period(), id_teacher: fx.teacher.user.uid })).statusCode).toBe(403);
    } finally {
      await db().update(users).set({ deanFacultyId: faculty }).where(eq(users.id, dean.user.id));
    }
  });
});

describe('nothing else changes', () => {
  it('an administrator chooses among every department, and any teacher', async () => {
    const options = (await fx.admin.post('/api/workload/options.json', {})).json().data as WorkloadOptions;
    expect(options).toMatchObject({ admin: true, chooseTeacher: true });
    const all = await db().select({ id: departments.id }).from(departments);
    expect(options.departments).toHaveLength(all.length);
    expect((await fx.admin.post('/api/workload/teachers.json', { id_department: otherDepartment })).statusCode).toBe(200);
    expect((await fx.admin.post('/api/workload/workload.json', { ...period(), id_teacher: otherTeacher })).statusCode).toBe(200);
  });

  it('a teacher without the right chooses nothing and reads only his own', async () => {
    const [demo] = await db()
      .select({ department: teachers.departmentId })
      .from(teachers)
      .where(and(eq(teachers.id, fx.teacher.user.uid)));
    expect((await fx.teacher.post('/api/workload/options.json', {})).json().data).toMatchObject({ admin: false, chooseTeacher: false, departments: [] });
    expect((await fx.teacher.post('/api/workload/teachers.json', { id_department: demo.department })).statusCode).toBe(403);
    expect((await fx.teacher.post('/api/workload/workload.json', { ...period(), id_teacher: dean.user.uid })).statusCode).toBe(403);
  });
});
