/** Passes over every screen of screens.ts: one test per screen, visited in turn in one signed-in page. */
import { afterAll, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Account } from './accounts';
import { openContext, switchTheme, type Session, type Theme } from './contexts';
import type { E2E } from './e2e';
import { PUBLIC_SCREENS, SIGNED_IN_SCREENS, visit, type Screen } from './screens';

/** One round of a screen check: who, at what size, in which theme (or each of `themes` in turn on one visit) and language. */
export interface Pass {
  account: Account | null;
  viewport: { width: number; height: number };
  theme?: Theme;
  /** Checks each screen in each of these themes, switched in place on one visit of the screen. */
  themes?: Theme[];
  language?: 'ru' | 'en' | 'kg';
  /** The screens visited (default: every signed-in screen, or the public ones signed out). */
  screens?: Screen[];
}

export function passName(pass: Pass): string {
  return [pass.account ? pass.account.login : 'signed out', `${pass.viewport.width} px`, pass.themes?.join(' + ') ?? pass.theme, pass.language]
    .filter(Boolean)
    .join(', ');
}

/**
 * Registers one test per screen of `pass` (the public screens when signed out), visited in turn in
 * one browser page; `check` returns what is wrong on the screen, and the test expects nothing.
 * With `themes`, each screen is checked in each theme after one visit (the theme switched in place),
 * its problems named by theme.
 */
export function checkEveryScreen(
  e2e: E2E,
  session: (account: Account) => Promise<Session>,
  pass: Pass,
  check: (page: Page, screen: Screen, theme: Theme | undefined) => Promise<string[]>,
): void {
  describe(passName(pass), () => {
    let context: BrowserContext | undefined;
    let opened: Promise<Page> | undefined;
    // Opened by the first screen's test (signing in asserts, which a hook may not), closed after the last.
    const open = async () => {
      context = await openContext(e2e.browser, e2e.server, {
        viewport: pass.viewport,
        theme: pass.themes ? 'system' : pass.theme,
        language: pass.language,
        storageState: pass.account ? await session(pass.account) : undefined,
      });
      return context.newPage();
    };
    afterAll(async () => {
      await context?.close();
    });
    for (const screen of pass.screens ?? (pass.account ? SIGNED_IN_SCREENS : PUBLIC_SCREENS)) {
      it(
        screen.name,
        async ({ expect }) => {
          const page = await (opened ??= open());
          await visit(page, screen);
          if (!pass.themes) {
            expect(await check(page, screen, pass.theme)).toEqual([]);
            return;
          }
          const problems: string[] = [];
          for (const theme of pass.themes) {
            await switchTheme(page, theme);
            for (const problem of await check(page, screen, theme)) problems.push(`${theme}: ${problem}`);
          }
          expect(problems).toEqual([]);
        },
        60000,
      );
    }
  });
}
