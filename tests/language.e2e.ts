/**
 * Texts in the right language right after switching it from the profile menu, without a reload: the
 * chat's disciplines, the profile's reference data and the timetable (stored in the language it was
 * loaded in). Every screen in English and Kyrgyz (no Russian
 * text that has a translation) is checked by the screen visits of tests/a11y.e2e.ts.
 */
import { describe, expect, it } from 'vitest';
import { STUDENT, TEACHER } from './support/accounts';
import { expectVisible, openProfileMenu, setupE2E } from './support/e2e';
import { profileIn, REFERENCE_FIELDS, russianOn, russianOnly, russianReference, textsOf } from './support/language';
import { openContext, sessions, WIDE } from './support/contexts';
import { SIGNED_IN_SCREENS, visit } from './support/screens';
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

  it('switching the language on the schedule loads the timetable again in the new language, the stored copy too', async () => {
    const context = await openContext(e2e.browser, e2e.server, { viewport: WIDE, language: 'ru', storageState: await session(TEACHER) });
    try {
      const page = await context.newPage();
      const schedule = SIGNED_IN_SCREENS.find((s) => s.path === '/lms/schedule')!;
      await visit(page, schedule);
      const panel = page.locator('.schedule-panel');
      await expectVisible(panel.getByText('Веб-программирование').first());
      const menu = await openProfileMenu(page);
      await menu.getByRole('button', { name: 'EN', exact: true }).click();
      await expectVisible(panel.getByText('Web Programming').first());
      expect(await panel.getByText('Веб-программирование').count()).toBe(0);
      await expect.poll(() => page.getByTestId('schedule-updated').innerText()).toMatch(/^Updated /);
      // The copy stored on the device is the English one: a reload shows it, still in English.
      await page.reload();
      await expectVisible(panel.getByText('Web Programming').first());
      expect(await panel.getByText('Веб-программирование').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 90000);

  for (const language of ['en', 'kg'] as const)
    it(`the student's own journal explains н/б and ув in ${language === 'en' ? 'English' : 'Kyrgyz'}`, async () => {
      const context = await openContext(e2e.browser, e2e.server, { viewport: WIDE, language, storageState: await session(STUDENT) });
      try {
        const page = await context.newPage();
        await page.goto('/lms/journal');
        await expectVisible(page.locator('.sj-card').first(), 30000);
        const legend = page.getByTestId('mark-legend');
        await expectVisible(legend);
        const shown = await legend.innerText();
        for (const key of ['journal:legend.present', 'journal:legend.absent', 'journal:legend.excused']) expect(shown).toContain(text(language, key));
        // The Latin-keyboard keys are the teacher's typing aid, not the student's.
        expect(shown).not.toContain(text(language, 'journal:legend.absentKey'));
      } finally {
        await context.close();
      }
    }, 90000);
});
