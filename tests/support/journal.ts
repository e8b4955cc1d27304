/** The journal's steps that several end-to-end files share. */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectVisible } from './e2e';
import { ru } from './texts';

/** Chooses the Web Programming lecture of the demo student's stream; waits for the grid (on a phone, the marking of one lesson). */
export async function openLecture(page: Page): Promise<void> {
  await page.goto('/lms/journal');
  await expectVisible(page.getByText(ru('journal:chooseJournal')), 30000);
  await page.getByLabel(ru('journal:filters.discipline'), { exact: true }).selectOption({ label: 'Веб-программирование' });
  await page.getByLabel(ru('journal:filters.lessonType'), { exact: true }).selectOption({ label: 'Лекция' });
  const group = page.getByLabel(ru('journal:filters.group'), { exact: true });
  const label = (await group.locator('option').nth(1).innerText()).trim();
  expect(label).toContain(ru('journal:filters.stream'));
  await group.selectOption({ label });
  await expectVisible(page.locator('.jg-wrap, .lm').first(), 30000);
}

/** The grid row (data-row) of the student whose name contains `name`; fails when the grid has none. */
export async function rowOf(page: Page, name: string): Promise<number> {
  const names = await page.locator('tbody th.jg-name').allInnerTexts();
  const row = names.findIndex((n) => n.includes(name));
  expect(row, `${name} in the grid`).toBeGreaterThanOrEqual(0);
  return row;
}

/**
 * Chooses the lesson time that starts with `range` ("08:00–09:20") in the lesson bar: on a day when the
 * teacher's timetable has a lesson then, its option also says so ("08:00–09:20 · по расписанию").
 */
export async function chooseLessonTime(page: Page, range: string): Promise<void> {
  const select = page.getByLabel(ru('journal:lesson.time'), { exact: true });
  const options = select.locator('option');
  await expect.poll(() => options.allInnerTexts().then((texts) => texts.some((t) => t.trim().startsWith(range))), { timeout: 30000 }).toBe(true);
  const texts = await options.allInnerTexts();
  const value = await options.nth(texts.findIndex((t) => t.trim().startsWith(range))).getAttribute('value');
  await select.selectOption(value!);
}

/** Unfolds the open journal's setup (subgroups, planned topics, scale), folded behind its button at first. */
export async function openSetup(page: Page): Promise<void> {
  const fold = page.getByRole('button', { name: ru('journal:setup.group'), exact: true });
  if ((await fold.getAttribute('aria-expanded')) !== 'true') await fold.click();
}

/** The signed-in demo student's own journal: his card of the Web Programming lecture, once shown. */
export async function studentLectureCard(student: Page): Promise<Locator> {
  await student.goto('/lms/journal');
  const card = student.locator('.sj-card').filter({ hasText: 'Веб-программирование' }).filter({ hasText: 'Лекция' });
  await expectVisible(card, 30000);
  return card;
}
