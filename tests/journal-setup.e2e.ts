/**
 * The journal's setup in Chromium: the teacher splits a group's laboratory journal into subgroups,
 * reloads and finds the split (and the journal of subgroup 1 lists exactly its members); adds a
 * planned topic with the keyboard, reloads and finds it, and takes it as a lesson's topic.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEACHER } from './support/accounts';
import { expectHidden, expectVisible, setupE2E, signIn } from './support/e2e';
import { chooseLessonTime, openSetup } from './support/journal';
import { ru } from './support/texts';

const e2e = setupE2E();
/** How long a poll may wait for a state on this loaded machine (a bound, not a delay). */
const WAIT = { timeout: 30000 };

/** Opens the Web Programming laboratory journal of a group's subgroup 1; returns the group option's label. */
async function openLab(page: Page, label?: string): Promise<string> {
  await page.goto('/lms/journal');
  await expectVisible(page.getByText(ru('journal:chooseJournal')), 30000);
  await page.getByLabel(ru('journal:filters.discipline'), { exact: true }).selectOption({ label: 'Веб-программирование' });
  await page.getByLabel(ru('journal:filters.lessonType'), { exact: true }).selectOption({ label: 'Лабораторная работа' });
  const group = page.getByLabel(ru('journal:filters.group'), { exact: true });
  const labels = (await group.locator('option').allInnerTexts()).map((l) => l.trim());
  const chosen = label ?? labels.find((l) => l.endsWith(ru('journal:filters.subgroup', { n: 1 })))!;
  expect(chosen).toBeTruthy();
  await group.selectOption({ label: chosen });
  await expectVisible(page.locator('.jg-wrap'), 30000);
  return chosen;
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

describe('journal setup', () => {
  it('teacher: splits the group into subgroups and finds the split after a reload; the journal of subgroup 1 lists its members', async () => {
    const page = await e2e.page();
    await signIn(page, TEACHER);
    const label = await openLab(page);
    const group = label.split(' · ')[0];

    await openSetup(page);
    await page.getByRole('button', { name: ru('journal:setup.subgroups'), exact: true }).click();
    const box = dialog(page, ru('journal:subgroups.title', { group }));
    await expectVisible(box);
    // Focus starts in the dialog, on the first subgroup's name.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), WAIT).toBe('subgroup-name-1');
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('Бэкенд');
    const selects = box.locator('select[id^="subgroup-of-"]');
    const count = await selects.count();
    expect(count).toBeGreaterThan(3);
    // The first three students: 1, 2, none; everyone else in subgroup 2.
    for (let i = 0; i < count; i++) await selects.nth(i).selectOption(i === 0 ? '1' : i === 2 ? '0' : '2');
    const names = await box.locator('.setup-student label').allInnerTexts();
    await box.getByRole('button', { name: ru('journal:subgroups.save'), exact: true }).click();
    await expectHidden(box);
    // The journal of subgroup 1 now lists exactly its one member.
    await expect.poll(() => page.locator('tbody th.jg-name').allInnerTexts(), WAIT).toEqual([expect.stringContaining(names[0].trim())]);

    await page.reload();
    await openLab(page, label);
    expect(await page.locator('tbody th.jg-name').allInnerTexts()).toEqual([expect.stringContaining(names[0].trim())]);
    await openSetup(page);
    await page.getByRole('button', { name: ru('journal:setup.subgroups'), exact: true }).click();
    await expectVisible(box);
    await expect.poll(() => box.locator('#subgroup-name-1').inputValue(), WAIT).toBe('Бэкенд');
    expect(await selects.nth(0).inputValue()).toBe('1');
    expect(await selects.nth(1).inputValue()).toBe('2');
    expect(await selects.nth(2).inputValue()).toBe('0');
    // Tab and Shift+Tab stay inside: back from the first field is the dialog's last button.
    await box.locator('#subgroup-name-1').focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => [Boolean(document.activeElement?.closest('[role="dialog"]')), document.activeElement?.textContent])).toEqual([
      true,
      ru('journal:subgroups.save'),
    ]);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('subgroup-name-1');
    // Escape closes it and focus returns to the button that opened it.
    await page.keyboard.press('Escape');
    await expectHidden(box);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(ru('journal:setup.subgroups'));
  }, 120000);

  it('teacher: adds a planned topic with the keyboard and finds it after a reload', async () => {
    const page = await e2e.page();
    await signIn(page, TEACHER);
    const label = await openLab(page);
    await openSetup(page);
    const open = page.getByRole('button', { name: ru('journal:setup.planTopics'), exact: true });
    await open.focus();
    await page.keyboard.press('Enter');
    const box = dialog(page, ru('journal:planTopics.title', { discipline: 'Веб-программирование' }));
    await expectVisible(box);
    await expectVisible(box.getByText(ru('journal:planTopics.empty')));

    // An empty topic is refused with a message, and nothing is saved.
    await box.getByRole('button', { name: ru('journal:planTopics.add'), exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-name')), WAIT).toBe('topic');
    await box.getByRole('button', { name: ru('journal:planTopics.save'), exact: true }).click();
    await expectVisible(box.getByRole('alert').filter({ hasText: ru('journal:planTopics.topicRequired') }));

    // Keyboard only: the topic, Tab to its hours, back to the topic, Enter saves the form.
    await page.locator('[data-name="topic"]').first().focus();
    await page.keyboard.insertText('Протокол HTTP и REST');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('4');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expectHidden(box);

    await page.reload();
    await openLab(page, label);
    await openSetup(page);
    await page.getByRole('button', { name: ru('journal:setup.planTopics'), exact: true }).click();
    await expectVisible(box);
    await expect.poll(() => box.locator('[data-name="topic"]').first().inputValue(), WAIT).toBe('Протокол HTTP и REST');
    expect(await box.locator('[data-name="hours"]').first().inputValue()).toBe('4');
    await expectVisible(box.getByText(ru('journal:planTopics.summary', { count: 1, hours: 4 })));
    await page.keyboard.press('Escape');
    await expectHidden(box);

    // A lesson's topic can be taken from the planned ones.
    const d = new Date();
    const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    await page.getByLabel(ru('journal:lesson.date'), { exact: true }).fill(today);
    await chooseLessonTime(page, '17:30–18:50');
    await page.getByRole('button', { name: ru('journal:lesson.topic'), exact: true }).click();
    // The dialog is the chosen lesson's (its title ends with its day and month).
    const lesson = page.getByRole('dialog', { name: `${ru('journal:lesson.topic')} · ${today.slice(8, 10)}.${today.slice(5, 7)}` });
    const planned = lesson.getByLabel(ru('journal:topic.planned'), { exact: true });
    await expectVisible(planned);
    await planned.selectOption({ label: '1. Протокол HTTP и REST' });
    expect(await lesson.getByLabel(ru('journal:topic.text'), { exact: true }).inputValue()).toBe('Протокол HTTP и REST');
    expect(await lesson.getByLabel(ru('journal:topic.hours'), { exact: true }).inputValue()).toBe('4');
    await lesson.getByRole('button', { name: ru('journal:topic.save'), exact: true }).click();
    await expectHidden(lesson);
    await page.reload();
    await openLab(page, label);
    await page.getByLabel(ru('journal:lesson.date'), { exact: true }).fill(today);
    await chooseLessonTime(page, '17:30–18:50');
    await page.getByRole('button', { name: ru('journal:lesson.topic'), exact: true }).click();
    await expect.poll(() => lesson.getByLabel(ru('journal:topic.text'), { exact: true }).inputValue(), WAIT).toBe('Протокол HTTP и REST');
  }, 120000);
});
