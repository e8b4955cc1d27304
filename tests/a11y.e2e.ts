/**
 * axe-core on every screen (tests/support/screens.ts): signed out, as a teacher and as a student, in
 * light and dark mode, on a desktop and a phone. No serious or critical violation is allowed.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { STUDENT, TEACHER, type Account } from './support/accounts';
import { seriousViolations } from './support/a11y';
import { setupE2E } from './support/e2e';
import { openContext, PHONE, PUBLIC_SCREENS, sessionOf, SIGNED_IN_SCREENS, THEMES, visit, WIDE, type Screen } from './support/screens';

const e2e = setupE2E();

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;
const sessions = new Map<string, Promise<Session>>();
/** One sign-in per account for the whole file. */
function session(account: Account): Promise<Session> {
  let s = sessions.get(account.login);
  if (!s) sessions.set(account.login, (s = sessionOf(e2e.browser, e2e.server, account)));
  return s;
}

/** Every screen in both themes at one width; the violations of all of them, by screen. */
async function audit(screens: Screen[], viewport: { width: number; height: number }, account?: Account): Promise<string[]> {
  const problems: string[] = [];
  for (const theme of THEMES) {
    const context = await openContext(e2e.browser, e2e.server, { viewport, theme, storageState: account ? await session(account) : undefined });
    try {
      const page = await context.newPage();
      for (const screen of screens) {
        await visit(page, screen);
        for (const v of await seriousViolations(page))
          problems.push(`${screen.name} (${theme}, ${viewport.width} px): ${v.impact} ${v.id} — ${v.help}: ${v.targets.join(' | ')}`);
      }
    } finally {
      await context.close();
    }
  }
  return problems;
}

describe('accessibility (axe-core: no serious or critical violation)', () => {
  for (const viewport of [WIDE, PHONE]) {
    it(`signed out, ${viewport.width} px`, async () => {
      expect(await audit(PUBLIC_SCREENS, viewport)).toEqual([]);
    }, 120000);

    for (const account of [TEACHER, STUDENT]) {
      it(`signed in as ${account.login}, ${viewport.width} px`, async () => {
        expect(await audit(SIGNED_IN_SCREENS, viewport, account)).toEqual([]);
      }, 180000);
    }
  }
});
