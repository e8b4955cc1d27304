/**
 * The command `npm run seed -- --empty` as an administrator runs it (README.md, Commands): a child
 * process on a DATA_DIR of its own; the administrator's password printed once, and the one that
 * signs in; a second run refused; then `npm run import -- teachers` on it, with its accounts file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { xlsxFile } from '../../modules/imports/imports.test-files';
import { verifyPassword } from '../../shared/credentials/password-hash';
import { usePostgres } from '../../test/helpers';
import { runCommand } from '../../test/commands';
import { openDatabase } from '../client';
import { users } from '../schema';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-empty-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs a command of the project (the seed, or `import` when `script` says) on the DATA_DIR of this file, as npm would. */
const seed = (args: string[], command: 'seed' | 'import' = 'seed') => runCommand(command, args, dir, dir);

/** The command runs on an embedded database of its own whichever project runs this file: the PGlite one runs it. */
describe.skipIf(usePostgres)('npm run seed -- --empty', () => {
  it(
    'prints the administrator and a one-time password once, the one stored; a second run is refused and changes nothing; a teachers import then works',
    // A ceiling for a hang: each command transpiles the server and migrates a new embedded database, several times over; on a
    // busy 2-core machine the file took 120 s.
    { timeout: 300_000 },
    async () => {
      expect((await seed(['--empty', '--size', 'small'])).code).toBe(2);

      const made = await seed(['--empty']);
      expect(made.code).toBe(0);
      const password = /login 'admin', one-time password '([A-Za-z2-9]+)'/.exec(made.out)?.[1];
      expect(password).toHaveLength(12);
      expect(made.out.split(password!)).toHaveLength(2);

      const again = await seed(['--empty']);
      expect(again.code).toBe(1);
      expect(again.err).toContain('The database already has data');
      expect(again.out).not.toContain('one-time password');

      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
      try {
        const accounts = await database.db.select({ login: users.login, hash: users.passwordHash }).from(users);
        expect(accounts.map((a) => a.login)).toEqual(['admin']);
        expect(await verifyPassword(password!, accounts[0].hash)).toBe(true);
      } finally {
        await database.close();
      }

      // The first member of staff: in the administrator's department until the departments are loaded.
      fs.writeFileSync(
        path.join(dir, 'teachers.xlsx'),
        await xlsxFile([
          ['Teacher code', 'Surname', 'Name', 'Gender', 'Department', 'Position'],
          ['S001', 'Токтосунова', 'Асель', 'f', 'Administration', 'Lecturer'],
        ]),
      );
      const imported = await seed(['teachers', 'teachers.xlsx', '--accounts', 'staff.xlsx'], 'import');
      expect(imported.code).toBe(0);
      expect(imported.out).toContain('  + S001 (line 2)');
      expect(imported.out).toContain('at first sign-in the teacher changes both');
      const accounts = path.join(dir, 'staff.xlsx');
      expect(fs.statSync(accounts).mode & 0o777).toBe(0o600);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(fs.readFileSync(accounts) as unknown as ArrayBuffer);
      expect((book.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(['Teacher code', 'Full name', 'Department', 'Login', 'One-time password']);
      expect((book.worksheets[0].getRow(2).values as unknown[]).slice(1, 5)).toEqual(['S001', 'Токтосунова Асель', 'Administration', 'S001']);
    },
  );
});
