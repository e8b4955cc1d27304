/**
 * The keyboard alone: in chat the tab order follows the screen (disciplines | contacts |
 * conversation) and the message box is one step from a picked contact; the delete confirmation
 * keeps the focus and gives it back; Escape on the profile menu returns to its button; the journal's
 * grid is one tab stop (arrows move inside it, Tab leaves it).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEACHER } from './support/accounts';
import { expectHidden, expectVisible, openProfileMenu, setupE2E, signIn } from './support/e2e';
import { openLecture } from './support/journal';
import { ru } from './support/texts';

const e2e = setupE2E();
const WIDE = { width: 1366, height: 900 };
const WEB = 'Веб-программирование';
const STUDENT_NAME = 'Сыдыкова Айпери Талантовна';

/** The chat column or pane (by test id) the focused element is in, or null. */
const focusedArea = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    const area = el?.closest('[data-testid="chat-disciplines"], [data-testid="chat-contacts"], [data-testid="chat-conversation"]');
    return area?.getAttribute('data-testid') ?? null;
  });

const focusedIsInDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('[role="alertdialog"]')));

async function openChat(page: Page): Promise<void> {
  await signIn(page, TEACHER);
  await page.goto('/lms/chat');
  await page
    .getByTestId('chat-disciplines')
    .getByRole('button', { name: new RegExp(WEB) })
    .click();
  await expectVisible(page.getByTestId('chat-contacts').getByRole('button', { name: new RegExp(STUDENT_NAME) }));
}

describe('keyboard', () => {
  it('chat: Tab goes disciplines → contacts → conversation, as on screen', async () => {
    const page = await e2e.page({ viewport: WIDE });
    await openChat(page);
    const contact = page.getByTestId('chat-contacts').getByRole('button', { name: new RegExp(STUDENT_NAME) });
    await contact.click();
    await expectVisible(page.getByRole('heading', { name: STUDENT_NAME, exact: true }));

    // From the top of the page, the areas in the order the focus reaches them.
    await page.locator('.skip-link').focus();
    const order: string[] = [];
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const area = await focusedArea(page);
      if (area && order.at(-1) !== area) order.push(area);
      if (area === 'chat-conversation') break;
    }
    expect(order).toEqual(['chat-disciplines', 'chat-contacts', 'chat-conversation']);
  });

  it('chat: picking a contact with the keyboard leaves the focus in the message box', async () => {
    const page = await e2e.page({ viewport: WIDE });
    await openChat(page);
    const contact = page.getByTestId('chat-contacts').getByRole('button', { name: new RegExp(STUDENT_NAME) });
    await contact.focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('heading', { name: STUDENT_NAME, exact: true }));
    const box = page.getByTestId('chat-composer').getByLabel(ru('chat:composer.label'), { exact: true });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('chat: the delete confirmation keeps the focus inside and gives it back on close', async () => {
    const page = await e2e.page({ viewport: WIDE });
    await openChat(page);
    await page
      .getByTestId('chat-contacts')
      .getByRole('button', { name: new RegExp(STUDENT_NAME) })
      .click();
    const text = `Проверка клавиатуры ${Date.now()}`;
    const box = page.getByTestId('chat-composer').getByLabel(ru('chat:composer.label'), { exact: true });
    await box.fill(text);
    await page.keyboard.press('Enter');
    const mine = page.getByTestId('chat-message').filter({ hasText: text });
    const del = mine.getByRole('button', { name: ru('chat:conversation.deleteWhat', { what: text }), exact: true });
    await del.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: ru('chat:conversation.deleteTitle'), exact: true });
    await expectVisible(dialog);
    expect(await focusedIsInDialog(page), 'focus starts in the dialog').toBe(true);
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await focusedIsInDialog(page), `Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusedIsInDialog(page), `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    await expect.poll(() => del.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('Escape closes the profile menu and returns the focus to its button', async () => {
    const page = await e2e.page({ viewport: WIDE });
    await signIn(page, TEACHER);
    const button = page.getByTestId('profile-menu-button');
    await button.focus();
    await page.keyboard.press('Enter');
    const panel = await openProfileMenu(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expectHidden(panel);
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
  });

  it('the journal grid is one tab stop: arrows move inside it, Tab and Shift+Tab leave it', async () => {
    const page = await e2e.page({ viewport: WIDE });
    await signIn(page, TEACHER);
    await openLecture(page);
    const place = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return { inGrid: Boolean(el?.closest('[role="grid"]')), row: el?.dataset.row ?? null, col: el?.dataset.col ?? null };
      });
    await page.locator('td.jg-cell[data-row="0"][data-col="0"]').click();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    expect(await place()).toEqual({ inGrid: true, row: '1', col: '1' });
    await page.keyboard.press('Tab');
    expect((await place()).inGrid, 'Tab leaves the grid').toBe(false);
    // Back into the grid by Shift+Tab: the cell left, then Shift+Tab leaves it the other way.
    await page.keyboard.press('Shift+Tab');
    expect(await place()).toEqual({ inGrid: true, row: '1', col: '1' });
    await page.keyboard.press('Shift+Tab');
    expect((await place()).inGrid, 'Shift+Tab leaves the grid').toBe(false);
  });
});
