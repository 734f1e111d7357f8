// 影像查询's journey (issue 5): a region, a filter, the results and their footprints, the
// coverage of the region and its export, a drawn polygon, and the permalink. The server runs
// with --demo: its generated catalogue has GF1 and GF2 scenes over Hubei every month.
import { expect, test } from './support/harness';
import { ImageQueryDriver } from './support/imageQuery';

test('a province, GF1/GF2 of the last three months: results, footprints, coverage, export, a drawn polygon', async ({
  imageQuery,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await imageQuery.open();
  await imageQuery.mapSettled();

  // given 湖北省 and GF1/GF2 (the time range is the last three months by default)
  await imageQuery.chooseRegion('湖北省');
  await expect(imageQuery.chosenRegion()).toContainText('湖北省');
  await imageQuery.chooseSatellites('GF1', 'GF2');
  await expect(imageQuery.chosenSatellites()).toContainText('GF1');
  await expect(imageQuery.chosenSatellites()).toContainText('GF2');

  // when the visitor searches
  await imageQuery.search();

  // then the results list GF1 and GF2 scenes only, a page of 20 at most
  await expect(imageQuery.resultRows().first()).toBeVisible();
  const total = await imageQuery.resultTotal();
  expect(total).toBeGreaterThan(0);
  await expect(imageQuery.resultRows()).toHaveCount(Math.min(total, 20));
  for (const text of await imageQuery.resultRows().allTextContents())
    expect(text).toMatch(/GF[12] \//);
  // and their footprints are on the map
  await expect.poll(async () => (await imageQuery.overlays()).footprints ?? 0).toBeGreaterThan(0);
  // and hovering a row highlights its footprint
  await imageQuery.resultRows().first().hover();
  await expect
    .poll(async () => (await imageQuery.overlays())['footprint-hovered'] ?? 0)
    .toBeGreaterThan(0);
  // and 本页落图 lays the page's quick-looks on the map
  const firstId = await imageQuery.resultRows().first().getAttribute('data-id');
  await imageQuery.showPageFigures();
  await expect.poll(async () => (await imageQuery.overlays())[`figure-${firstId}`] ?? 0).toBe(1);
  await imageQuery.screenshot(testInfo.outputPath('results.png'));

  // when the visitor opens the coverage tab
  await imageQuery.openTab('覆盖');
  // then the area of Hubei, the covered area and the ratio show, and both parts are drawn
  await expect(imageQuery.coverageFigures()).toContainText('km²');
  await expect(imageQuery.coverageFigures()).toContainText('%');
  await expect
    .poll(async () => (await imageQuery.overlays())['not-covered'] ?? 0)
    .toBeGreaterThan(0);
  await imageQuery.screenshot(testInfo.outputPath('coverage.png'));

  // when the visitor exports the not-covered part
  const download = await imageQuery.exportNotCovered();
  // then the browser saves a zipped shapefile
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const file = testInfo.outputPath('not-covered.zip');
  await download.saveAs(file);
  expect(ImageQueryDriver.zipEntries(file).some((name) => name.endsWith('.shp'))).toBe(true);

  // when the visitor draws a polygon around Wuhan
  await imageQuery.openTab('选择');
  await imageQuery.drawPolygon([
    [0.6, 0.45],
    [0.75, 0.45],
    [0.72, 0.62],
    [0.6, 0.6],
  ]);
  // then the mode is 绘制 and the results of Hubei are gone
  await expect(imageQuery.selectedMode()).toHaveText('绘制');
  await expect(imageQuery.tab('结果')).toHaveAttribute('aria-disabled', 'true');
  await expect(page).toHaveURL((url) => url.search === '');
  // when the visitor searches again, the polygon's scenes come
  await imageQuery.search();
  await expect(imageQuery.resultRows().first().or(imageQuery.emptyResults())).toBeVisible();
  await expect(page).toHaveURL(/mode=4&geom=/);
  await imageQuery.screenshot(testInfo.outputPath('polygon.png'));
});

test('a permalink restores the query and its results', async ({ imageQuery, page }) => {
  test.setTimeout(60_000);
  await imageQuery.open();
  await imageQuery.chooseRegion('湖北省');
  await imageQuery.chooseSatellites('GF2');
  await imageQuery.search();
  await expect(imageQuery.resultRows().first()).toBeVisible();
  const total = await imageQuery.resultTotal();
  const first = await imageQuery.resultRows().first().getAttribute('data-id');
  await expect(page).toHaveURL(/mode=1&region=420000/);

  // when the visitor reloads the address (or opens it elsewhere)
  await page.reload();

  // then the same results show, the same first, and the query is in the select tab
  await expect(imageQuery.resultRows().first()).toHaveAttribute('data-id', first ?? '');
  await expect(imageQuery.resultsTotal()).toHaveText(String(total));
  await imageQuery.openTab('选择');
  await expect(imageQuery.chosenRegion()).toContainText('湖北省');
  await expect(imageQuery.chosenSatellites()).toContainText('GF2');
});

test('an uploaded GeoJSON area is searched by its upload', async ({ imageQuery, page }) => {
  await imageQuery.open();
  await imageQuery.chooseMode('上传SHP');
  // given a square around Wuhan as a GeoJSON file
  await imageQuery.uploadShape(
    'wuhan.geojson',
    JSON.stringify({
      type: 'Polygon',
      coordinates: [
        [
          [114, 30.3],
          [114.6, 30.3],
          [114.6, 30.8],
          [114, 30.8],
          [114, 30.3],
        ],
      ],
    }),
  );
  // then the page shows its area, and the map draws it
  await expect(imageQuery.uploadedShape()).toContainText('km²');
  await expect.poll(async () => (await imageQuery.overlays()).upload ?? 0).toBeGreaterThan(0);
  // when the visitor searches, the address names the upload and results (or none) show
  await imageQuery.search();
  await expect(page).toHaveURL(/mode=3&upload=/);
  await expect(imageQuery.resultRows().first().or(imageQuery.emptyResults())).toBeVisible();
});
