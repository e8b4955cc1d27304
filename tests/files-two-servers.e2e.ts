/**
 * Two server processes on one PostgreSQL database and one S3-compatible bucket, as on several
 * machines (README, "Several machines"): a book the teacher uploads through server A in Chromium is
 * downloaded, with its bytes, through server B, under the sign-in made on A.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { withClient } from '../scripts/lib/pg-client.mjs';
import { startBucket, type TestBucket } from './support/bucket';
import { TEACHER } from './support/accounts';
import { launchBrowser, withoutAnimations } from './support/browser';
import { DESKTOP, expectHidden, expectVisible, signIn } from './support/e2e';
import { startServer, type RunningServer } from './support/server';
import { ru } from './support/texts';

/** The PostgreSQL server the shared database is made on (postgres://user@host:port/db). */
const DATABASE_SERVER = process.env.TEST_DATABASE_URL;

const TITLE = 'Книга, загруженная через первый сервер';

/** A small valid PDF, different on every run. */
function uniquePdf(): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${randomBytes(16).toString('hex')}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

const admin = <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => withClient(DATABASE_SERVER!, run);

describe.skipIf(!DATABASE_SERVER)('two servers sharing one PostgreSQL and one bucket (skipped without TEST_DATABASE_URL: no PostgreSQL to share)', () => {
  const name = `lms_e2e_${randomBytes(6).toString('hex')}`;
  let bucket: TestBucket | undefined;
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    await admin((c) => c.query(`create database ${name}`));
    const url = new URL(DATABASE_SERVER!);
    url.pathname = `/${name}`;
    bucket = await startBucket();
    // Both start on the empty database at once: one migrates and seeds it, the other finds it done.
    const options = { databaseUrl: url.toString(), env: { ...bucket.env, WORKERS: '1' }, readyTimeoutMs: 300_000 };
    [a, b, browser] = await Promise.all([startServer(options), startServer(options), launchBrowser()]);
  }, 320_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await Promise.all([a?.stop(), b?.stop()]);
    await bucket?.close();
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  });

  it('a book uploaded through server A downloads through server B with its bytes, under the sign-in made on A', async () => {
    const context = await browser!.newContext({ baseURL: a!.origin, locale: 'ru-RU', viewport: DESKTOP, serviceWorkers: 'block' });
    context.setDefaultTimeout(30000);
    await withoutAnimations(context);
    const page = await context.newPage();
    try {
      await signIn(page, TEACHER);
      await page.goto('/lms/library');
      await expectVisible(page.getByTestId('library-book').first(), 20000);
      await page.getByTestId('library-add').click();
      const form = page.getByTestId('library-form');
      await form.getByLabel(ru('library:fields.title'), { exact: true }).fill(TITLE);
      await form.getByLabel(ru('library:fields.author'), { exact: true }).fill('Тестов Т. Т.');
      const pdf = uniquePdf();
      await form.getByLabel(ru('library:form.file'), { exact: true }).setInputFiles({ name: 'two-servers.pdf', mimeType: 'application/pdf', buffer: pdf });
      await form.getByRole('button', { name: ru('library:form.add'), exact: true }).click();
      await expectHidden(form, 60000);
      const row = page.getByTestId('library-book').filter({ hasText: TITLE });
      await expectVisible(row, 20000);
      const id = await row.getAttribute('data-id');

      // Server B answers with the bytes stored through A, to the session made on A (one database,
      // one bucket: no sticky sessions). Behind one address a balancer sends the browser to either.
      const download = await page.request.get(`${b!.origin}/api/library/download.file?id=${id}`);
      expect(download.status()).toBe(200);
      expect(Buffer.compare(await download.body(), pdf)).toBe(0);
    } finally {
      await context.close();
    }
  });
});
