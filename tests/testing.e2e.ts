/**
 * Testing in Chromium against the real server: the demo student takes the seeded demo test on a
 * phone (390×844, touch, dark mode), answers, reloads mid-way and finds his answers where they
 * were, submits after the confirmation and sees his result; the demo teacher adds a question to the
 * bank and opens the test's results on a laptop (1366×768); the results' "To the journal" dialog
 * fits a laptop and a phone and works with the keyboard; the results fit a phone in dark mode; a student sees a question's formula as
 * MathML and its image. Every screen is axe-clean.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { STUDENT, TEACHER } from './support/accounts';
import { overflows, seriousViolations } from './support/a11y';
import { expectVisible, setupE2E, signIn, transitionsSettled } from './support/e2e';
import { ru } from './support/texts';

const e2e = setupE2E();
const SHOTS = process.env.SCREENSHOT_DIR;
const DEMO_TEST = 'Основы веб-разработки: текущий контроль';
const DEMO_DISCIPLINE = 'Тестирование программного обеспечения';
/** A real 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/testing-${name}.png`, fullPage: true });
}

/** Answers the question shown, whatever its kind, as a student would by touch. */
async function answer(question: Locator): Promise<void> {
  const radios = question.locator('input[type="radio"]');
  const boxes = question.locator('input[type="checkbox"]');
  const selects = question.locator('select');
  const texts = question.locator('input.input, textarea');
  const down = question.locator('.ts-order-item button').nth(1);
  if (await radios.count()) await radios.first().tap();
  else if (await boxes.count()) await boxes.first().tap();
  else if (await selects.count()) {
    for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption({ index: 1 });
  } else if (await texts.count()) {
    await texts.first().fill('42');
    await texts.first().blur();
  } else await down.tap();
}

/** The demo teacher signed in, the demo test's results opened from its discipline's tests. */
async function openDemoResults(page: Page): Promise<void> {
  await signIn(page, TEACHER);
  await page.goto('/lms/testing');
  await page.getByLabel(ru('testing:bank.discipline')).selectOption({ label: DEMO_DISCIPLINE });
  await page.getByRole('tab', { name: ru('testing:tabs.tests') }).click();
  const test = page.getByTestId('ts-test').filter({ hasText: DEMO_TEST });
  await test.getByRole('button', { name: ru('testing:tests.results', { title: DEMO_TEST }) }).click();
  await expectVisible(page.getByTestId('ts-results'));
}

const saved = (page: Page) => page.getByTestId('ts-save').filter({ hasText: ru('testing:attempt.save.saved') });

describe('testing', () => {
  it('a student takes the demo test on a phone, reloads mid-way, submits and sees his result', async () => {
    const page = await e2e.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.context().addCookies([{ name: 'theme', value: 'dark', url: e2e.server.origin }]);
    await signIn(page, STUDENT);
    await page.goto('/lms/testing');
    const card = page.getByTestId('ts-my-test').filter({ hasText: DEMO_TEST });
    await expectVisible(card);
    expect(await card.getByTestId('ts-state').textContent()).toBe(ru('testing:my.states.open'));
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, '390-list');

    await card.getByRole('button', { name: ru('testing:my.start') }).tap();
    await expectVisible(page.getByTestId('ts-countdown'));
    const strip = page.getByTestId('ts-strip-btn');
    const count = await strip.count();
    expect(count).toBe(8);
    // The first three questions, one per page, each saved as given.
    for (let i = 0; i < 3; i++) {
      await answer(page.getByTestId('ts-question'));
      await expectVisible(saved(page));
      await page.getByRole('button', { name: ru('testing:attempt.next') }).tap();
    }
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, '390-attempt');

    // A reload resumes the attempt from the address, the three answers where they were.
    expect(page.url()).toMatch(/attempt=\d+/);
    await page.reload();
    await expectVisible(page.getByTestId('ts-countdown'));
    const answered = () => page.locator('.ts-strip-btn.is-answered').count();
    await expect.poll(answered, { timeout: 15000 }).toBe(3);

    // All on one page: the rest answered, then submitted after the confirmation naming what is left.
    await page.getByRole('checkbox', { name: ru('testing:attempt.allOnOnePage') }).tap();
    const questions = page.getByTestId('ts-question');
    expect(await questions.count()).toBe(8);
    for (let i = 3; i < 7; i++) await answer(questions.nth(i));
    await expect.poll(async () => saved(page).count(), { timeout: 15000 }).toBe(7);
    await page.getByTestId('ts-submit').tap();
    const dialog = page.getByRole('alertdialog');
    await expectVisible(dialog);
    expect(await dialog.textContent()).toContain('8');
    await dialog.getByRole('button', { name: ru('testing:attempt.submit'), exact: true }).tap();
    const state = page.getByTestId('ts-review-state');
    await expectVisible(state);
    // An essay among the questions waits for the teacher's score; the rest are graded at once.
    expect([ru('testing:review.states.finished'), ru('testing:review.states.graded')]).toContain((await state.textContent())?.split(' · ')[0]);
    expect(await page.getByTestId('ts-ended').textContent()).toBe(ru('testing:attempt.submitted'));
    await page.getByRole('button', { name: ru('testing:backToList') }).tap();
    await expectVisible(card.getByRole('button', { name: ru('testing:my.review', { n: 1 }) }));
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, '390-result');
    expect(e2e.problems(page).csp).toEqual([]);
  });

  it('a teacher adds a question to the bank and opens the test', async () => {
    const page = await e2e.page({ viewport: { width: 1366, height: 768 } });
    await signIn(page, TEACHER);
    await page.goto('/lms/testing');
    // The seeded bank and test are of the discipline the demo teacher teaches the demo group.
    await page.getByLabel(ru('testing:bank.discipline')).selectOption({ label: DEMO_DISCIPLINE });
    await expectVisible(page.getByTestId('ts-bank-question').first());
    expect(await seriousViolations(page)).toEqual([]);
    const before = await page.getByTestId('ts-bank-question').count();
    await page.getByTestId('ts-add-question').click();
    const form = page.getByTestId('ts-question-form');
    await form.getByLabel(ru('testing:form.text')).fill('Какой тег задаёт абзац?');
    await form.getByLabel(ru('testing:form.lines.single')).fill('*<p>\n<a>\n<div>');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, '1366-question-form');
    await form.getByRole('button', { name: ru('testing:form.save') }).click();
    await expect.poll(async () => page.getByTestId('ts-bank-question').count(), { timeout: 15000 }).toBe(before + 1);
    expect(await page.getByTestId('ts-question-form').count()).toBe(0);
    expect(await page.getByTestId('ts-bank-question').last().textContent()).toContain('Какой тег задаёт абзац?');

    await page.getByRole('tab', { name: ru('testing:tabs.tests') }).click();
    const test = page.getByTestId('ts-test').filter({ hasText: DEMO_TEST });
    await expectVisible(test);
    await test.getByRole('button', { name: ru('testing:tests.results', { title: DEMO_TEST }) }).click();
    await expectVisible(page.getByTestId('ts-results'));
    await transitionsSettled(page);
    expect(await page.getByRole('link', { name: ru('testing:results.xlsx') }).getAttribute('href')).toMatch(/\/api\/testing\/results\.xlsx\?id_test=\d+$/);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, '1366-results');
    expect(e2e.problems(page).csp).toEqual([]);
  });

  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const)
    it(`the results' "To the journal" dialog at ${width} px: within the screen, keyboard first, Escape back`, async () => {
      const page = await e2e.page({ viewport: { width, height }, ...(width < 500 ? { isMobile: true, hasTouch: true } : {}) });
      await openDemoResults(page);
      const opener = page.getByRole('button', { name: ru('testing:toJournal.open') });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: ru('testing:toJournal.title') });
      await expectVisible(dialog);
      const journal = dialog.getByLabel(ru('testing:toJournal.journal'));
      await expect.poll(() => journal.evaluate((el) => el === document.activeElement), { timeout: 15000 }).toBe(true);
      await transitionsSettled(page);
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `${width}-to-journal`);
      await page.keyboard.press('Escape');
      expect(await dialog.count()).toBe(0);
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    });

  it('the results at 390 px in dark mode: nothing sticks out, each table a named, focusable box', async () => {
    const page = await e2e.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.context().addCookies([{ name: 'theme', value: 'dark', url: e2e.server.origin }]);
    await openDemoResults(page);
    await transitionsSettled(page);
    expect(await overflows(page)).toEqual([]);
    for (const name of [ru('testing:results.students'), ru('testing:results.questions')]) {
      const box = page.getByRole('region', { name });
      await box.focus();
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, '390-results-dark');
  });

  it("a student sees a question's formula and its image on his paper", async () => {
    const title = 'Формула и график';
    const teacher = await e2e.page({ viewport: { width: 1366, height: 768 } });
    await signIn(teacher, TEACHER);
    await teacher.goto('/lms/testing');
    // The teacher's calls as his screen makes them: a category, a question with a formula and an image, a test of it for the demo group.
    await teacher.evaluate(
      async ({ discipline, demo, title, png }) => {
        const call = async (url: string, body: object) =>
          (await (await fetch(`/api/testing/${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json())
            .data;
        const d = (await call('disciplines.json', {})).find((x: { name: string }) => x.name === discipline);
        const seeded = (await call('tests.json', { id_discipline: d.id })).find((x: { title: string }) => x.title === demo);
        const id_category = (await call('category-save.json', { id_discipline: d.id, name: title })).find((c: { name: string }) => c.name === title).id;
        const text = 'Верно ли, что $\\frac{1}{2} + x^2 > 0$ на графике?';
        const { question } = await call('question-save.json', { id_category, text, points: 1, content: { kind: 'truefalse', answer: true } });
        const form = new FormData();
        form.append('id_question', String(question.id));
        form.append('alt', 'График параболы');
        form.append('image', new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }), 'graph.png');
        await fetch('/api/testing/question-image.json', { method: 'POST', body: form });
        const now = Date.now();
        await call('test-save.json', {
          id_discipline: d.id,
          title,
          targets: seeded.targets,
          rules: [{ id_category, count: 1 }],
          shuffleAnswers: false,
          timeLimit: null,
          opensAt: new Date(now - 3_600_000).toISOString(),
          closesAt: new Date(now + 86_400_000).toISOString(),
          attempts: 1,
          counts: 'best',
          showScore: 'submit',
          showAnswers: 'submit',
          password: null,
          networks: [],
        });
      },
      { discipline: DEMO_DISCIPLINE, demo: DEMO_TEST, title, png: PNG_BASE64 },
    );

    const page = await e2e.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page, STUDENT);
    await page.goto('/lms/testing');
    await page
      .getByTestId('ts-my-test')
      .filter({ hasText: title })
      .getByRole('button', { name: ru('testing:my.start') })
      .tap();
    const question = page.getByTestId('ts-question');
    await expectVisible(question.locator('.ts-question-text math mfrac'));
    expect(await question.locator('.ts-question-text').textContent()).not.toContain('$');
    const image = question.getByRole('img', { name: 'График параболы' });
    await expectVisible(image);
    await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 15000 }).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, '390-formula-image');
    expect(e2e.problems(page).csp).toEqual([]);
  });
});
