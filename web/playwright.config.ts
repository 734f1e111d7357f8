import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './e2e/support/chromium.mjs';

// End-to-end journeys against the real `rscloud serve` (started by e2e/support/harness.ts)
// in Debian's Chromium; no browser is downloaded.
export default defineConfig({
  testDir: './e2e',
  // Imports the regions and countries once per run (see the file).
  globalSetup: './e2e/support/referenceData.ts',
  // One browser and one server at a time: the machine has two cores.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 720 },
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
});
