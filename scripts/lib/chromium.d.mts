/** Types of chromium.mjs for the TypeScript that imports it (tests/support/browser.ts). */
export const CHROMIUM_PATH: string;
export const CHROMIUM_FLAGS: string[];
