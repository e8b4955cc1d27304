/**
 * Accessibility and layout probes run inside the page: axe-core (from node_modules, never from a
 * CDN) and an overflow check of every element against its card and the viewport.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/** One axe violation, shortened for a readable failure message. */
export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The rules a change of colours alone (the other theme) can break. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * Runs axe-core (WCAG 2.x A/AA and best practices) on the page and returns its serious and critical
 * violations (of the given `rules` only, when named). The script is evaluated through the DevTools
 * protocol, so the page's CSP stays as is.
 */
export async function seriousViolations(page: Page, rules?: readonly string[]): Promise<Violation[]> {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async (only) => {
    type AxeResult = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], ...(only ? { runOnly: { type: 'rule', values: only } } : {}) });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  }, rules);
}

/** What sticks out: an element past the viewport's right or left edge, or past its card's. */
export interface Overflow {
  element: string;
  container: string;
  by: number;
}

/** Selectors of the boxes content must stay inside. */
export const CARD_SELECTOR = [
  '.card',
  '.login-card',
  '.profile-panel',
  '.chat-panel',
  '.chat-column',
  '.apps-panel',
  '.side-menu',
  '.app-tile',
  '.dialog',
  '.app-header',
  '.tab-bar',
].join(',');

/** The overflows of the page, one line each, for a screen's report (`where`: the screen and width). */
export async function overflowLines(page: Page, where: string): Promise<string[]> {
  return (await overflows(page)).map((o) => `${where}: ${o.element} sticks out of ${o.container} by ${o.by} px`);
}

export async function overflows(page: Page): Promise<Overflow[]> {
  return page.evaluate((cardSelector) => {
    const found: Array<{ element: string; container: string; by: number }> = [];
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.textContent ?? '').trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls}${text ? ` "${text}"` : ''}`;
    };
    const clips = (el: Element) => {
      const style = getComputedStyle(el);
      return style.overflowX !== 'visible' || style.clip !== 'auto' || style.clipPath !== 'none';
    };
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      found.push({ element: 'document', container: 'viewport', by: document.documentElement.scrollWidth - width });
    for (const el of document.body.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      // Nothing to see, or wholly off-screen on purpose (the skip link until it has the focus).
      if (rect.width === 0 || rect.height === 0 || rect.right <= 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'contents') continue;
      // Walk up to the card; content inside something that clips (scrolls, ellipsis) is not sticking out.
      let clipped = false;
      let card: Element | null = null;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (up.matches(cardSelector)) {
          card = up;
          break;
        }
        if (clips(up)) {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      if (clips(el) && rect.width <= 2) continue; // visually hidden text
      if (rect.right > width + 1 || rect.left < -1) {
        found.push({ element: describe(el), container: 'viewport', by: Math.round(Math.max(rect.right - width, -rect.left)) });
        continue;
      }
      if (card) {
        const box = card.getBoundingClientRect();
        const by = Math.max(rect.right - box.right, box.left - rect.left);
        if (by > 1) found.push({ element: describe(el), container: describe(card).slice(0, 60), by: Math.round(by) });
      }
    }
    return found.slice(0, 20);
  }, CARD_SELECTOR);
}

/** Scroll boxes matching the selector whose content is wider than the box (the reader would have to scroll sideways), as "selector: by N px". */
export async function sidewaysScrolls(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((boxes) => boxes.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => `${b.className}: by ${b.scrollWidth - b.clientWidth} px`));
}
