import { expect, test } from './support/harness';

test("a visitor reads GF-1's page and follows it to the image query pre-filled for GF-1", async ({
  app,
  imageQuery,
}) => {
  // given the demo catalogue, which holds GF-1 scenes
  await app.open('/satellite/chinese/gf1');
  // then the page shows GF-1's facts, sensors and how many scenes are held
  const gf1 = app.page.getByTestId('satellite-GF1');
  await expect(gf1.getByRole('heading', { name: '高分一号', exact: true })).toBeVisible();
  await expect(gf1).toContainText('2013-04-26');
  await expect(gf1.getByRole('table', { name: '高分一号的传感器与分辨率' })).toContainText('PMS1');
  await expect(app.page.getByTestId('scenes-GF1')).toContainText(/影像库现有 [1-9]\d* 景/);
  // and its latest quick-looks
  await expect(app.page.getByTestId('latest-GF1').getByRole('img').first()).toBeVisible();
  // when the visitor follows the link to the image query
  await app.page.getByTestId('query-GF1').click();
  // then the query opens with GF-1 chosen
  await app.waitForAddress('/chinese/normal');
  await expect(imageQuery.chosenSatellites()).toContainText('GF1');
});

test('a visitor reads the country analysis as a chart and a table, and exports the table', async ({
  app,
}) => {
  await app.open('/satellite/analysis/country-analysis');
  const chart = app.page.getByTestId('analysis-chart-0');
  await expect(chart.locator('canvas')).toBeVisible();
  const table = app.page.getByTestId('analysis-table-0');
  await expect(table.getByRole('rowheader', { name: '中国', exact: true })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: '美国', exact: true })).toBeVisible();
  const download = app.page.waitForEvent('download');
  await app.page.getByTestId('analysis-export-0').click();
  expect((await download).suggestedFilename()).toBe('各国家卫星数量.csv');
});

test("a visitor zooms into the demo's typical image of GF-1", async ({ app }) => {
  await app.open('/satellite/typicalImage/gf1');
  const picture = app.page.getByTestId('viewer-image');
  const scaleOf = async () => Number(await picture.getAttribute('data-scale'));
  await expect(picture).toHaveAttribute('alt', '高分一号影像样例（演示）');
  // The picture first shows whole, then two steps in make it 1.25² times as large.
  await expect(picture).toHaveAttribute('data-fitted', 'true');
  const whole = await scaleOf();
  await app.page.getByTestId('viewer-zoom-in').click();
  await app.page.getByTestId('viewer-zoom-in').click();
  await expect.poll(scaleOf).toBeCloseTo(whole * 1.5625);
  await expect(app.page.getByTestId('viewer-scale')).toHaveText(`${Math.round(whole * 156.25)}%`);
  await app.page.getByTestId('viewer-reset').click();
  await expect.poll(scaleOf).toBeCloseTo(whole);
});
