/**
 * Texts in the right language right after switching it from the profile menu, without a reload: the
 * chat's disciplines and the profile's reference data. Every screen in English and Kyrgyz (no Russian
 * text that has a translation) is checked by the screen visits of tests/a11y.e2e.ts.
 */
import { describe, expect, it } from 'vitest';
import { TEACHER } from './support/accounts';
import { expectVisible, openProfileMenu, setupE2E } from './support/e2e';
import { profileIn, REFERENCE_FIELDS, russianOn, russianOnly, russianReference, textsOf } from './support/language';
import { openContext, sessions, SIGNED_IN_SCREENS, visit, WIDE } from './support/screens';
import { text } from './support/texts';

const e2e = setupE2E();
const session = sessions(e2e);

describe('switching the language', () => {
  it('switching the language on the chat renames the disciplines in place and keeps the chosen one open', async () => {
    const context = await openContext(e2e.browser, e2e.server, { viewport: WIDE, language: 'ru', storageState: await session(TEACHER) });
    try {
      const page = await context.newPage();
      await visit(
        page,
        SIGNED_IN_SCREENS.find((s) => s.path === '/lms/chat')!,
      );
      const disciplines = page.getByTestId('chat-disciplines');
      await disciplines.getByRole('button', { name: /Веб-программирование/ }).click();
      const contacts = page.getByTestId('chat-contacts');
      await expectVisible(contacts.getByText('Веб-программирование', { exact: true }));
      const panel = await openProfileMenu(page);
      await panel.getByRole('button', { name: 'EN', exact: true }).click();
      await expectVisible(disciplines.getByRole('button', { name: /Web Programming/ }));
      // The open discipline is the same one, now named in English, with its people still listed.
      await expectVisible(contacts.getByText('Web Programming', { exact: true }));
      expect(await disciplines.getByRole('button', { name: /Веб-программирование/ }).count()).toBe(0);
      expect(await contacts.getByRole('button').count()).toBeGreaterThan(1);
    } finally {
      await context.close();
    }
  }, 90000);

  it('switching the language in the profile menu translates the profile at once, reference data included', async () => {
    const context = await openContext(e2e.browser, e2e.server, { viewport: WIDE, language: 'ru', storageState: await session(TEACHER) });
    try {
      const page = await context.newPage();
      await visit(
        page,
        SIGNED_IN_SCREENS.find((s) => s.path === '/lms')!,
      );
      const panel = await openProfileMenu(page);
      await panel.getByRole('button', { name: 'EN', exact: true }).click();
      await expectVisible(page.getByRole('heading', { name: text('en', 'profile:sections.personal'), exact: true }));
      const en = await profileIn(e2e, await session(TEACHER), TEACHER, 'en');
      for (const field of REFERENCE_FIELDS) {
        const value = en[field];
        if (typeof value !== 'string' || !value) continue;
        const dd = page.locator('.profile-field', { has: page.getByText(text('en', `profile:fields.${field}`), { exact: true }) }).locator('dd');
        await expect.poll(() => dd.innerText(), { message: `${field} in English without a reload` }).toBe(value);
      }
      const problems: string[] = [];
      const russian = new Set([...russianOnly('en'), ...(await russianReference(e2e, await session(TEACHER), TEACHER, 'en', problems))]);
      expect([...problems, ...russianOn(await textsOf(page), russian)]).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90000);
});
