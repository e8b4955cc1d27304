/**
 * Installs the service worker (src/sw/sw.ts) in a built portal, and tells the user when a new version
 * has been installed: it is used from the next start, so the open page never mixes two versions.
 */
import i18next from 'i18next';
import { notify } from '../lib/notify';

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  // A newer version installed while this one controls the page: it waits for the next start.
  wb.addEventListener('waiting', () => notify(i18next.t('cm:update.ready'), 'info'));
  await wb.register();
}
