// 应用监测 (/monitor/<theme>): one page for every theme, here the wind farms (风电设施监测)
// and the PV land (光伏用地监测).
import { demoUsers, type AppDriver } from './support/driver';
import { expect, test } from './support/harness';
import { MonitorDriver } from './support/monitor';

/**
 * hubei, who holds the monitoring permissions over 湖北省, logs in and opens a theme's page;
 * waits for the statistics of its latest batch over 湖北省.
 */
async function hubeiOpens(app: AppDriver, path: string, title: string): Promise<MonitorDriver> {
  const monitor = new MonitorDriver(app.page);
  await app.open('/home');
  await app.logIn(demoUsers.hubei);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open(path);
  await expect(monitor.pageTitle()).toHaveText(title);
  await monitor.statisticsShown('湖北省');
  return monitor;
}

test('a provincial user reads the wind farms of 湖北 on the map, opens one, compares its pictures and exports the list', async ({
  app,
}) => {
  // given hubei, when they open 风电设施监测
  const monitor = await hubeiOpens(app, '/monitor/windmill', '风电设施监测');
  // then the statistics of the latest batch over 湖北省 show, by city, on the map and beside it
  await expect(monitor.regionRows().first()).toBeVisible();
  // when they switch to 详情 and open the first spot of the list
  await monitor.showDetail();
  await expect(monitor.spotRows().first()).toBeVisible();
  await monitor.openFirstSpot();
  // then its facts show the theme's own attributes, and its pictures before and after
  await expect(monitor.spotFacts()).toContainText('装机容量（MW）');
  await expect(monitor.spotFacts()).toContainText('湖北省');
  await expect(monitor.picture('before')).toBeVisible();
  await expect(monitor.picture('after')).toBeVisible();
  // when they drag the divider to the left
  await expect(monitor.swipeHandle()).toHaveAttribute('aria-valuenow', '50');
  await monitor.dragSwipe(0.2);
  // then it follows the pointer
  await expect
    .poll(async () => Number(await monitor.swipeHandle().getAttribute('aria-valuenow')))
    .toBeLessThan(30);
  // when they export the list to Excel
  const download = await monitor.exportExcel();
  // then a workbook arrives
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
});

test('a provincial user follows PV land over time: the grid at level 13, five batches side by side, the trend, and one batch in detail', async ({
  app,
}) => {
  // given hubei on 光伏用地监测, when they switch to 网格
  const monitor = await hubeiOpens(app, '/monitor/pvland', '光伏用地监测');
  await monitor.showGrid();
  // then the grid is the theme's, level 13, over 湖北省, its cells on the map and the densest listed
  await expect(monitor.gridLevel()).toContainText('13 级网格');
  await expect(monitor.gridTotal()).toContainText('湖北省');
  await expect(monitor.gridCells().first()).toBeVisible();
  await expect.poll(() => monitor.gridShapes()).toBeGreaterThan(0);
  await expect(monitor.choroplethLegend()).toContainText('无数据');
  // when they switch to 序列
  await monitor.showSequence();
  // then the latest five batches show side by side, each on its own map, counted below
  await expect(monitor.sequenceMaps()).toHaveCount(5);
  await expect(monitor.sequenceBatchNames()).toHaveCount(5);
  await expect(monitor.sequenceRows()).toHaveCount(5);
  // when they switch to 趋势
  await monitor.showTrend();
  // then both charts are drawn, and the table has every batch
  await expect(monitor.trendChart('line')).toBeVisible();
  await expect(monitor.trendChart('bars')).toBeVisible();
  await expect(monitor.trendRows()).toHaveCount(8);
  // when they click the oldest batch
  const oldest = await monitor.openBatchFromTrend(0);
  // then 详情 of that batch opens
  await expect(monitor.batchSelect()).toContainText(oldest);
  await expect(app.page.getByTestId('spot-table')).toBeVisible();
});

test('a user without the permission is refused the page with the reason', async ({ app }) => {
  await app.open('/home');
  await app.logIn(demoUsers.person);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/monitor/windmill');
  await expect(app.accessRefusal()).toContainText('无查看信息权限，请联系管理员');
  await expect(app.pageTitle()).toBeHidden();
});
