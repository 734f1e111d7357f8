// `make web-bench`, after Lighthouse: what the map alone costs the main thread in this
// Chromium (headless, --disable-gpu: WebGL is drawn by SwiftShader on the CPU, and each frame
// is read back for the software compositor). It loads MapLibre, as the app ships it, in a bare
// page of the server's origin, the map the size it has on /normal, and prints the median of
// RUNS loads of
//   basemap   the app's vector basemap (/ows/cloudPlatform/style/vec.json) at China's extent,
//   empty     a style with no layers at all: what WebGL and MapLibre cost before any drawing,
// each as the long tasks' time over 50 ms until the map is idle (what Lighthouse's Total
// Blocking Time adds up), the frames drawn until then, and one more full frame once idle.
// The empty line is the floor no style or data change can go below.
//
// Environment: the server's (bench/server.mjs), CHROMIUM_BIN, MAP_FLOOR_RUNS (default 3).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium.mjs';
import { startServer } from './server.mjs';

const runs = Number(process.env.MAP_FLOOR_RUNS ?? 3);
const require = createRequire(import.meta.url);
const maplibreDir = path.dirname(require.resolve('maplibre-gl/dist/maplibre-gl.mjs'));
const { version } = require('maplibre-gl/package.json');

/** The bare page: the map where /normal has it, its long tasks and frames recorded. */
const page = `<!doctype html>
<html><head><meta charset="utf-8"><link rel="stylesheet" href="/map-floor/maplibre-gl.css">
<style>body { margin: 0 } #map { position: absolute; left: 440px; top: 118px; width: 910px; height: 822px }</style>
</head><body><div id="map"></div>
<script>
  window.floor = { tasks: [], frames: 0 };
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.floor.tasks.push(task.duration);
  }).observe({ type: 'longtask', buffered: true });
</script>
<script type="module">
  import * as maplibre from '/map-floor/maplibre-gl.mjs';
  maplibre.setWorkerUrl('/map-floor/maplibre-gl-worker.mjs');
  const empty = new URLSearchParams(location.search).has('empty');
  const style = await (await fetch('/ows/cloudPlatform/style/vec.json')).json();
  if (empty) style.layers = [];
  const map = new maplibre.Map({
    container: 'map',
    style,
    bounds: [73, 18, 135, 54],
    fadeDuration: 0,
    attributionControl: false,
    localIdeographFontFamily: "'Noto Sans CJK SC', sans-serif",
  });
  map.on('render', () => (window.floor.frames += 1));
  map.once('idle', () => {
    const { floor } = window;
    floor.toIdle = floor.tasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0);
    floor.framesToIdle = floor.frames;
    // One more full frame, alone: what each redraw (a pan, a tile, a hover) costs.
    setTimeout(() => {
      const before = performance.now();
      map.once('render', () => requestAnimationFrame(() => {
        floor.frame = performance.now() - before;
        floor.done = true;
      }));
      map.triggerRepaint();
    }, 500);
  });
</script></body></html>`;

/** One load of the page in a fresh browser. */
async function measure(browserPage, origin, variant) {
  await browserPage.goto(`${origin}/map-floor.html${variant === 'empty' ? '?empty' : ''}`);
  await browserPage.waitForFunction(() => globalThis.floor?.done, null, { timeout: 60_000 });
  return browserPage.evaluate(() => globalThis.floor);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startServer();
try {
  console.log(`MapLibre ${version} in ${chromiumPath} (--disable-gpu), median of ${runs} loads`);
  console.log('style      blocking ms to idle  frames to idle  one frame ms');
  for (const variant of ['basemap', 'empty']) {
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
      try {
        const browserPage = await browser.newPage({ viewport: { width: 1350, height: 940 } });
        await browserPage.route(`${server.origin}/map-floor.html*`, (route) =>
          route.fulfill({ body: page, contentType: 'text/html' }),
        );
        await browserPage.route(`${server.origin}/map-floor/*`, (route) => {
          const file = path.basename(new URL(route.request().url()).pathname);
          const type = file.endsWith('.css') ? 'text/css' : 'text/javascript';
          route.fulfill({ body: readFileSync(path.join(maplibreDir, file)), contentType: type });
        });
        results.push(await measure(browserPage, server.origin, variant));
      } finally {
        await browser.close();
      }
    }
    const pick = (key) => Math.round(median(results.map((result) => result[key])));
    console.log(
      [
        variant.padEnd(10),
        String(pick('toIdle')).padStart(19),
        String(pick('framesToIdle')).padStart(15),
        String(pick('frame')).padStart(13),
      ].join(' '),
    );
  }
} finally {
  await server.stop();
}
