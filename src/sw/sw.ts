/// <reference lib="webworker" />
/**
 * The portal's service worker (scope /lms/; docs/product.md#installable-app). It keeps this build's
 * shell (scripts, styles, texts, icons and index.html) so that the portal starts with no network: the
 * app then shows its offline page with the timetable stored on this device.
 *
 * - A page is always asked of the server first, so an online start gets the server's own page (and
 *   with it the code of the server's version), never a stored one; only when the network fails is
 *   the stored index.html of this build answered.
 * - API calls are not touched: they go to the network as if there were no worker.
 * - A new version installs beside this one and waits: it takes over at the next start (every portal
 *   tab closed), and the page tells the user so (src/sw/register.ts).
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

cleanupOutdatedCaches();
// The texts are asked for with ?v=<version of the texts>: the stored copy of this build answers them.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/^v$/] });

const SHELL = 'index.html';

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (err) {
        const stored = await matchPrecache(SHELL);
        if (stored) return stored;
        throw err;
      }
    },
    { allowlist: [/^\/lms(\/|$)/] },
  ),
);
