/**
 * Registration, payment code and transcript in Chromium, as a student would use them on a laptop and
 * on a phone at 390 px in dark mode: registering for an elective choosing teacher and subgroup,
 * deleting it after confirming; a payment code paid with the sandbox card; the transcript's PDF read
 * back and its verification page opened.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { SANDBOX_CARD_OK } from '@contract/payment';
import { STUDENT } from './support/accounts';
import { expectHidden, expectPath, expectVisible, setupE2E, signIn } from './support/e2e';
import { chooseElective, ELECTIVE_TEACHER } from './support/registration';
import { ru } from './support/texts';

const e2e = setupE2E();
const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) text += (await (await doc.getPage(i)).getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join(' ');
  return text;
}

async function registerAndDelete(page: Page, tag: string) {
  const { row, panel } = await chooseElective(page);
  await shot(page, `registration-${tag}-panel`);
  await panel.getByTestId('reg-save').click();
  const status = row.getByTestId('reg-status');
  await expectVisible(status);
  expect(await status.textContent()).toContain(ELECTIVE_TEACHER);
  await shot(page, `registration-${tag}`);
  await row.getByTestId('reg-delete').click();
  const dialog = page.getByRole('alertdialog');
  await expectVisible(dialog);
  await dialog.getByRole('button', { name: ru('registration:delete.confirm'), exact: true }).click();
  await expectHidden(row.getByTestId('reg-status'));
  await expectVisible(row.getByTestId('reg-open'));
}

async function payByCard(page: Page, service: string, tag: string) {
  await page.goto('/lms/paymentcode');
  await page.waitForFunction(() => ((document.querySelector('#pay-service') as HTMLSelectElement | null)?.options.length ?? 0) > 1);
  await page.getByLabel(ru('payment:fields.service'), { exact: true }).selectOption({ label: service });
  const account = page.getByTestId('pay-account');
  await expectVisible(account);
  expect((await account.textContent())!.replace(/\s/g, '')).toMatch(/^\d{13}$/);
  await shot(page, `payment-${tag}`);
  await page.getByTestId('pay-card').click();
  await page.waitForURL(/\/api\/misc\/sandbox\/pay\.html/);
  await page.getByLabel('Номер карты').fill(SANDBOX_CARD_OK);
  await page.getByLabel('Срок (ММ/ГГ)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await shot(page, `sandbox-${tag}`);
  await page.getByRole('button', { name: /Оплатить/ }).click();
  await expectPath(page, '/lms/paymentcode');
  await expectVisible(page.getByTestId('pay-status').filter({ hasText: ru('payment:code.paid') }));
  await expectVisible(page.getByTestId('pay-receipt'));
}

async function transcript(page: Page, tag: string) {
  await page.goto('/lms/transcript');
  await expectVisible(page.getByTestId('tr-doc'));
  expect(await page.getByTestId('tr-fio').textContent()).toBe('Сыдыкова Айпери Талантовна');
  // Every value of a discipline, its grade included, is on the screen without scrolling sideways.
  const grade = page.getByTestId('tr-semester').first().locator('tbody tr').first().locator('td').last();
  const box = (await grade.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await shot(page, `transcript-${tag}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tr-pdf').click()]);
  const file = await download.path();
  const bytes = new Uint8Array(fs.readFileSync(file!));
  if (SHOTS) fs.writeFileSync(`${SHOTS}/transcript-${tag}.pdf`, bytes);
  const text = await pdfText(bytes);
  expect(text).toContain('Сыдыкова Айпери Талантовна');
  expect(text).toContain('Транскрипт');
  const href = (await page.getByTestId('tr-verify').getAttribute('href'))!;
  await page.goto(new URL(href).pathname + new URL(href).search);
  await expectVisible(page.getByText('Документ подлинный и не изменён'));
}

const LAPTOP: BrowserContextOptions = {};
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('registration, payment and transcript', () => {
  for (const [tag, options, service] of [
    ['laptop', LAPTOP, 'Пересдача экзамена'],
    ['390', PHONE, 'Дубликат студенческого билета'],
  ] as const) {
    it(`a student registers and deletes an elective, pays a code by card and checks the transcript (${tag})`, async () => {
      const page = await e2e.page(options);
      if (tag === '390') await page.context().addCookies([{ name: 'theme', value: 'dark', url: e2e.server.origin }]);
      await signIn(page, STUDENT);
      await registerAndDelete(page, tag);
      if (tag === '390') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await payByCard(page, service, tag);
      await transcript(page, tag);
      expect(e2e.problems(page).csp).toEqual([]);
    });
  }
});
