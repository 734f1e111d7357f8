// 影像查询's map: the offline basemap, the region picker zooming the map, the globe, drawing.
import { expect, test } from './support/harness';
import type { Bbox, MapView } from './support/imageQuery';

/** Whether the visible bounds contain the box. */
function shows(view: MapView | null, [west, south, east, north]: Bbox): boolean {
  if (!view) return false;
  const [left, bottom, right, top] = view.bounds;
  return left <= west && bottom <= south && right >= east && top >= north;
}

test('the map draws the offline basemap without asking any other host', async ({
  imageQuery,
}, testInfo) => {
  // when a visitor opens 影像查询
  await imageQuery.open();
  await imageQuery.mapSettled();
  // then the map has drawn features from the server's own vector tiles
  expect(await imageQuery.renderedFeatures()).toBeGreaterThan(50);
  expect(imageQuery.tileRequests().length).toBeGreaterThan(0);
  // and shows the whole country
  const view = await imageQuery.view();
  expect(shows(view, [80, 20, 130, 50])).toBe(true);
  // and nothing was asked of any host but the server
  expect(imageQuery.foreignRequests()).toEqual([]);
  await imageQuery.screenshot(testInfo.outputPath('country.png'));
});

test('choosing 湖北省 → 武汉市 → 洪山区 zooms the map to 洪山区', async ({
  imageQuery,
}, testInfo) => {
  const hongshan = await imageQuery.regionBbox('420111');
  await imageQuery.open();
  await imageQuery.mapSettled();
  // when the visitor picks the county level by level
  await imageQuery.chooseRegion('湖北省', '武汉市', '洪山区');
  // then the picker shows the path and the map shows all of 洪山区, close up
  await expect(imageQuery.chosenRegion()).toContainText('湖北省 / 武汉市 / 洪山区');
  await expect
    .poll(async () => {
      const view = await imageQuery.view();
      return shows(view, hongshan) && (view?.zoom ?? 0) >= 9;
    })
    .toBe(true);
  await imageQuery.mapSettled();
  expect(imageQuery.foreignRequests()).toEqual([]);
  await imageQuery.screenshot(testInfo.outputPath('hongshan.png'));
});

test('the map turns into a globe and back', async ({ imageQuery }) => {
  await imageQuery.open();
  await imageQuery.mapSettled();
  await imageQuery.showGlobe();
  await expect.poll(async () => (await imageQuery.view())?.projection).toBe('globe');
  await imageQuery.mapSettled();
  expect(await imageQuery.renderedFeatures()).toBeGreaterThan(50);
  await imageQuery.showFlatMap();
  await expect.poll(async () => (await imageQuery.view())?.projection).toBe('mercator');
});

test('drawing a rectangle on the map reports its extent', async ({ imageQuery }) => {
  await imageQuery.open();
  await imageQuery.mapSettled();
  // when the visitor draws a rectangle over the middle of the map
  await imageQuery.drawRectangle([0.4, 0.35], [0.6, 0.6]);
  // then the page shows the rectangle's extent, inside what the map shows
  await expect(imageQuery.drawnExtent()).toBeVisible();
  const [west, south, east, north] = await imageQuery.drawnBbox();
  expect(east - west).toBeGreaterThan(1);
  expect(north - south).toBeGreaterThan(1);
  const view = await imageQuery.view();
  expect(shows(view, [west, south, east, north])).toBe(true);
  // and the cursor's position is read out under the map
  await expect(imageQuery.cursorReadout()).toHaveText(/东经 \d+\.\d{4}°\s+北纬 \d+\.\d{4}°/);
  // when the visitor clears it, the extent goes
  await imageQuery.clearDrawing();
  await expect(imageQuery.drawnExtent()).toBeHidden();
});
