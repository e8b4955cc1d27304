/**
 * The set-up most server test files share, in one call at the top of the file:
 *
 *   const fx = useTestApp({ now: clock.now });
 *   it('...', async () => { await fx.post('/api/...', fx.student, { ... }); });
 *
 * Before the file's tests it makes the file's own seeded database (test/helpers.ts: a copy of the
 * template, so nothing is shared with another file), builds the app on it and signs in the demo
 * teacher and student (both unless `signIn` names fewer); after them it closes the app and drops the
 * database. `db`, `app`, `teacher`, `student` and `dataDir` are read once that has run (inside tests
 * and hooks); `post` and `get` call the app as any caller (test/requests.ts), and `signInAs` signs in
 * a seeded account of the file's choosing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { ROLE_TEACHER, type Role } from '@contract/common';
import type { App } from '../app';
import { departments, groups, specialities, students, teachers, users } from '../db/schema';
import { appOn, createTestDatabase, quickPasswordHash, session, type TestAppOptions, type TestDatabase, type TestDatabaseOptions } from './helpers';
import { requestsTo, signedIn, type SignedIn } from './requests';

export interface UseTestAppOptions extends TestAppOptions {
  /** How the database is made (createTestDatabase): size, seed, pool. */
  database?: TestDatabaseOptions;
  /** The demo accounts signed in, in this order (default both). */
  signIn?: ReadonlyArray<'teacher' | 'student' | 'admin'>;
  /** A fresh DATA_DIR under the temporary directory with this name prefix, removed afterwards. */
  dataDir?: string;
  /** The set-up's time limit (the project's hook timeout by default). */
  timeoutMs?: number;
}

export interface TestAppFixture {
  readonly db: TestDatabase;
  readonly app: App;
  readonly teacher: SignedIn;
  readonly student: SignedIn;
  /** The demo administrator, when `signIn` names it. */
  readonly admin: SignedIn;
  /** The app's DATA_DIR (with the `dataDir` option). */
  readonly dataDir: string;
  post: ReturnType<typeof requestsTo>['post'];
  get: ReturnType<typeof requestsTo>['get'];
  /** Gives account `userId` the login `login` and a known password (and `columns`, e.g. newsPerms), then signs it in. */
  signInAs(userId: number, login: string, columns?: Partial<typeof users.$inferInsert>): Promise<SignedIn>;
  /**
   * signInAs for the first seeded account of `role` that has no password yet (and need not change its
   * credentials) and meets `where`, a condition on its person: a teacher's department (may be absent),
   * a student's group and speciality.
   */
  signInUnused(login: string, role: Role, where?: SQL, columns?: Partial<typeof users.$inferInsert>): Promise<SignedIn>;
}

/**
 * Options as a function are read when the set-up runs: for settings that the file's own earlier
 * beforeAll makes (a server the app talks to), with `useTestApp` called after that hook.
 */
export function useTestApp(options: UseTestAppOptions | (() => UseTestAppOptions) = {}): TestAppFixture {
  const state: { db?: TestDatabase; app?: App; teacher?: SignedIn; student?: SignedIn; admin?: SignedIn; dataDir?: string } = {};
  const timeoutMs = typeof options === 'function' ? undefined : options.timeoutMs;

  beforeAll(async () => {
    const {
      database,
      signIn = ['teacher', 'student'],
      dataDir: dataDirPrefix,
      timeoutMs: _,
      ...appOptions
    } = typeof options === 'function' ? options() : options;
    if (dataDirPrefix !== undefined) state.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
    state.db = await createTestDatabase(database);
    const env = state.dataDir === undefined ? appOptions.env : { ...appOptions.env, DATA_DIR: state.dataDir };
    state.app = await appOn(state.db, { ...appOptions, env });
    for (const who of signIn) state[who] = await session(state.app, who);
  }, timeoutMs);

  afterAll(async () => {
    await state.app?.close();
    await state.db?.close();
    if (state.dataDir !== undefined) fs.rmSync(state.dataDir, { recursive: true, force: true });
  });

  function ready<K extends keyof typeof state>(key: K): NonNullable<(typeof state)[K]> {
    const value = state[key];
    if (value === undefined) throw new Error(`useTestApp: ${key} is there once the set-up has run${key === 'dataDir' ? ' with the dataDir option' : ''}`);
    return value as NonNullable<(typeof state)[K]>;
  }
  const calls = requestsTo(() => ready('app'));
  return {
    get db() {
      return ready('db');
    },
    get app() {
      return ready('app');
    },
    get teacher() {
      return ready('teacher');
    },
    get student() {
      return ready('student');
    },
    get admin() {
      return ready('admin');
    },
    get dataDir() {
      return ready('dataDir');
    },
    post: calls.post,
    get: calls.get,
    async signInAs(userId, login, columns = {}) {
      const password = `${login}-Pass-2026`;
      await ready('db')
        .database.db.update(users)
        .set({ ...columns, login, passwordHash: quickPasswordHash(password) })
        .where(eq(users.id, userId));
      return signedIn(ready('app'), login, password);
    },
    async signInUnused(login, role, where, columns) {
      const d = ready('db').database.db;
      const unused = and(isNull(users.passwordHash), eq(users.mustUpdateCredentials, false), where);
      const [account] =
        role === ROLE_TEACHER
          ? await d
              .select({ id: users.id })
              .from(users)
              .innerJoin(teachers, eq(teachers.id, users.teacherId))
              .leftJoin(departments, eq(departments.id, teachers.departmentId))
              .where(unused)
              .orderBy(users.id)
              .limit(1)
          : await d
              .select({ id: users.id })
              .from(users)
              .innerJoin(students, eq(students.id, users.studentId))
              .innerJoin(groups, eq(groups.id, students.groupId))
              .innerJoin(specialities, eq(specialities.id, groups.specialityId))
              .where(unused)
              .orderBy(users.id)
              .limit(1);
      if (!account) throw new Error(`no seeded account of role ${role} without a password for ${login}`);
      return this.signInAs(account.id, login, columns);
    },
  };
}
