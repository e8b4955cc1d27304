/**
 * Installs the service worker (src/sw/sw.ts) in a built portal, and tells the user when a new version
 * has been installed: it is used from the next start, so the open page never mixes two versions.
 * The installation fetches and stores the whole shell (about 1.3 MB), so it waits until the first
 * screen is up and the browser has nothing else to do (registerWhenSettled).
 */
import i18next from 'i18next';
import { notify } from '@lib/notify';

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  // A newer version installed while this one controls the page: it waits for the next start.
  wb.addEventListener('waiting', () => notify(i18next.t('cm:update.ready'), 'info'));
  await wb.register();
}

/** The longest wait for an idle moment (ms): a page that is never idle still installs the worker. */
export const SW_IDLE_TIMEOUT_MS = 10_000;
/** The longest wait for the first screen (ms): a page stuck on its spinner still installs the worker. */
export const SW_SCREEN_TIMEOUT_MS = 30_000;

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** Resolves once `root` shows a screen: something rendered, and neither the boot splash nor a page spinner left. */
export function screenShown(root: HTMLElement | null): Promise<void> {
  const shown = () => !root || (root.childElementCount > 0 && !root.querySelector('.splash, .page-spinner'));
  if (shown()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root!, { childList: true, subtree: true });
  });
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: SW_IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

/**
 * Registers the service worker once the page has loaded, `root` shows its first screen (the login
 * card, a signed-in screen: not the boot splash or a page spinner) and the browser is idle: its
 * installation then never competes with the first screen's scripts, rendering and requests, which a
 * phone's CPU feels (the login page's blocking time).
 */
export async function registerWhenSettled(root: HTMLElement | null): Promise<void> {
  await loaded();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([screenShown(root), new Promise<void>((resolve) => (timer = setTimeout(resolve, SW_SCREEN_TIMEOUT_MS)))]);
  clearTimeout(timer);
  await idle();
  await registerServiceWorker();
}
