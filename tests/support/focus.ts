/** Focus probes run inside a page: controls reached by the keyboard that something fixed covers. */
import type { Page } from 'playwright-core';

/**
 * Tab stops walked down from the top at most: a screen's first view and the next screenful on every
 * screen. Each stop costs a key each way in both screen-check files (80 stops took a quarter of the
 * desktop file's CPU); a control hidden under a bar comes from a layout rule, which the first stops
 * of the screen's parts already meet.
 */
const MOST_STOPS = 40;
/** Key presses between two readings of the page. */
const BATCH = 10;

/** One focused control as the page saw it once the browser had moved the focus (and scrolled). */
interface Stop {
  /** Nothing is focused: the walk went past the last control. */
  end: boolean;
  /** The walk came round to its first control again. */
  first: boolean;
  covered: string | null;
}

/**
 * Tabs through the page from its top, then back up with Shift+Tab (the page then scrolls up, towards
 * the header); returns each focused control that the header or the tab bar covers.
 *
 * The keys are real (the browser moves the focus and scrolls as it does for a person). The page
 * notes where the focus is when the next key arrives, by which time the previous key's scrolling is
 * done, and is read once every few keys instead of once per key.
 */
export async function coveredStops(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    type Probe = { records: Stop[]; first: Element | null; count: number; skipNext: boolean; status: () => Stop };
    const w = window as unknown as { __e2eStops?: Probe };
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
    const status = (): Stop => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { end: true, first: false, covered: null };
      const probe = w.__e2eStops as Probe;
      const first = probe.first === el;
      probe.first ??= el;
      const bars = [document.querySelector('.app-header'), document.querySelector('[data-testid="mobile-tab-bar"]')].filter((b): b is Element => Boolean(b));
      // The bars' own controls, those of a modal over them and the skip link (drawn over the header at
      // the top of the page on purpose) are never under them.
      if (bars.some((bar) => bar.contains(el)) || el.closest('[aria-modal="true"]') || el.classList.contains('skip-link'))
        return { end: false, first, covered: null };
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return { end: false, first, covered: null };
      const under = bars.find((bar) => {
        const b = bar.getBoundingClientRect();
        return box.top < b.bottom && box.bottom > b.top && box.left < b.right && box.right > b.left;
      });
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
      return { end: false, first, covered: under ? `${name} under ${under.className || under.getAttribute('data-testid')}` : null };
    };
    if (!w.__e2eStops)
      document.addEventListener(
        'keydown',
        (event) => {
          const probe = w.__e2eStops as Probe;
          if (event.key !== 'Tab') return;
          // The focus before this key: where the previous key left it.
          if (probe.count > 0 && !probe.skipNext) probe.records.push(probe.status());
          probe.skipNext = false;
          probe.count += 1;
        },
        true,
      );
    w.__e2eStops = { records: [], first: null, count: 0, skipNext: false, status };
  });
  /** The stops of the keys pressed since the last reading, the focus now included. */
  const read = () =>
    page.evaluate(() => {
      const probe = (window as unknown as { __e2eStops: { records: Stop[]; skipNext: boolean; status: () => Stop } }).__e2eStops;
      const stops = [...probe.records.splice(0), probe.status()];
      probe.skipNext = true;
      return stops;
    });
  const press = async (key: string, times: number) => {
    for (let i = 0; i < times; i++) await page.keyboard.press(key);
  };

  const covered = new Set<string>();
  const note = (stops: Stop[]) => stops.forEach((stop) => stop.covered && covered.add(stop.covered));
  // Down: until the focus leaves the last control or comes round to the first one.
  let forward = 0;
  let pressed = 0;
  while (!forward) {
    const keys = Math.min(BATCH, MOST_STOPS - pressed);
    await press('Tab', keys);
    const stops = await read();
    const last = stops.findIndex((stop, i) => stop.end || stop.first || pressed + i === MOST_STOPS - 1);
    note(last < 0 ? stops : stops.slice(0, last + 1));
    if (last >= 0) {
      forward = pressed + last + 1;
      // The keys after the last stop went round to the top again: back to where the walk ended.
      await press('Shift+Tab', keys - last - 1);
      if (keys - last - 1 > 0) await read();
    }
    pressed += keys;
  }
  // Up: as many stops back.
  for (let back = 0; back < forward; back += BATCH) {
    await press('Shift+Tab', Math.min(BATCH, forward - back));
    note(await read());
  }
  return [...covered];
}
