/**
 * An exam as its people go through it, in Chromium against the real server, on a laptop
 * (1366×768): the demo teacher imports questions (Aiken) into a new category of his bank and builds a
 * test drawn from them for his group, with a time limit; the demo student starts it, loses the
 * connection mid-way (the answer given meanwhile is kept on the device and saved when the connection
 * is back), reloads and finds his answers, and then runs out of time: the server's clock passes the
 * attempt's deadline, his next answer is refused, and the attempt ends with the answers saved before
 * it, its result shown. The server's clock is moved by a module it loads first (NODE_OPTIONS), which
 * reads its offset from a file the test writes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STUDENT, TEACHER } from './support/accounts';
import { seriousViolations } from './support/a11y';
import { expectVisible, setupE2E, signIn } from './support/e2e';
import { ru } from './support/texts';

const OFFSET_FILE = path.join(os.tmpdir(), `lms-exam-clock-${process.pid}.txt`);

/** A module the server loads first: its clock runs OFFSET_FILE's milliseconds ahead (read at most every 100 ms). */
function clockModule(): string {
  fs.writeFileSync(OFFSET_FILE, '0');
  const file = path.join(os.tmpdir(), `lms-exam-clock-${process.pid}.mjs`);
  fs.writeFileSync(
    file,
    `import fs from 'node:fs';
const R = Date; let offset = 0; let readAt = 0;
const ahead = () => { const t = R.now(); if (t - readAt > 100) { readAt = t; offset = Number(fs.readFileSync(${JSON.stringify(OFFSET_FILE)}, 'utf8')) || 0; } return offset; };
class Moved extends R { constructor(...a) { super(...(a.length ? a : [R.now() + ahead()])); } static now() { return R.now() + ahead(); } }
globalThis.Date = Moved;\n`,
  );
  return pathToFileURL(file).href;
}

const e2e = setupE2E({ env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${clockModule()}`.trim() } });
afterAll(() => {
  for (const ext of ['txt', 'mjs']) fs.rmSync(path.join(os.tmpdir(), `lms-exam-clock-${process.pid}.${ext}`), { force: true });
});

const DISCIPLINE = 'Тестирование программного обеспечения';
const CATEGORY = 'Экзамен: основы HTML';
const TITLE = 'Экзамен по основам HTML';
const TIME_LIMIT_MIN = 5;
const AIKEN = `Какой тег задаёт заголовок первого уровня?
A. <h1>
B. <p>
C. <header>
ANSWER: A

Какой атрибут задаёт адрес ссылки?
A. src
B. href
C. alt
ANSWER: B

Какой тег вставляет изображение?
A. <img>
B. <picture-frame>
C. <image-box>
ANSWER: A
`;

const laptop = () => e2e.page({ viewport: { width: 1366, height: 768 } });
const saveState = (page: Page) => page.getByTestId('ts-save');

describe('an exam', () => {
  it('the teacher imports questions into a new category and builds a timed test of them for his group', async () => {
    const page = await laptop();
    await signIn(page, TEACHER);
    await page.goto('/lms/testing');
    await page.getByLabel(ru('testing:bank.discipline')).selectOption({ label: DISCIPLINE });
    await page.getByLabel(ru('testing:bank.newCategory')).fill(CATEGORY);
    await page.getByRole('button', { name: ru('testing:bank.addCategory'), exact: true }).click();
    const category = page.getByLabel(ru('testing:bank.category'), { exact: true });
    // The category just added is the one chosen (its questions go into it).
    await expect.poll(() => category.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent), { timeout: 15000 }).toBe(`${CATEGORY} (0)`);

    await page.getByText(ru('testing:import.title')).click();
    await page.getByLabel(ru('testing:import.format')).selectOption('aiken');
    await page.getByLabel(ru('testing:import.text')).fill(AIKEN);
    await page.getByRole('button', { name: ru('testing:import.run'), exact: true }).click();
    await expectVisible(page.getByTestId('ts-import-outcome').filter({ hasText: ru('testing:import.imported_few', { count: 3 }) }));
    await expect.poll(() => page.getByTestId('ts-bank-question').count(), { timeout: 15000 }).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: ru('testing:tabs.tests') }).click();
    await page.getByRole('button', { name: ru('testing:tests.add'), exact: true }).click();
    const form = page.getByTestId('ts-test-form');
    await form.getByLabel(ru('testing:testForm.name')).fill(TITLE);
    await form
      .getByRole('group', { name: ru('testing:testForm.groups') })
      .getByRole('checkbox')
      .first()
      .check();
    await form.getByLabel(ru('testing:form.category')).selectOption({ label: `${CATEGORY} (3)` });
    await form.getByLabel(ru('testing:testForm.count')).fill('3');
    await form.getByLabel(ru('testing:testForm.timeLimit')).fill(String(TIME_LIMIT_MIN));
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: ru('testing:form.save'), exact: true }).click();
    const test = page.getByTestId('ts-test').filter({ hasText: TITLE });
    await expectVisible(test);
    expect(await test.textContent()).toContain(ru('testing:tests.summary', { questions: 3, max: 3, attempts: 0 }));
  });

  it('the student loses the connection mid-way and resumes, then runs out of time: the attempt ends with what he had saved', async () => {
    const page = await laptop();
    await signIn(page, STUDENT);
    await page.goto('/lms/testing');
    const card = page.getByTestId('ts-my-test').filter({ hasText: TITLE });
    await expectVisible(card);
    expect(await card.getByTestId('ts-state').textContent()).toBe(ru('testing:my.states.open'));
    await card.getByRole('button', { name: ru('testing:my.start') }).click();
    await expectVisible(page.getByTestId('ts-countdown'));
    expect(await page.getByTestId('ts-strip-btn').count()).toBe(3);

    const question = page.getByTestId('ts-question');
    await question.getByRole('radio').first().check();
    await expectVisible(saveState(page).filter({ hasText: ru('testing:attempt.save.saved') }));
    await page.getByRole('button', { name: ru('testing:attempt.next'), exact: true }).click();

    // The connection drops: the answer stays on the device, said so, and goes when it is back.
    await page.context().setOffline(true);
    await question.getByRole('radio').nth(1).check();
    await expectVisible(saveState(page).filter({ hasText: ru('testing:attempt.save.failed') }));
    await page.context().setOffline(false);
    await expectVisible(saveState(page).filter({ hasText: ru('testing:attempt.save.saved') }));
    await page.reload();
    await expectVisible(page.getByTestId('ts-countdown'));
    await expect.poll(() => page.locator('.ts-strip-btn.is-answered').count(), { timeout: 15000 }).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);

    // The server's clock passes the deadline: the last answer is refused and the attempt is over.
    fs.writeFileSync(OFFSET_FILE, String((TIME_LIMIT_MIN + 1) * 60_000));
    await page.getByTestId('ts-strip-btn').nth(2).click();
    await question.getByRole('radio').first().check();
    await expectVisible(page.getByTestId('ts-review-state'));
    expect(await page.getByTestId('ts-ended').textContent()).toBe(ru('testing:attempt.timeOverSubmitted'));
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: ru('testing:backToList') }).click();
    await expectVisible(card.getByRole('button', { name: ru('testing:my.review', { n: 1 }) }));
    expect(e2e.problems(page).csp).toEqual([]);
  });
});
