/**
 * The university's documents in Chromium: the demo dean's office uploads a document for its
 * faculty's students from the side menu and then a new version of it (1366 px); the demo student, on
 * a phone at 390 px in dark mode, finds it by search and downloads its newest version, and never
 * sees the teachers-only syllabus template; no serious axe violation and no sideways scroll. Then
 * the administrator corrects its title and withdraws it after a confirmation, and the student no
 * longer finds it.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { ADMIN, DEAN, STUDENT } from './support/accounts';
import { seriousViolations } from './support/a11y';
import { PHONE, WIDE } from './support/contexts';
import { downloadBytes, expectPath, expectVisible, setupE2E, signIn } from './support/e2e';
import { ru } from './support/texts';

const e2e = setupE2E();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

const LAPTOP: BrowserContextOptions = { viewport: WIDE };
const PHONE_390: BrowserContextOptions = { viewport: PHONE, isMobile: true, hasTouch: true };

const TITLE = 'Правила работы в компьютерных классах';
const FIXED = 'Правила работы в компьютерных классах факультета';
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const FIRST = pdf('first edition');
const SECOND = pdf('second edition');

const settled = (page: Page) => page.waitForFunction(() => !document.querySelector('main [aria-busy="true"], main .spinner'));
const field = (page: Page, key: string) => page.getByTestId('doc-form').getByLabel(ru(`documents:form.${key}`), { exact: true });

describe('the documents', () => {
  it('the dean’s office uploads a document for its students, then a new version (1366 px)', async () => {
    const page = await e2e.page(LAPTOP);
    await signIn(page, DEAN);
    await page
      .getByTestId('side-menu')
      .getByRole('link', { name: ru('cm:menu.documents'), exact: true })
      .click();
    await expectPath(page, '/lms/documents');
    await expectVisible(page.getByTestId('doc-list'), 20000);

    await page.getByTestId('doc-new').click();
    await field(page, 'titleRu').fill(TITLE);
    await field(page, 'titleKg').fill('Компьютердик класстарда иштөө эрежелери');
    await field(page, 'descriptionRu').fill('Порядок доступа студентов к компьютерным классам факультета.');
    await field(page, 'category').selectOption('regulation');
    await field(page, 'audience').selectOption('students');
    // A dean's office uploads for its own faculty: chosen already.
    expect(await field(page, 'faculty').inputValue()).not.toBe('');
    await field(page, 'file').setInputFiles({ name: 'Правила.pdf', mimeType: 'application/pdf', buffer: FIRST });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('doc-submit').click();
    await expectVisible(page.getByRole('link', { name: TITLE, exact: true }), 20000);
    await page.getByRole('link', { name: TITLE, exact: true }).click();

    await expectVisible(page.getByTestId('doc-page'));
    await page.getByTestId('doc-new-version').click();
    const versionForm = page.getByTestId('doc-version-form');
    await versionForm
      .getByLabel(ru('documents:form.file'), { exact: true })
      .setInputFiles({ name: 'Правила (ред. 2).pdf', mimeType: 'application/pdf', buffer: SECOND });
    await versionForm.getByLabel(ru('documents:form.note'), { exact: true }).fill('Добавлено расписание классов');
    await versionForm.getByTestId('doc-submit').click();
    await expect.poll(() => page.getByTestId('doc-version').count(), { timeout: 20000 }).toBe(2);
    const versions = page.getByTestId('doc-version');
    await expectVisible(versions.first().getByText(ru('documents:versionNumber', { n: 2 })));
    await expectVisible(versions.first().getByText('Добавлено расписание классов'));
    await expectVisible(versions.nth(1).getByText(ru('documents:versionNumber', { n: 1 })));
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/documents-1366.png`, fullPage: true });
    expect(e2e.problems(page).csp).toEqual([]);
  }, 120000);

  it('the student finds it by search and downloads the newest version; the teachers-only template is not shown (390 px, dark)', async () => {
    const page = await e2e.page(PHONE_390);
    await page.context().addCookies([{ name: 'theme', value: 'dark', url: e2e.server.origin }]);
    await signIn(page, STUDENT);
    await page.goto('/lms/documents');
    const list = page.getByTestId('doc-list');
    await expectVisible(list, 20000);
    await settled(page);
    const titles = await list.getByRole('heading').allTextContents();
    expect(titles).toContain('Положение о текущем и промежуточном контроле успеваемости');
    expect(titles).not.toContain('Шаблон рабочей программы дисциплины (силлабус)');

    const search = page.getByLabel(ru('documents:filters.search'), { exact: true });
    await search.fill('КОМПЬЮТЕРНЫХ');
    await search.press('Enter');
    await expect.poll(() => list.getByRole('heading').allTextContents(), { timeout: 20000 }).toEqual([TITLE]);
    const file = await downloadBytes(page, list.getByRole('link', { name: ru('documents:downloadNamed', { name: TITLE }), exact: true }));
    expect(file.name).toBe('Правила (ред. 2).pdf');
    expect(file.bytes.equals(SECOND)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/documents-390.png`, fullPage: true });

    // The teachers' template is not found either.
    await search.fill('силлабус');
    await search.press('Enter');
    await expectVisible(page.getByTestId('doc-empty'), 20000);
    expect(e2e.problems(page).csp).toEqual([]);
  }, 120000);

  it('the administrator corrects its title, then withdraws it after a confirmation; the student no longer finds it (1366 px)', async () => {
    const page = await e2e.page(LAPTOP);
    await signIn(page, ADMIN);
    await page.goto('/lms/documents');
    await expectVisible(page.getByTestId('doc-list'), 20000);
    await page.getByRole('link', { name: TITLE, exact: true }).click();
    await expectVisible(page.getByTestId('doc-page'));

    await page.getByTestId('doc-edit').click();
    const form = page.getByTestId('doc-edit-form');
    await form.getByLabel(ru('documents:form.titleRu'), { exact: true }).fill(FIXED);
    await form.getByTestId('doc-edit-submit').click();
    await expectVisible(page.getByTestId('doc-page').getByRole('heading', { name: FIXED, exact: true }), 20000);

    await page.getByTestId('doc-withdraw').click();
    const dialog = page.getByRole('alertdialog', { name: ru('documents:manage.confirmTitle'), exact: true });
    await expectVisible(dialog);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: ru('documents:manage.confirm'), exact: true }).click();
    await expectVisible(page.getByTestId('doc-list'), 20000);
    await settled(page);
    expect(await page.getByTestId('doc-list').getByRole('heading').allTextContents()).not.toContain(FIXED);
    expect(e2e.problems(page).csp).toEqual([]);

    const phone = await e2e.page(PHONE_390);
    await signIn(phone, STUDENT);
    await phone.goto('/lms/documents');
    await expectVisible(phone.getByTestId('doc-list'), 20000);
    const search = phone.getByLabel(ru('documents:filters.search'), { exact: true });
    await search.fill('КОМПЬЮТЕРНЫХ');
    await search.press('Enter');
    await expectVisible(phone.getByTestId('doc-empty'), 20000);
  }, 120000);
});
