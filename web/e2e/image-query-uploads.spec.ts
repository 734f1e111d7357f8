// 影像查询 by upload (issue 5, select modes 5 and 3): a list of file names finds exactly the
// scenes it names and says which names the catalogue lacks, also after a reload; an uploaded
// area survives a reload of the permalink, drawn on the map with its report and its results.
// The server runs with --demo: its generated catalogue has scenes over Hubei every month.
import { expect, test } from './support/harness';

test('a list of file names finds the scenes it names and reports the one missing', async ({
  imageQuery,
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  // given the names of three scenes of the catalogue and one that is in no catalogue
  const names = await imageQuery.newestSceneNames('420000', 3);
  expect(names).toHaveLength(3);
  const missing = 'GF1_PMS1_E999.9_N99.9_20200101_L1A0000000000.tar.gz';
  await imageQuery.open();
  await imageQuery.chooseMode('文件');
  await imageQuery.uploadList('names.txt', [...names, missing].join('\n') + '\n');

  // then the page has read four names and says which one no scene has
  await expect(imageQuery.uploadedList()).toContainText('已读取 4 条文件名');
  await expect(imageQuery.missingNames()).toContainText('1 个文件名在影像目录中不存在');
  await expect(imageQuery.missingNames()).toContainText(missing);
  await imageQuery.missingNames().scrollIntoViewIfNeeded();
  await imageQuery.screenshot(testInfo.outputPath('file-list.png'));

  // when the visitor searches, the three named scenes are the results
  await imageQuery.search();
  await expect(page).toHaveURL(/mode=5&upload=/);
  await expect(imageQuery.resultRows()).toHaveCount(3);
  await expect(imageQuery.resultsTotal()).toHaveText('3');
  const shown = await imageQuery.resultRows().allTextContents();
  for (const name of names) expect(shown.some((text) => text.includes(name))).toBe(true);
  await expect.poll(async () => (await imageQuery.overlays()).footprints ?? 0).toBe(3);
  await imageQuery.screenshot(testInfo.outputPath('file-results.png'));

  // and a reload of the address brings back the results and the list's report
  await page.reload();
  await expect(imageQuery.resultRows()).toHaveCount(3);
  await imageQuery.openTab('选择');
  await expect(imageQuery.uploadedList()).toContainText('已读取 4 条文件名');
  await expect(imageQuery.missingNames()).toContainText(missing);
  await imageQuery.screenshot(testInfo.outputPath('file-reloaded.png'));
});

test('an uploaded area and its results come back with a reload of the permalink', async ({
  imageQuery,
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  // given a square around Wuhan uploaded as a GeoJSON file, and a search over it
  const square: [number, number, number, number] = [114, 30.3, 114.6, 30.8];
  const [west, south, east, north] = square;
  await imageQuery.open();
  await imageQuery.chooseMode('上传SHP');
  await imageQuery.uploadShape(
    'wuhan.geojson',
    JSON.stringify({
      type: 'Feature',
      properties: { name: '武汉' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [west, south],
            [east, south],
            [east, north],
            [west, north],
            [west, south],
          ],
        ],
      },
    }),
  );
  await expect(imageQuery.uploadedShape()).toContainText('km²');
  const report = await imageQuery.uploadedShape().textContent();
  await imageQuery.search();
  await expect(page).toHaveURL(/mode=3&upload=/);
  await expect(imageQuery.resultRows().first()).toBeVisible();
  const total = await imageQuery.resultTotal();
  const first = await imageQuery.resultRows().first().getAttribute('data-id');

  // when the visitor reloads the address (or opens it elsewhere)
  await page.reload();

  // then the same results show, the area is drawn and in view, with the same report
  await expect(imageQuery.resultRows().first()).toHaveAttribute('data-id', first ?? '');
  await expect(imageQuery.resultsTotal()).toHaveText(String(total));
  await expect.poll(async () => (await imageQuery.overlays()).upload ?? 0).toBeGreaterThan(0);
  await expect
    .poll(async () => {
      const bounds = (await imageQuery.view())?.bounds;
      return (
        bounds !== undefined &&
        bounds[0] <= west &&
        bounds[1] <= south &&
        bounds[2] >= east &&
        bounds[3] >= north
      );
    })
    .toBe(true);
  await imageQuery.screenshot(testInfo.outputPath('shape-reloaded.png'));
  await imageQuery.openTab('选择');
  await expect(imageQuery.selectedMode()).toHaveText('上传SHP');
  await expect(imageQuery.uploadedShape()).toHaveText(report ?? '');
  await imageQuery.screenshot(testInfo.outputPath('shape-reloaded-select.png'));
});
