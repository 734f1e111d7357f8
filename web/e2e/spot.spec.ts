// 图斑推送's journey (issue 18): with --demo the server has sent 演示：湖北省图斑核查 to the 湖北
// node. Its account (hubei) opens the batch, verifies two spots (result, the position placed
// on the map, a photo on one) and submits both; the manager (admin) finds them in 待审核 and
// approves one. The demo batch's theme (光伏用地监测) has no type dictionary, so 核实类型 is
// not offered for its spots (the page shows it for the themes that type their spots).
import path from 'node:path';
import { demoUsers } from './support/driver';
import { expect, test } from './support/harness';
import { SpotDriver } from './support/spot';

const DEMO_BATCH = '演示：湖北省图斑核查';
const PHOTO = path.join(import.meta.dirname, 'fixtures', 'site-photo.png');

test('hubei verifies and submits two spots of the demo batch; admin approves one in 待审核', async ({
  app,
  imageQuery,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const spot = new SpotDriver(page);

  // given hubei, the 湖北 node's account, on 图斑推送
  await app.open('/home');
  await app.logIn(demoUsers.hubei);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/push/spot');

  // when it opens the demo batch
  await expect(spot.batch(DEMO_BATCH)).toBeVisible();
  await spot.openBatch(DEMO_BATCH);
  await expect(spot.batchName()).toContainText(DEMO_BATCH);
  await expect(spot.records().nth(1)).toBeVisible();
  // then its spots are listed and drawn
  await expect.poll(async () => (await spot.overlays())['spot-records'] ?? 0).toBeGreaterThan(0);
  await imageQuery.screenshot(testInfo.outputPath('batch.png'));
  const [first, second] = (await spot.recordTitles()).slice(0, 2);
  if (!first || !second) throw new Error('the demo batch lists fewer than two spots');

  for (const [title, withPhoto] of [
    [first, true],
    [second, false],
  ] as const) {
    // when hubei verifies a spot: a result, the position clicked on the map, a photo
    await spot.openRecord(title);
    await expect(spot.recordState()).toHaveText('待核查');
    await spot.chooseResult(title === first ? '真实变化' : '伪变化');
    await spot.placePositionOnMap();
    await expect(spot.longitude()).toHaveValue(/^\d+\.\d+$/);
    await expect(spot.latitude()).toHaveValue(/^\d+\.\d+$/);
    if (withPhoto) {
      await spot.uploadPhoto(PHOTO);
      await expect(spot.photoPictures()).toHaveCount(1);
      await expect(spot.photoPictures().first()).toBeVisible();
      await imageQuery.screenshot(testInfo.outputPath('record.png'));
    }
    // and submits it
    await spot.submit();
    // then it is submitted, with its history
    await expect(spot.recordState()).toHaveText('已提交');
    await expect(page.getByTestId('spot-history')).toContainText('待核查 → 已提交');
    await spot.backToList();
    await expect(spot.records().filter({ hasText: title })).toContainText('已提交');
  }

  // when the manager opens 待审核
  await app.logOut();
  await app.open('/home');
  await app.logIn(demoUsers.admin);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/push/spot');
  await spot.openTab('待审核');
  // then both submitted spots wait there
  await expect(spot.records().filter({ hasText: first })).toBeVisible();
  await expect(spot.records().filter({ hasText: second })).toBeVisible();

  // when it approves the first
  await spot.openRecord(first);
  await expect(page.getByTestId('spot-finding')).toContainText('真实变化');
  await expect(spot.photoPictures()).toHaveCount(1);
  await spot.approve();
  // then it is approved and leaves the queue; the other still waits
  await expect(spot.recordState()).toHaveText('已通过');
  await imageQuery.screenshot(testInfo.outputPath('approved.png'));
  await spot.backToList();
  await expect(spot.records().filter({ hasText: second })).toBeVisible();
  await expect(spot.records().filter({ hasText: first })).toHaveCount(0);

  // when the manager looks at the push statistics of this year
  await app.open('/statistics/push');
  // then the verification progress counts the approved spot and the one still waiting
  await expect(page.getByTestId('verification-total-已通过')).toHaveText('1');
  await expect(page.getByTestId('verification-total-已提交')).toHaveText('1');
  const hubeiRow = page
    .getByTestId('verification-node-table')
    .getByRole('row')
    .filter({ hasText: '湖北省推送节点' });
  await expect(hubeiRow.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /^[1-9]\d*$/);
});
