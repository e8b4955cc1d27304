/**
 * The administration on a phone (390 × 844, touch): the demo administrator disables the demo
 * student, whose open page on her laptop is signed out at once; she is told at sign-in that the account
 * is disabled, and signs in again once it is enabled. Then the administrator resets the freshman's
 * password: the one-time password shown once leads the freshman to choose his own login and password.
 * The demo dean's office finds his faculty's accounts only, without what is the administrators'.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { ADMIN, DEAN, FRESHMAN, STUDENT, TEACHER } from './support/accounts';
import { expectPath, expectText, expectVisible, loginForm, setupE2E, signIn, submitLogin } from './support/e2e';
import { ru } from './support/texts';

const e2e = setupE2E();

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** On the accounts screen: finds `login` and opens its panel. */
async function openAccount(page: Page, login: string) {
  await page.getByRole('searchbox', { name: ru('admin:accounts.search') }).fill(login);
  await page.getByRole('button', { name: ru('admin:accounts.find'), exact: true }).click();
  const item = page.locator(`[data-testid="admin-account"][data-login="${login}"]`);
  await item.locator('button[aria-expanded]').click();
  const panel = item.getByTestId('admin-panel');
  await expectVisible(panel);
  return panel;
}

/** Presses an action of the panel and confirms it. */
async function confirmAction(page: Page, panel: ReturnType<Page['locator']>, action: string) {
  await panel.getByRole('button', { name: ru(`admin:action.${action}`), exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: ru(`admin:confirm.${action}.title`) });
  await dialog.getByRole('button', { name: ru(`admin:action.${action}`), exact: true }).click();
  await expectHiddenDialog(page);
}

const expectHiddenDialog = (page: Page) => page.getByRole('alertdialog').waitFor({ state: 'detached' });

describe('administration of accounts', () => {
  it('disabling the demo student signs her open page out at once; she is told why at sign-in; enabled, she signs in', async () => {
    const student = await e2e.page();
    await signIn(student, STUDENT);
    const admin = await e2e.page(PHONE);
    await signIn(admin, ADMIN);
    await admin.goto('/lms/admin');
    await expectVisible(admin.getByRole('heading', { name: ru('admin:accounts.title'), level: 1 }));

    const panel = await openAccount(admin, STUDENT.login);
    await confirmAction(admin, panel, 'disable');
    await expectText(panel.locator('..').getByTestId('admin-state'), ru('admin:state.disabled'));

    // Her open page, not reloaded, ends up on the sign-in page.
    await expectPath(student, '/lms/login', 10000);
    await submitLogin(student, STUDENT);
    await expectVisible(student.getByText(ru('errors.ACCOUNT_DISABLED'), { exact: true }));

    await confirmAction(admin, panel, 'enable');
    await expectText(panel.locator('..').getByTestId('admin-state'), ru('admin:state.active'));
    await signIn(student, STUDENT);

    // The audit log has both changes, newest first.
    await admin.goto('/lms/admin/audit');
    const entries = admin.getByTestId('audit-entry');
    await expectVisible(entries.first());
    expect(await entries.evaluateAll((els) => els.map((el) => el.getAttribute('data-action')))).toEqual(['enable', 'disable']);
  });

  it("the freshman's password reset: the one-time password is shown once, and with it he chooses his own login and password", async () => {
    const admin = await e2e.page(PHONE);
    await signIn(admin, ADMIN);
    await admin.goto('/lms/admin');
    const panel = await openAccount(admin, FRESHMAN.login);
    await confirmAction(admin, panel, 'resetPassword');
    const password = (await panel.getByTestId('admin-password-value').textContent())?.trim() ?? '';
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);

    const freshman = await e2e.page();
    await submitLogin(freshman, { login: FRESHMAN.login, password: FRESHMAN.password });
    await expectVisible(freshman.getByText(ru('errors.BAD_CREDENTIALS'), { exact: true }));
    const form = loginForm(freshman);
    await form.password.fill(password);
    await form.submit.click();
    // The first sign-in's flow: new credentials before anything else.
    const update = freshman.getByTestId('update-form');
    await expectVisible(update, 20000);
    await update.getByLabel(ru('auth:update.newLogin'), { exact: true }).fill('freshman.reset');
    await update.getByLabel(ru('auth:update.newPassword'), { exact: true }).fill('Morning-Bazaar-2026');
    await update.getByLabel(ru('auth:update.confirm'), { exact: true }).fill('Morning-Bazaar-2026');
    await update.getByRole('button', { name: ru('auth:update.submit'), exact: true }).click();
    await expectVisible(freshman.getByTestId('profile-menu-button'), 20000);
    await expectPath(freshman, '/lms');

    // Closing the panel forgets the password: opened again, it is not shown.
    const head = admin.locator(`[data-testid="admin-account"][data-login="${FRESHMAN.login}"] button[aria-expanded]`);
    await head.click();
    await expectVisible(admin.locator(`[data-testid="admin-account"][data-login="${FRESHMAN.login}"] button[aria-expanded="false"]`));
    await head.click();
    await expectVisible(admin.getByTestId('admin-panel'));
    expect(await admin.getByTestId('admin-password').count()).toBe(0);
  });

  it("the dean's office finds his faculty's accounts only, and is offered none of the administrators' actions", async () => {
    const dean = await e2e.page();
    await signIn(dean, DEAN);
    await dean.goto('/lms/admin');
    await expectVisible(dean.getByRole('heading', { name: ru('admin:accounts.title'), level: 1 }));
    expect(await dean.getByRole('button', { name: ru('admin:newAccount.open'), exact: true }).count()).toBe(0);
    expect(await dean.getByRole('link', { name: ru('cm:titles.adminImports'), exact: true }).count()).toBe(0);

    // A member of staff of his faculty: a password reset, but no disabling, no rights, no quota.
    const panel = await openAccount(dean, TEACHER.login);
    await expectVisible(panel.getByRole('button', { name: ru('admin:action.resetPassword'), exact: true }));
    expect(await panel.getByRole('button', { name: ru('admin:action.disable'), exact: true }).count()).toBe(0);
    expect(await panel.getByTestId('admin-rights').count()).toBe(0);
    expect(await panel.getByTestId('admin-quota').count()).toBe(0);

    // The administrator's account is none of his.
    await dean.getByRole('searchbox', { name: ru('admin:accounts.search') }).fill(ADMIN.login);
    await dean.getByRole('button', { name: ru('admin:accounts.find'), exact: true }).click();
    await expectVisible(dean.getByText(ru('admin:accounts.none'), { exact: true }));

    await dean.goto('/lms/admin/imports');
    await expectVisible(dean.getByTestId('not-for-role'), 20000);
  });
});
