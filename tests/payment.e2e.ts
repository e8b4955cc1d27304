/**
 * The payment code screen as the demo student meets it: only the academic years of her study are
 * offered; Back from the bank's (sandbox) page opens the service and year she had chosen; coming
 * back from the bank, in the same tab or in a new one, shows that payment's state (paid with its
 * receipt, or declined).
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_OK } from '@contract/payment';
import { STUDENT } from './support/accounts';
import { seriousViolations } from './support/a11y';
import { expectPath, expectVisible, setupE2E, signIn } from './support/e2e';
import { ru } from './support/texts';

const e2e = setupE2E();
const SHOTS = process.env.SCREENSHOT_DIR;

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LAPTOP: BrowserContextOptions = { viewport: { width: 1366, height: 768 } };

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function choose(page: Page, service: string, year?: string) {
  await page.goto('/lms/paymentcode');
  await page.waitForFunction(() => ((document.querySelector('#pay-service') as HTMLSelectElement | null)?.options.length ?? 0) > 1);
  await page.getByLabel(ru('payment:fields.service'), { exact: true }).selectOption({ label: service });
  await expectVisible(page.getByTestId('pay-account'));
  if (year) {
    const before = await page.getByTestId('pay-account').textContent();
    await page.getByLabel(ru('payment:fields.year'), { exact: true }).selectOption({ label: year });
    await expect.poll(() => page.getByTestId('pay-account').textContent()).not.toBe(before);
  }
}

/** Pays the chosen code on the sandbox page with the card; the address the bank sends her back to. */
async function payOnSandbox(page: Page, card: string): Promise<string> {
  await page.getByTestId('pay-card').click();
  await page.waitForURL(/\/api\/misc\/sandbox\/pay\.html/);
  await page.getByLabel('Номер карты').fill(card);
  await page.getByLabel('Срок (ММ/ГГ)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /Оплатить/ }).click();
  await expectPath(page, '/lms/paymentcode');
  expect(new URL(page.url()).searchParams.get('payment')).toMatch(/^[0-9a-f]{32}$/);
  return new URL(page.url()).pathname + new URL(page.url()).search;
}

describe('payment codes as the student meets them', () => {
  it('offers only the years of her study, newest first; Back from the bank keeps the service and year', async () => {
    const page = await e2e.page(LAPTOP);
    await signIn(page, STUDENT);
    await choose(page, 'Пересдача экзамена');
    const years = await page.locator('#pay-year option').allTextContents();
    // She was admitted in 2024 (group ПИ-1-24): no year before it, the current one first.
    expect(years.at(-1)).toBe('2024-25');
    expect(years).toEqual([...years].sort().reverse());
    expect(years.some((y) => Number(y.slice(0, 4)) < 2024)).toBe(false);
    await choose(page, 'Пересдача экзамена', years[1]);
    const account = await page.getByTestId('pay-account').textContent();
    await page.getByTestId('pay-card').click();
    await page.waitForURL(/\/api\/misc\/sandbox\/pay\.html/);
    await page.goBack();
    await expectPath(page, '/lms/paymentcode');
    await expectVisible(page.getByTestId('pay-account'));
    expect(await page.getByTestId('pay-account').textContent()).toBe(account);
    expect(await page.locator('#pay-service option:checked').textContent()).toBe('Пересдача экзамена');
    expect(await page.locator('#pay-year option:checked').textContent()).toBe(years[1]);
    // Her open card payment is listed, waiting for payment.
    await expectVisible(page.getByTestId('pay-payment').filter({ hasText: ru('payment:payments.status.pending') }));
    await shot(page, 'payment-back');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('back from the bank, in the same tab or a new one, she sees that payment paid or declined (phone)', async () => {
    const page = await e2e.page(PHONE);
    await signIn(page, STUDENT);
    await choose(page, 'Дубликат студенческого билета');
    const back = await payOnSandbox(page, SANDBOX_CARD_OK);
    const returned = page.getByTestId('pay-returned');
    await expectVisible(returned);
    expect(await returned.getAttribute('data-status')).toBe('paid');
    expect(await returned.textContent()).toMatch(/Квитанция № R-\d{8}-[0-9A-F]{8}/);
    await shot(page, 'payment-returned-paid-390');
    expect(await seriousViolations(page)).toEqual([]);

    // The bank's page opened the portal in a new tab: the same payment, its service and its code.
    const tab = await page.context().newPage();
    await tab.goto(back);
    await expectVisible(tab.getByTestId('pay-returned'));
    expect(await tab.getByTestId('pay-returned').getAttribute('data-status')).toBe('paid');
    expect(await tab.locator('#pay-service option:checked').textContent()).toBe('Дубликат студенческого билета');
    await expectVisible(tab.getByTestId('pay-status').filter({ hasText: ru('payment:code.paid') }));
    await tab.close();

    await choose(page, 'Проживание в общежитии (месяц)');
    await payOnSandbox(page, SANDBOX_CARD_DECLINED);
    await expectVisible(returned);
    expect(await returned.getAttribute('data-status')).toBe('declined');
    expect(await returned.textContent()).toContain(ru('payment:returned.declined.title'));
    await expectVisible(page.getByTestId('pay-card'));
    await shot(page, 'payment-returned-declined-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
