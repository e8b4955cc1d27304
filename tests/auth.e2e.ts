/** Signing in and out, wrong credentials, the forced credential update, and guarded routes. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FRESHMAN, STUDENT, TEACHER, type Account } from './support/accounts';
import { expectPath, expectText, expectVisible, loginForm, openProfileMenu, setupE2E, signInWithForm, signOut, submitLogin } from './support/e2e';
import { ru } from './support/texts';

const e2e = setupE2E();

interface SignedInUser {
  fullName: string;
  shortName: string;
  role: number;
  position: string | null;
}

/** Signs in and returns the user the server answered with (POST /api/auth/orize.json). */
async function signInAs(page: Page, account: Account): Promise<SignedInUser> {
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/auth/orize.json') && r.request().method() === 'POST');
  await signInWithForm(page, account);
  const body = (await (await reply).json()) as { result: unknown; data: SignedInUser };
  expect(body.result).toBe(0);
  return body.data;
}

const errorLine = (page: Page) => page.getByText(ru('errors.BAD_CREDENTIALS'), { exact: true });

describe('sign in and sign out', () => {
  it('a teacher signs in, sees his name and position in the profile menu, and signs out', async () => {
    const page = await e2e.page();
    const user = await signInAs(page, TEACHER);
    expect(user.role).toBe(1);
    expect(user.position, 'the seeded teacher has a position').toBeTruthy();

    const button = page.getByTestId('profile-menu-button');
    await expectText(button, user.shortName);
    await expectText(button, user.position!);
    const panel = await openProfileMenu(page);
    await expectText(panel, user.fullName);
    await expectText(panel, user.position!);
    await expectText(panel, ru('roles.teacher'));

    await signOut(page);
    // The session is gone: the home page sends back to the login screen.
    await page.goto('/lms');
    await expectPath(page, '/lms/login');
    await expectVisible(loginForm(page).form);
  });

  it('a student signs in, sees his group in the profile menu, and signs out', async () => {
    const page = await e2e.page();
    const user = await signInAs(page, STUDENT);
    expect(user.role).toBe(2);
    expect(user.position, "the seeded student's group").toBeTruthy();

    const panel = await openProfileMenu(page);
    await expectText(panel, user.fullName);
    await expectText(panel, user.position!);
    await expectText(panel, ru('roles.student'));

    await signOut(page);
    await page.reload();
    await expectPath(page, '/lms/login');
  });

  it('a wrong password shows the error and stays on the login screen', async () => {
    const page = await e2e.page();
    await submitLogin(page, { login: TEACHER.login, password: 'Wrong-password-1' });
    await expectVisible(errorLine(page));
    await expectPath(page, '/lms/login');
    await expectVisible(loginForm(page).form);
    expect(await page.getByTestId('profile-menu-button').count()).toBe(0);
  });

  it('an unknown login shows the same error', async () => {
    const page = await e2e.page();
    await submitLogin(page, { login: 'nobody-here', password: 'Whatever2026' });
    await expectVisible(errorLine(page));
    await expectPath(page, '/lms/login');
  });

  it('the form asks for both fields before sending anything', async () => {
    const page = await e2e.page();
    await page.goto('/lms/login');
    let calls = 0;
    page.on('request', (r) => {
      if (/\/api\/auth\/(orize|recovery)\.json/.test(r.url())) calls += 1;
    });
    const f = loginForm(page);
    await expectVisible(f.form);
    await f.submit.click();
    await expectVisible(page.getByText(ru('auth:validation.loginRequired'), { exact: true }));
    await expectVisible(page.getByText(ru('auth:validation.passwordRequired'), { exact: true }));
    expect(calls).toBe(0);
  });
});

describe('forced credential update', () => {
  it('freshman sets a new login and password, lands in /lms, and the old password no longer works', async () => {
    const page = await e2e.page();
    await submitLogin(page, FRESHMAN);

    const form = page.getByTestId('update-form');
    await expectVisible(form, 15000);
    await expectPath(page, '/lms/login');
    const newLogin = form.getByLabel(ru('auth:update.newLogin'), { exact: true });
    const newPassword = form.getByLabel(ru('auth:update.newPassword'), { exact: true });
    const confirm = form.getByLabel(ru('auth:update.confirm'), { exact: true });
    const save = form.getByRole('button', { name: ru('auth:update.submit'), exact: true });

    // A confirmation that does not match is refused on the spot.
    await newLogin.fill('freshman.new');
    await newPassword.fill('Green-Valley-2026');
    await confirm.fill('Green-Valley-2027');
    await save.click();
    await expectVisible(form.getByText(ru('auth:login.passnotmatch'), { exact: true }));
    await expectPath(page, '/lms/login');

    await confirm.fill('Green-Valley-2026');
    await save.click();
    await expectVisible(page.getByTestId('profile-menu-button'), 20000);
    await expectPath(page, '/lms');

    await signOut(page);

    // The old password fails, with the old login and with the new one.
    await submitLogin(page, FRESHMAN);
    await expectVisible(errorLine(page));
    await expectPath(page, '/lms/login');
    await submitLogin(page, { login: 'freshman.new', password: FRESHMAN.password });
    await expectVisible(errorLine(page));
    await expectPath(page, '/lms/login');

    // The new credentials open the portal directly, without the update form.
    await signInWithForm(page, { login: 'freshman.new', password: 'Green-Valley-2026' });
  });
});

describe('routes', () => {
  it('a deep link to /lms/change-password while signed out goes to the login screen', async () => {
    const page = await e2e.page();
    await page.goto('/lms/change-password');
    await expectPath(page, '/lms/login');
    await expectVisible(loginForm(page).form);
  });

  it('/ redirects to /lms', async () => {
    const page = await e2e.page();
    const reply = await page.request.get('/', { maxRedirects: 0 });
    expect(reply.status()).toBeGreaterThanOrEqual(300);
    expect(reply.status()).toBeLessThan(400);
    expect(new URL(reply.headers()['location'] ?? '', e2e.server.origin).pathname).toMatch(/^\/lms\/?$/);

    const response = await page.goto('/');
    expect(response?.ok()).toBe(true);
    // Signed out, /lms then shows the login screen.
    await expectPath(page, '/lms/login');
    await expectVisible(loginForm(page).form);
  });
});
