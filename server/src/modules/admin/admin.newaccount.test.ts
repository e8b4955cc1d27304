/** A member of staff's account made by hand (docs/areas/admin.md#calls, newaccount.json): the record, the account, its audit entry and its refusals. */
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminAccount, NewAccountBody, NewAccountLists } from '@contract/admin';
import { teachers, users } from '../../db/schema';
import { signIn, testClock } from '../../test/helpers';
import type { SignedIn } from '../../test/requests';
import { useTestApp } from '../../test/fixture';
import { adminAudit } from './admin.schema';

const clock = testClock();
const fx = useTestApp({ now: clock.now, signIn: ['teacher', 'student', 'admin'] });

const post = (who: SignedIn | null, call: string, body: object, lang = 'en') =>
  fx.app.inject({ method: 'POST', url: `/api/admin/${call}`, payload: body, headers: { ...(who?.headers ?? {}), 'accept-language': lang } });

/** How many teachers, accounts and audit entries there are: a refusal changes none of them. */
async function counts() {
  const d = fx.db.database.db;
  const [t] = await d.select({ n: count() }).from(teachers);
  const [u] = await d.select({ n: count() }).from(users);
  const [a] = await d.select({ n: count() }).from(adminAudit);
  return { teachers: t.n, users: u.n, audit: a.n };
}

async function lists(): Promise<NewAccountLists> {
  const res = await post(fx.admin, 'newaccountlists.json', {});
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function body(extra: Partial<NewAccountBody> = {}): Promise<NewAccountBody> {
  const { positions, departments } = await lists();
  return {
    surname: 'Токтогулова',
    name: 'Назира',
    patronymic: 'Бакытовна',
    gender: 'f',
    positionId: positions[0].id,
    departmentId: departments[0].id,
    code: 'T-NEW-1',
    login: 'n.toktogulova',
    ...extra,
  };
}

describe('newaccount.json', () => {
  it('the form lists positions and departments in the caller language', async () => {
    const ru = (await post(fx.admin, 'newaccountlists.json', {}, 'ru')).json().data as NewAccountLists;
    expect(ru.positions.length).toBeGreaterThan(0);
    expect(ru.departments.length).toBeGreaterThan(0);
    const en = await lists();
    expect(en.positions.map((p) => p.id)).toEqual(ru.positions.map((p) => p.id));
    expect(en.positions).not.toEqual(ru.positions);
  });

  it('makes the teacher and the account: listed, signs in only to change its credentials, audited without the password', async () => {
    const input = await body();
    const res = await post(fx.admin, 'newaccount.json', input);
    expect(res.statusCode).toBe(200);
    const { account, password } = res.json().data as { account: AdminAccount; password: string };
    expect(password).toMatch(/^[A-Za-z2-9]{12,}$/);
    expect(account).toMatchObject({
      login: 'n.toktogulova',
      role: 1,
      fullName: 'Токтогулова Назира Бакытовна',
      mustUpdateCredentials: true,
      hasPassword: true,
      disabled: false,
      admin: false,
      sessions: 0,
    });

    const found = (await post(fx.admin, 'accounts.json', { q: 'n.toktogulova', page: 1 })).json().data;
    expect(found.items).toEqual([account]);
    const [teacher] = await fx.db.database.db.select().from(teachers).where(eq(teachers.code, 'T-NEW-1'));
    expect(teacher).toMatchObject({ surname: 'Токтогулова', gender: 'f', positionId: input.positionId, departmentId: input.departmentId });

    const first = await signIn(fx.app, 'N.Toktogulova', password);
    expect(first.res.statusCode).toBe(403);
    expect(first.body.error.code).toBe('CREDENTIALS_UPDATE_REQUIRED');
    const recovery = await fx.app.inject({ method: 'POST', url: '/api/auth/recovery.json', payload: { oldlog: 'n.toktogulova', oldpas: password } });
    expect(recovery.json().data).toEqual([{ LOG_PAS: 1 }]);

    const entries = (await post(fx.admin, 'audit.json', { page: 1, action: 'createAccount' })).json().data.items;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'createAccount',
      admin: { id: fx.admin.user.id },
      account: { id: account.id, login: 'n.toktogulova' },
      before: {},
      after: {
        login: 'n.toktogulova',
        fullName: 'Токтогулова Назира Бакытовна',
        gender: 'f',
        code: 'T-NEW-1',
        mustUpdateCredentials: true,
        position: account.place,
      },
    });
    const [row] = await fx.db.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'createAccount'));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(password);
    expect(stored).not.toContain('scrypt');
  });

  it('no patronymic and no teacher code: both none', async () => {
    const res = await post(
      fx.admin,
      'newaccount.json',
      await body({ patronymic: ' ', code: '', login: 'no-code', surname: 'Осмонов', name: 'Бектур', gender: 'm' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.account.fullName).toBe('Осмонов Бектур');
    const [teacher] = await fx.db.database.db.select().from(teachers).innerJoin(users, eq(users.teacherId, teachers.id)).where(eq(users.login, 'no-code'));
    expect(teacher.teachers).toMatchObject({ patronymic: null, code: null });
  });

  it('a login taken (any case) or a teacher code taken: 409, translated, and nothing written', async () => {
    const before = await counts();
    const taken = await post(fx.admin, 'newaccount.json', await body({ login: 'TEACHER', code: 'T-FREE-9' }), 'ru');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'LOGIN_TAKEN', message: 'Этот логин уже занят' } });
    const [{ code }] = await fx.db.database.db
      .select({ code: teachers.code })
      .from(teachers)
      .where(sql`${teachers.code} is not null`)
      .limit(1);
    const codeTaken = await post(fx.admin, 'newaccount.json', await body({ login: 'free-login-1', code: code! }), 'kg');
    expect(codeTaken.statusCode).toBe(409);
    expect(codeTaken.json().error).toMatchObject({ code: 'TEACHER_CODE_TAKEN', message: 'Бул окутуучунун коду башка окутуучуда бар' });
    expect(await counts()).toEqual(before);
  });

  it('invalid fields, an unknown department or position: 400 and nothing written', async () => {
    const before = await counts();
    const bad: [Partial<NewAccountBody> | Record<string, unknown>, string | null][] = [
      [{ login: 'has space' }, 'login'],
      [{ login: 'ab' }, null],
      [{ surname: '   ' }, 'surname'],
      [{ name: '' }, null],
      [{ gender: 'x' }, null],
      [{ departmentId: 2147483647 }, 'departmentId'],
      [{ positionId: 2147483647 }, 'positionId'],
      [{ code: 'x'.repeat(33) }, null],
    ];
    for (const [change, field] of bad) {
      const res = await post(fx.admin, 'newaccount.json', { ...(await body()), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      if (field) expect(res.json().error.params).toMatchObject({ field });
    }
    const { login: _, ...noLogin } = await body();
    expect((await post(fx.admin, 'newaccount.json', noLogin)).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('only an administrator: 401 signed out, 403 for a teacher and a student, and nothing written', async () => {
    const input = await body({ login: 'not-made', code: 'T-NOT-MADE' });
    const before = await counts();
    expect((await post(null, 'newaccount.json', input)).statusCode).toBe(401);
    expect((await post(null, 'newaccountlists.json', {})).statusCode).toBe(401);
    for (const who of [fx.teacher, fx.student]) {
      for (const call of ['newaccount.json', 'newaccountlists.json']) {
        const res = await post(who, call, call === 'newaccount.json' ? input : {}, 'ru');
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'Доступ запрещён' });
      }
    }
    expect(await counts()).toEqual(before);
  });
});
