/**
 * The screen checks of tests/a11y.e2e.ts (a desktop, 1366 px, in English) and tests/a11y-phone.e2e.ts
 * (a phone, 390 px, in Kyrgyz), one file per width so that the two run side by side: axe-core on every
 * screen (tests/support/screens.ts), signed out, as a teacher and as a student (and the administration's
 * screens as the administrator), in light and dark mode. No serious or critical violation is allowed,
 * and no screen shows a Russian text that has a translation (tests/support/language.ts). The same visits
 * check that nothing sticks out of its card or the screen (the layout check of tests/layout.e2e.ts, which
 * covers 900 px), and, signed in, that tabbing through each screen's first view never leaves the focused
 * control under the sticky header or the phone's tab bar (WCAG 2.4.11; the open states with a dialog
 * keep the focus in the dialog). Each screen is loaded once per account and width: the themes are
 * switched in place (the second one, which changes only colours, is checked by axe's colour rules, and
 * the page asks for reduced motion, so the new colours are there at once, without transitions to wait
 * for). The desktop visit also narrows the window to 900 px (the narrowest desktop layout, whose rules
 * hold up to 1199 px) and checks that nothing sticks out there: crossing no breakpoint of the script
 * (the phone's is 900 px), the narrower window changes only the style sheet's layout, as a person
 * narrowing the window would see.
 */
import type { Page } from 'playwright-core';
import { ADMIN, STUDENT, TEACHER } from './accounts';
import { COLOUR_RULES, overflowLines, seriousViolations } from './a11y';
import { setupE2E } from './e2e';
import { coveredStops } from './focus';
import { russianTextCheck, type Lng } from './language';
import { NARROW_DESKTOP, PHONE, sessions, THEMES, WIDE } from './contexts';
import { checkEveryScreen } from './screen-passes';
import { ADMIN_SCREENS, SIGNED_IN_SCREENS } from './screens';

/** The first view of each signed-in screen (one screen per path). */
const firstViews = (screens: typeof SIGNED_IN_SCREENS) => screens.filter((s, i, all) => all.findIndex((o) => o.path === s.path) === i);
const FIRST_VIEWS = new Set([...firstViews(SIGNED_IN_SCREENS), ...firstViews(ADMIN_SCREENS)]);

/**
 * The language of each width's visits: English on a desktop, Kyrgyz (whose long words test the
 * phone's narrow columns) on a phone. Russian, the default, is the language of every other end-to-end
 * test and of the screenshot baselines.
 */
const LANGUAGE_OF = (viewport: typeof WIDE): Lng => (viewport === WIDE ? 'en' : 'kg');

/** Every screen at one width, once per account, checked in both themes (switched in place); called at a file's top level. */
export function screenChecksAt(viewport: typeof WIDE | typeof PHONE): void {
  const e2e = setupE2E();
  const session = sessions(e2e);
  for (const account of [null, TEACHER, STUDENT, ADMIN]) {
    const language = LANGUAGE_OF(viewport);
    const russianTexts = russianTextCheck(e2e, session, account, language);
    // The administrator's pass visits the administration's screens (its other screens are a teacher's).
    const screens = account === ADMIN ? ADMIN_SCREENS : undefined;
    checkEveryScreen(e2e, session, { account, viewport, themes: THEMES, language, screens }, async (page, screen, theme) => [
      // The first theme gets every rule; the other, switched in place, changes colours alone.
      ...(await seriousViolations(page, theme === THEMES[0] ? undefined : COLOUR_RULES)).map(
        (v) => `${screen.name}: ${v.impact} ${v.id} — ${v.help}: ${v.targets.join(' | ')}`,
      ),
      ...(theme === THEMES[0] ? await overflowLines(page, `${screen.name} at ${viewport.width} px`) : []),
      ...(account && theme === 'light' && FIRST_VIEWS.has(screen) ? (await coveredStops(page)).map((stop) => `${screen.name}: focus ${stop}`) : []),
      ...(viewport === WIDE && theme === THEMES[THEMES.length - 1] ? await narrowedOverflows(page, screen.name) : []),
      ...(theme === THEMES[0] ? await russianTexts(page, screen) : []),
    ]);
  }
}

/** What sticks out with the window narrowed to the narrowest desktop layout; the window is widened again after. */
async function narrowedOverflows(page: Page, name: string): Promise<string[]> {
  await page.setViewportSize(NARROW_DESKTOP);
  try {
    return await overflowLines(page, `${name} at ${NARROW_DESKTOP.width} px`);
  } finally {
    await page.setViewportSize(WIDE);
  }
}
