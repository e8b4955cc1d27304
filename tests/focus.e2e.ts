/**
 * Focus a person can see: every control shows the same focus ring, at least 3:1 against what is
 * behind it, in both themes (WCAG 2.4.13); and tabbing through every screen never leaves the focused
 * control under the sticky header or, on a phone, under the fixed tab bar (WCAG 2.4.11).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STUDENT, TEACHER } from './support/accounts';
import { setupE2E } from './support/e2e';
import { openContext, passName, PHONE, sessions, SIGNED_IN_SCREENS, THEMES, visit, WIDE, type Pass } from './support/screens';

const e2e = setupE2E();
const session = sessions(e2e);

/** The focused element's ring: its outline, and the contrast of its colour against the background behind the element. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    // What the ring is drawn on: the first ancestor with a background of its own.
    let behind = el.parentElement;
    while (behind && (rgb(getComputedStyle(behind).backgroundColor)[3] === 0 || getComputedStyle(behind).backgroundColor === 'transparent')) behind = behind.parentElement;
    const back = luminance(rgb(behind ? getComputedStyle(behind).backgroundColor : 'rgb(255,255,255)'));
    const ring = luminance(rgb(style.outlineColor));
    return {
      tag: el.tagName.toLowerCase(),
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      contrast: Math.round(((Math.max(back, ring) + 0.05) / (Math.min(back, ring) + 0.05)) * 10) / 10,
    };
  });

describe('the focus ring of text fields and selects', () => {
  for (const theme of THEMES)
    it(`${theme}: a select and a text field show the ring buttons have, at least 3:1`, async () => {
      const context = await openContext(e2e.browser, e2e.server, { viewport: WIDE, theme, storageState: await session(TEACHER) });
      try {
        const page = await context.newPage();
        await page.goto('/lms/library');
        const search = page.locator('#main input:not([type="hidden"]):not([type="checkbox"]):not([type="file"])').first();
        const select = page.locator('#main select').first();
        await select.waitFor({ timeout: 20000 });
        const rings = [];
        for (const field of [search, select]) {
          // Reached by the keyboard, as a person tabbing does.
          await field.focus();
          await page.keyboard.press('Shift+Tab');
          await page.keyboard.press('Tab');
          expect(await page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe(await field.evaluate((el) => el.tagName.toLowerCase()));
          rings.push(await focusRing(page));
        }
        for (const ring of rings) {
          expect(ring.style, `${ring.tag}: outline`).not.toBe('none');
          expect(ring.width, `${ring.tag}: outline width`).toBeGreaterThanOrEqual(2);
          expect(ring.contrast, `${ring.tag}: ring contrast`).toBeGreaterThanOrEqual(3);
        }
      } finally {
        await context.close();
      }
    }, 60000);
});

/**
 * Tabs through the page from its top, then back up with Shift+Tab (the page then scrolls up, towards
 * the header); returns each focused control that the header or the tab bar covers.
 */
async function coveredStops(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
    for (const el of document.querySelectorAll('[data-e2e-first]')) el.removeAttribute('data-e2e-first');
  });
  const covered: string[] = [];
  let forward = 0;
  for (let i = 0; i < 300; i++) {
    const back = forward > 0 && i >= forward;
    if (back && i >= 2 * forward) break;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { end: true, covered: null };
      const bars = [document.querySelector('.app-header'), document.querySelector('[data-testid="mobile-tab-bar"]')].filter((b): b is Element => Boolean(b));
      // The bars' own controls, those of a modal over them and the skip link (drawn over the header at
      // the top of the page on purpose) are never under them.
      if (bars.some((bar) => bar.contains(el)) || el.closest('[aria-modal="true"]') || el.classList.contains('skip-link')) return { end: false, covered: null };
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return { end: false, covered: null };
      const under = bars.find((bar) => {
        const b = bar.getBoundingClientRect();
        return box.top < b.bottom && box.bottom > b.top && box.left < b.right && box.right > b.left;
      });
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
      return { end: false, covered: under ? `${name} under ${under.className || under.getAttribute('data-testid')}` : null, first: el.hasAttribute('data-e2e-first') };
    });
    if (stop.covered && !covered.includes(stop.covered)) covered.push(stop.covered);
    // The end of the page (or the first stop again): from here back up.
    if (!back && (stop.end || stop.first || i === 149)) forward = i + 1;
    if (i === 0) await page.evaluate(() => document.activeElement?.setAttribute('data-e2e-first', ''));
  }
  return covered;
}

describe('no focused control under the header or the tab bar', () => {
  const passes: Pass[] = [
    { account: TEACHER, viewport: PHONE },
    { account: STUDENT, viewport: PHONE },
    { account: TEACHER, viewport: WIDE },
    { account: STUDENT, viewport: WIDE },
  ];
  for (const pass of passes)
    it(passName(pass), async () => {
      const context = await openContext(e2e.browser, e2e.server, { viewport: pass.viewport, storageState: await session(pass.account!) });
      try {
        const page = await context.newPage();
        const problems: string[] = [];
        // Every screen's first view (the open states with a dialog keep the focus in the dialog).
        for (const screen of SIGNED_IN_SCREENS.filter((s, i, all) => all.findIndex((o) => o.path === s.path) === i)) {
          await visit(page, screen);
          for (const stop of await coveredStops(page)) problems.push(`${screen.name}: ${stop}`);
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }, 600000);
});
