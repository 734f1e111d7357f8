import { readFileSync } from 'node:fs';
import { mapOverlays, mapSettled } from './support/map';
import { expect, test } from './support/harness';

test('a visitor reads how much of each province the demo scenes cover, drills into 湖北省 and exports its cities', async ({
  app,
}) => {
  const page = app.page;
  // given the demo catalogue of the last twelve months, counted for the newest year
  await app.open('/statistics/coverage-statics');
  const summary = page.getByTestId('coverage-summary');
  await expect(summary).toContainText(/中华人民共和国覆盖率 \d+\.\d%/);
  const table = page.getByTestId('coverage-table');
  await expect(table.getByRole('button', { name: '湖北省', exact: true })).toBeVisible();
  // then the provinces are coloured on the map
  await expect
    .poll(async () => (await mapOverlays(page))['coverage-regions'] ?? 0)
    .toBeGreaterThan(0);
  // when they open 湖北省 from the table
  await table.getByRole('button', { name: '湖北省', exact: true }).click();
  await expect(summary).toContainText(/湖北省覆盖率 \d+\.\d%/);
  await expect(table.getByRole('button', { name: '武汉市', exact: true })).toBeVisible();
  await expect(page.getByTestId('coverage-path')).toContainText('湖北省');
  // and lay the covered part over the map
  await page.getByTestId('coverage-show-covered').click();
  await mapSettled(page);
  await expect
    .poll(async () => (await mapOverlays(page))['coverage-covered'] ?? 0)
    .toBeGreaterThan(0);
  // then the export holds Hubei's cities
  const download = page.waitForEvent('download');
  await page.getByTestId('coverage-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^覆盖统计_湖北省_\d{4}年全年\.csv$/);
  expect(readFileSync(await file.path(), 'utf8')).toMatch(/420100,武汉市,\d+,\d+,[\d.]+/);
});
