/**
 * Focus a person can see: every control shows the same focus ring, at least 3:1 against what is
 * behind it, in both themes (WCAG 2.4.13). That tabbing through every screen never leaves the
 * focused control under the sticky header or, on a phone, under the fixed tab bar (WCAG 2.4.11) is
 * checked on the visits of tests/a11y.e2e.ts (support/focus.ts), each screen being loaded once.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEACHER } from './support/accounts';
import { setupE2E } from './support/e2e';
import { openContext, sessions, THEMES, WIDE } from './support/contexts';
import { SIGNED_IN_SCREENS, visit } from './support/screens';

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
    while (behind && (rgb(getComputedStyle(behind).backgroundColor)[3] === 0 || getComputedStyle(behind).backgroundColor === 'transparent'))
      behind = behind.parentElement;
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
        // The library loaded whole (its books in, nothing busy), so that no late part of the page takes
        // the focus while the keys below move it.
        await visit(
          page,
          SIGNED_IN_SCREENS.find((s) => s.path === '/lms/library')!,
        );
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
