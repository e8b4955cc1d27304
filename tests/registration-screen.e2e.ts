/**
 * The registration screen as the demo student meets it on her phone (390 × 844, touch) and the
 * teacher on a laptop (1366 × 768): her whole study plan registers (no subgroup clashes with her
 * week), a clashing elective subgroup says so before she presses save, the teacher's view says it is
 * loading until its answer (in Kyrgyz), failures are said beside the field or button they concern
 * with a retry, and a discipline registered in another tab is said to be so.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Locator, Page, Route } from 'playwright-core';
import { STUDENT, TEACHER } from './support/accounts';
import { seriousViolations } from './support/a11y';
import { expectHidden, expectVisible, setupE2E, signIn } from './support/e2e';
import { ru, text } from './support/texts';

const e2e = setupE2E();
const SHOTS = process.env.SCREENSHOT_DIR;

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LAPTOP: BrowserContextOptions = { viewport: { width: 1366, height: 768 } };
const ELECTIVE = 'Облачные технологии';
const TEACHER_NAME = 'Асанов Бакыт Кубанычбекович';

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The element is inside the viewport (the user sees it without scrolling). */
async function expectInView(locator: Locator) {
  const page = locator.page();
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      const view = page.viewportSize()!;
      return !!box && box.y >= 0 && box.y + box.height <= view.height;
    })
    .toBe(true);
}

/** Opens a discipline's chooser and waits for its subgroups (the teacher chosen, by name or as the only one). */
async function openChooser(page: Page, row: Locator, teacher?: string): Promise<Locator> {
  await row.getByTestId('reg-open').click();
  const panel = page.getByTestId('reg-panel');
  await expectVisible(panel);
  const teachers = panel.getByLabel(ru('registration:fields.teacher'), { exact: true });
  await expect.poll(() => teachers.locator('option').count()).toBeGreaterThan(1);
  if (teacher) await teachers.selectOption({ label: teacher });
  else if ((await teachers.inputValue()) === '-1') await teachers.selectOption({ index: 1 });
  await expect.poll(() => panel.locator('#reg-subgroup option').count()).toBeGreaterThan(1);
  return panel;
}

describe('registration as the student meets it', () => {
  it('she registers every discipline of her study plan on her phone; a clashing subgroup says so before saving', async () => {
    const page = await e2e.page(PHONE);
    await signIn(page, STUDENT);
    await page.goto('/lms/registration');
    const plan = page.getByRole('region', { name: ru('registration:groups.plan') });
    const rows = plan.getByTestId('reg-row');
    await expectVisible(rows.first());
    const count = await rows.count();
    expect(count).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const panel = await openChooser(page, row);
      await panel.locator('#reg-subgroup').selectOption({ index: 1 });
      await expectVisible(panel.getByTestId('reg-seats'));
      expect(await panel.getByTestId('reg-clash').count()).toBe(0);
      await panel.getByTestId('reg-save').click();
      await expectVisible(row.getByTestId('reg-status'));
      expect(await row.getByTestId('reg-status').getAttribute('class')).toContain('reg-status-registered');
    }
    await shot(page, 'registration-plan-390');

    // The elective's second subgroup (its other teacher's) meets one of her lessons: the option and,
    // when chosen, the panel say so, and it cannot be saved.
    const elective = page
      .getByRole('region', { name: ru('registration:groups.electives') })
      .getByTestId('reg-row')
      .filter({ hasText: ELECTIVE });
    const panel = await openChooser(page, elective, TEACHER_NAME);
    const marker = ru('registration:clashOption', { option: '' }).trim();
    const teachers = panel.locator('#reg-teacher');
    const other = (await teachers.locator('option').allTextContents()).filter((n) => n !== TEACHER_NAME && !n.includes('---'));
    await teachers.selectOption({ label: other[0] });
    const options = panel.locator('#reg-subgroup option').filter({ hasText: marker });
    await expectVisible(options.first().locator('xpath=..'));
    await expect.poll(() => options.count()).toBe(1);
    await panel.locator('#reg-subgroup').selectOption({ label: (await options.first().textContent())! });
    const clash = panel.getByTestId('reg-clash');
    await expectVisible(clash);
    expect(await clash.textContent()).toMatch(/Эта подгруппа совпадает с вашим расписанием: .+, [а-я]+ \d\d:\d\d–\d\d:\d\d\./);
    await expectInView(clash);
    expect(await panel.getByTestId('reg-save').isDisabled()).toBe(true);
    await shot(page, 'registration-clash-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    // Her plan registrations deleted again (the other tests start from an empty list).
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      await row.getByTestId('reg-delete').click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: ru('registration:delete.confirm'), exact: true })
        .click();
      await expectVisible(row.getByTestId('reg-open'));
    }
  });

  it("the teacher's view says it is loading until its answer comes, in Kyrgyz", async () => {
    const page = await e2e.page(LAPTOP);
    await signIn(page, TEACHER);
    await page.context().addCookies([{ name: 'lang', value: 'kg', url: e2e.server.origin }]);
    await page.evaluate(() => localStorage.setItem('lang', 'kg'));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route('**/api/regfordisciplines/bytype/teacher', async (route: Route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto('/lms/registration');
    const loading = page.getByTestId('reg-loading');
    await expectVisible(loading);
    await expect.poll(() => asked).toBe(true);
    expect(await loading.textContent()).toBe(text('kg', 'registration:teacher.loading'));
    const main = page.locator('main');
    expect(await main.innerText()).not.toContain(text('kg', 'registration:teacher.none'));
    expect(await main.innerText()).not.toContain(text('kg', 'registration:teacher.empty'));
    await shot(page, 'registration-teacher-loading-kg');
    release();
    await expectVisible(page.getByTestId('reg-teacher-subgroup').first());
    await expectHidden(loading);
    await shot(page, 'registration-teacher-kg');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('failures are said beside the field or button pressed, with a retry that works', async () => {
    const page = await e2e.page(PHONE);
    await signIn(page, STUDENT);
    await page.goto('/lms/registration');
    const row = page
      .getByRole('region', { name: ru('registration:groups.electives') })
      .getByTestId('reg-row')
      .filter({ hasText: ELECTIVE });
    await expectVisible(row);

    // The server is away when the teachers are asked for: not an empty dropdown, a failure and a retry.
    await page.route('**/api/regfordisciplines/optional/teachers', (route) => route.abort('connectionrefused'), { times: 1 });
    await row.getByTestId('reg-open').click();
    const panel = page.getByTestId('reg-panel');
    const failure = panel.getByTestId('reg-teachers-error');
    await expectVisible(failure);
    expect(await failure.textContent()).toContain(ru('registration:failed.teachers'));
    await expectInView(failure);
    await shot(page, 'registration-teachers-failed-390');
    expect(await seriousViolations(page)).toEqual([]);
    await failure.getByRole('button', { name: ru('cm:actions.retry') }).click();
    await expectHidden(failure);
    const chosen = await openChooserAgain(page, panel);
    await chosen.getByTestId('reg-save').click();
    await expectVisible(row.getByTestId('reg-status'));

    // Deleting while the server is away: said in the row, beside its button, and the retry deletes.
    await page.route('**/api/regfordisciplines/deleteregistration', (route) => route.abort('connectionrefused'), { times: 1 });
    await row.getByTestId('reg-delete').click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: ru('registration:delete.confirm'), exact: true })
      .click();
    const deleteFailure = row.getByTestId('reg-delete-error');
    await expectVisible(deleteFailure);
    expect(await deleteFailure.textContent()).toContain(ru('registration:failed.delete'));
    await expectInView(deleteFailure);
    await shot(page, 'registration-delete-failed-390');
    await deleteFailure.getByRole('button', { name: ru('cm:actions.retry') }).click();
    await expectVisible(row.getByTestId('reg-open'));
    await expectHidden(deleteFailure);
  });

  it('a discipline registered meanwhile in another tab is said to be so, and the row shows it', async () => {
    const first = await e2e.page(LAPTOP);
    await signIn(first, STUDENT);
    const second = await first.context().newPage();
    for (const page of [first, second]) await page.goto('/lms/registration');
    const rowOf = (page: Page) =>
      page
        .getByRole('region', { name: ru('registration:groups.electives') })
        .getByTestId('reg-row')
        .filter({ hasText: ELECTIVE });
    const prepared = [];
    for (const page of [first, second]) {
      await expectVisible(rowOf(page));
      const panel = await openChooser(page, rowOf(page), TEACHER_NAME);
      await panel.locator('#reg-subgroup').selectOption({ index: 1 });
      prepared.push(panel);
    }
    await prepared[0].getByTestId('reg-save').click();
    await expectVisible(rowOf(first).getByTestId('reg-status'));
    await prepared[1].getByTestId('reg-save').click();
    const error = prepared[1].getByTestId('reg-save-error');
    await expectVisible(error);
    expect(await error.textContent()).toBe(ru('cm:errors.ALREADY_REGISTERED'));
    await expectInView(error);
    await expectVisible(rowOf(second).getByTestId('reg-status'));
    await shot(second, 'registration-already');
    await rowOf(first).getByTestId('reg-delete').click();
    await first
      .getByRole('alertdialog')
      .getByRole('button', { name: ru('registration:delete.confirm'), exact: true })
      .click();
    await expectVisible(rowOf(first).getByTestId('reg-open'));
  });
});

/** After a retry of the teachers: the elective's teacher and first subgroup chosen. */
async function openChooserAgain(page: Page, panel: Locator): Promise<Locator> {
  const teachers = panel.getByLabel(ru('registration:fields.teacher'), { exact: true });
  await expect.poll(() => teachers.locator('option').count()).toBeGreaterThan(1);
  await teachers.selectOption({ label: TEACHER_NAME });
  await expect.poll(() => panel.locator('#reg-subgroup option').count()).toBeGreaterThan(1);
  await panel.locator('#reg-subgroup').selectOption({ index: 1 });
  await expectVisible(panel.getByTestId('reg-seats'));
  void page;
  return panel;
}
