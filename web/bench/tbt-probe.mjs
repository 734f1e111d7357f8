// Temporary probe: long tasks on /chinese/normal with style variants.
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium.mjs';
const origin = process.argv[2];
const variant = process.argv[3] ?? 'base';
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const results = [];
for (let run = 0; run < 3; run++) {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  });
  await page.route('**/style/vec.json', async (route) => {
    const response = await route.fetch();
    const style = await response.json();
    if (variant === 'nolabels') style.layers = style.layers.filter((l) => l.type !== 'symbol');
    if (variant === 'noworldlabels') style.layers = style.layers.filter((l) => l.id !== 'world-label');
    if (variant === 'noworld') { style.layers = style.layers.filter((l) => !l.id.startsWith('world')); }
    await route.fulfill({ response, json: style });
  });
  await page.goto(`${origin}/chinese/normal`);
  await page.waitForTimeout(7000);
  const long = await page.evaluate(() => window.__long);
  const tbt = long.reduce((s, [, d]) => s + Math.max(0, d - 50), 0);
  results.push(tbt);
  console.log(variant, 'run', run, 'TBT~', tbt, JSON.stringify(long));
  await context.close();
}
console.log(variant, 'median', results.sort((a, b) => a - b)[1]);
await browser.close();
