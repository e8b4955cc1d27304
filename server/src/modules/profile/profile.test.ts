/** POST /api/profile/data.json: one's own profile, localised; nobody else's. */
import { describe, expect, it } from 'vitest';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';

const clock = testClock(new Date(2026, 9, 1, 10, 0)); // 1 October 2026: academic year 2026-27

const fx = useTestApp({ now: clock.now });

const profile = (who: { headers: Record<string, string> }, payload: object, lang?: string) =>
  fx.app.inject({ method: 'POST', url: '/api/profile/data.json', payload, headers: { ...who.headers, ...(lang ? { 'accept-language': lang } : {}) } });

describe('profile', () => {
  it("gives the teacher's own profile with department and position", async () => {
    const res = await profile(fx.teacher, { uid: fx.teacher.user.uid, role: 1 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      uid: fx.teacher.user.uid,
      role: 1,
      fullName: 'Асанов Бакыт Кубанычбекович',
      surname: 'Асанов',
      name: 'Бакыт',
      patronymic: 'Кубанычбекович',
      gender: 'm',
      citizenship: 'Кыргызская Республика',
      faculty: 'Факультет информационных технологий',
      department: 'Кафедра программной инженерии',
      position: 'Доцент',
      group: null,
      course: null,
      login: 'teacher',
      googleLinked: false,
    });
    expect(data.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.taxId).toMatch(/^2\d{13}$/);
    expect(data.phone).toMatch(/^\+996 \d{3} \d{3} \d{3}$/);
  });

  it("gives the student's own profile with group, speciality, course and education form", async () => {
    const res = await profile(fx.student, { uid: fx.student.user.uid, role: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      role: 2,
      fullName: 'Сыдыкова Айпери Талантовна',
      gender: 'f',
      nationality: 'кыргызка',
      group: 'ПИ-1-24',
      speciality: 'Программная инженерия',
      course: 3,
      educationForm: 'Очная',
      faculty: 'Факультет информационных технологий',
      department: null,
      position: null,
    });
    expect(res.json().data.taxId).toMatch(/^1\d{13}$/);
    expect(res.json().data.code).toMatch(/^\d+$/);
  });

  it('speaks the caller language (Accept-Language, lang cookie)', async () => {
    const en = await profile(fx.student, { uid: fx.student.user.uid, role: 2 }, 'en');
    expect(en.json().data).toMatchObject({ speciality: 'Software Engineering', educationForm: 'Full-time', faculty: 'Faculty of Information Technology' });
    const kg = await fx.app.inject({
      method: 'POST',
      url: '/api/profile/data.json',
      payload: { uid: fx.teacher.user.uid, role: 1 },
      headers: { cookie: `${fx.teacher.headers.cookie}; lang=kg`, 'accept-language': 'en' },
    });
    expect(kg.json().data).toMatchObject({
      department: 'Программалык инженерия кафедрасы',
      position: 'Доцент',
      faculty: 'Маалыматтык технологиялар факультети',
    });
  });

  it('gives nationality, citizenship and education in the caller language too', async () => {
    const en = await profile(fx.teacher, { uid: fx.teacher.user.uid, role: 1 }, 'en');
    expect(en.json().data).toMatchObject({ nationality: 'Kyrgyz', citizenship: 'Kyrgyz Republic', education: 'Higher; Candidate of Sciences' });
    const kg = await profile(fx.student, { uid: fx.student.user.uid, role: 2 }, 'ky');
    expect(kg.json().data).toMatchObject({ nationality: 'кыргыз', citizenship: 'Кыргыз Республикасы' });
    expect(['Жалпы орто', 'Орто кесиптик']).toContain(kg.json().data.education);
    const ru = await profile(fx.teacher, { uid: fx.teacher.user.uid, role: 1 }, 'ru');
    expect(ru.json().data).toMatchObject({ nationality: 'кыргыз', citizenship: 'Кыргызская Республика', education: 'Высшее; кандидат наук' });
  });

  it("403 for anybody else's uid or role, 401 without a session", async () => {
    for (const payload of [
      { uid: fx.student.user.uid, role: 2 },
      { uid: fx.teacher.user.uid + 1, role: 1 },
      { uid: fx.teacher.user.uid, role: 2 },
    ]) {
      const res = await profile(fx.teacher, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ result: true, error: { code: 'FORBIDDEN', message: 'Доступ запрещён' }, data: null });
    }
    expect((await profile({ headers: {} }, { uid: 1, role: 1 })).statusCode).toBe(401);
    expect((await profile(fx.student, { uid: fx.student.user.uid })).statusCode).toBe(400);
  });
});
