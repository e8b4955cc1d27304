/** The system Chromium and the flags the end-to-end tests (tests/support/browser.ts) and the benchmarks launch it with. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Features switched off. The omnibox's WebUI popups: Chromium starts a renderer for them with every
 * window, and headless every browser context is a window that never shows an address bar; a seventh
 * of the end-to-end tests' CPU went to them. Chromium keeps only the last `--disable-features` it is
 * given, and Playwright gives its own first: so its list (playwright-core 1.65: background requests
 * to Google's services, HTTPS upgrades of the tests' plain-HTTP loopback servers, third-party storage
 * partitioning, the back/forward and before-unload behaviour its waits rely on) is repeated here.
 */
const DISABLED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'ThirdPartyStoragePartitioning',
];

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];
