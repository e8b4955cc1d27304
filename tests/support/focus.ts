/** Focus probes run inside a page: controls reached by the keyboard that something fixed covers. */
import type { Page } from 'playwright-core';

/**
 * Tabs through the page from its top, then back up with Shift+Tab (the page then scrolls up, towards
 * the header); returns each focused control that the header or the tab bar covers.
 */
export async function coveredStops(page: Page): Promise<string[]> {
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
      return {
        end: false,
        covered: under ? `${name} under ${under.className || under.getAttribute('data-testid')}` : null,
        first: el.hasAttribute('data-e2e-first'),
      };
    });
    if (stop.covered && !covered.includes(stop.covered)) covered.push(stop.covered);
    // The end of the page (or the first stop again): from here back up.
    if (!back && (stop.end || stop.first || i === 149)) forward = i + 1;
    if (i === 0) await page.evaluate(() => document.activeElement?.setAttribute('data-e2e-first', ''));
  }
  return covered;
}
