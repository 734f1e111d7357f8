// The app's map (src/components/map) as journeys read it. It exposes its state on the element
// `map-canvas`: `data-view` (center, zoom, bounds, projection, after every movement),
// `data-idle` (everything loaded is drawn), `data-rendered` (base-map features drawn at the
// last idle, counted only when the probe is on) and `data-overlays` (features drawn per page
// layer at the last idle, e.g. {"footprints": 20}).
import type { Page } from './harness';

/** Asks the map to count its base-map features too; call before the page opens. */
export async function probeMap(page: Page): Promise<void> {
  await page.addInitScript(() => Object.assign(window, { rscloudMapProbe: true }));
}

/** Waits until the map has drawn everything it loaded. */
export async function mapSettled(page: Page): Promise<void> {
  await page.getByTestId('map-canvas').and(page.locator('[data-idle="true"]')).waitFor();
}

/** Features drawn per page layer when the map last settled, e.g. {footprints: 20}. */
export async function mapOverlays(page: Page): Promise<Record<string, number>> {
  const overlays = await page.getByTestId('map-canvas').getAttribute('data-overlays');
  return JSON.parse(overlays ?? '{}') as Record<string, number>;
}
