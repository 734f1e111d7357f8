// 影像推送's journey (issue 18): the manager pushes the image query's results over 湖北 to the
// 湖北 node and follows the link to the batch; the 湖北 node's account (hubei) finds it on
// 影像推送, computes how much of 湖北 it covers and exports it as a workbook. The server runs
// with --demo: the 湖北 node (湖北省推送节点（演示）) is related to hubei.
import { statSync } from 'node:fs';
import { demoUsers } from './support/driver';
import { expect, test } from './support/harness';
import { PushDriver } from './support/push';

test('admin pushes 湖北’s results to the 湖北 node; hubei opens the batch, computes its coverage and exports it', async ({
  app,
  imageQuery,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const push = new PushDriver(page);
  // Specs share one server: the batch's name is this run's own.
  const name = `端到端推送 ${process.pid % 1000}-${Date.now() % 100_000}`;

  // given the manager with the results of 湖北省
  await imageQuery.open();
  await app.logIn(demoUsers.admin);
  await expect(app.menuEntry('/push')).toBeVisible();
  await imageQuery.chooseRegion('湖北省');
  await imageQuery.search();
  await expect(imageQuery.resultRows().first()).toBeVisible();
  const total = await imageQuery.resultTotal();

  // when they push every result to the 湖北 node
  await push.openPushDialog();
  await expect(push.pushedScenes()).toContainText(`全部 ${total} 景`);
  await push.fillPush(name, '湖北省推送节点');
  await imageQuery.screenshot(testInfo.outputPath('dialog.png'));
  await push.confirmPush();

  // then the message links to the batch, which opens on 影像推送
  await expect(push.sentNotice()).toContainText(name);
  await push.followSentLink();
  await expect(page).toHaveURL(/\/chinese\/push\/image\?batch=\d+$/);
  await expect(push.detailName()).toContainText(name);
  await expect(push.items().first()).toBeVisible();
  await expect.poll(async () => (await push.overlays())['push-footprints'] ?? 0).toBeGreaterThan(0);
  await imageQuery.screenshot(testInfo.outputPath('manager.png'));

  // when hubei, the 湖北 node's account, opens 影像推送
  await app.logOut();
  await app.open('/home');
  await app.logIn(demoUsers.hubei);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/push/image');
  // then the batch is in its list; opening it shows its items
  await expect(push.batch(name)).toBeVisible();
  await push.openBatch(name);
  await expect(push.detailName()).toContainText(name);
  await expect(push.items().first()).toBeVisible();

  // when hubei computes the coverage of 湖北
  await push.calculateCoverage();
  // then the ratio shows, and the uncovered part is in the legend and on the map
  await expect(push.coverageRatio()).toHaveText(/^(<0\.01|\d+\.\d\d)%$/);
  await expect(push.uncoveredLegend()).toContainText('未覆盖');
  await expect.poll(async () => (await push.overlays()).covered ?? 0).toBeGreaterThan(0);
  await imageQuery.screenshot(testInfo.outputPath('coverage.png'));

  // when hubei exports the batch as a workbook
  const download = await push.exportExcel();
  // then the browser saves the server's file, and it is not empty
  expect(download.suggestedFilename()).toMatch(/^push_\d+\.xlsx$/);
  const file = testInfo.outputPath('push.xlsx');
  await download.saveAs(file);
  expect(statSync(file).size).toBeGreaterThan(0);
});
