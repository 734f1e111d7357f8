// Debian's Chromium as the end-to-end journeys (playwright.config.ts) and the Lighthouse
// bench (bench/lighthouse.mjs) start it; no browser is downloaded.

/** The browser: CHROMIUM_BIN, or Debian's. */
export const chromiumPath = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';

/** Its flags. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  // The machine has no network beyond loopback: keep Chromium from calling home.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
