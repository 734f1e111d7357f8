// 采集计划's journey (issue 19): hubei, a unit (湖北省), draws two areas of need inside 湖北 on
// 计划填报 for plan year 2026 and submits them; admin publishes the year's plan on 计划发布 and
// opens 采购计划 for 2026, where what the catalogue already covers is taken off, and 总体计划,
// where 湖北's row sets what was acquired against what remains to buy; hubei then rates the
// year on 省级反馈, and admin reads the rating there. The demo
// catalogue holds scenes over China for the last twelve months (so 2026), and no other
// journey fills plans: the year's areas are this journey's alone, but nothing is asserted
// that a second run on the same server would change (versions are counted up, not fixed).
import { demoUsers } from './support/driver';
import { expect, test } from './support/harness';
import { mapSettled } from './support/map';
import { PlanDriver } from './support/plan';

const YEAR = 2026;
/** Class 2, the class of most of the catalogue's Chinese satellites (GF1, GF6, ZY3 …): their
 * demo scenes cover 湖北 many times over in a year. */
const RESOLUTION = '1米至4米';

test('hubei draws and submits two areas; admin publishes the plan, buys only what the catalogue does not cover and oversees it; hubei rates the year', async ({
  app,
  imageQuery,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const plan = new PlanDriver(page);
  const tag = `${process.pid % 1000}-${Date.now() % 100_000}`;
  const [east, west] = [`江汉平原东 ${tag}`, `江汉平原西 ${tag}`];

  // given hubei on 计划填报 for 2026, the map on 湖北
  await app.open('/home');
  await app.logIn(demoUsers.hubei);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/plan/fill');
  await plan.choose('plan-year', `${YEAR} 年`);
  // The map fits 湖北's box (108–116.2°E, 29–33.3°N) once its range arrives.
  await expect
    .poll(async () => (await imageQuery.view())?.center ?? [0, 0])
    .toEqual([expect.closeTo(112.2, 0), expect.closeTo(31.2, 0)]);
  await mapSettled(page);

  // when it draws two rectangles near the middle of 湖北 and saves each as a draft
  await imageQuery.drawRectangle([0.46, 0.46], [0.5, 0.5]);
  await plan.saveDraft(west, RESOLUTION);
  await imageQuery.drawRectangle([0.52, 0.46], [0.56, 0.5]);
  await plan.saveDraft(east, RESOLUTION);
  await expect(plan.row(west)).toContainText('草稿');
  await expect(plan.row(east)).toContainText('草稿');

  // and submits them all
  await plan.submitAll();
  // then both are submitted and can only be asked to be edited
  await expect(plan.row(west)).toContainText('已提交');
  await expect(plan.row(east)).toContainText('已提交');
  await expect(plan.row(east).getByTestId('plan-apply-edit')).toBeVisible();
  await expect
    .poll(async () => (await imageQuery.overlays())['plan-areas'] ?? 0)
    .toBeGreaterThan(1);
  await imageQuery.screenshot(testInfo.outputPath('fill.png'));

  // when admin opens 计划发布 for 2026
  await app.logOut();
  await app.open('/home');
  await app.logIn(demoUsers.admin);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/plan/publish');
  await plan.choose('plan-year', `${YEAR} 年`);
  // then hubei's areas are among the year's, and 发布 counts them
  await expect(page.getByTestId('plan-publish-table')).toContainText(east);
  await expect(plan.page.getByTestId('plan-publish-button')).toBeEnabled();

  // when admin publishes
  const said = await plan.publish();
  // then the confirmation named the submitted areas and the version, and the version is listed
  expect(said).toMatch(new RegExp(`^将 \\d+ 个已提交的需求范围发布为 ${YEAR} 年计划第 \\d+ 版`));
  await page.getByRole('tab', { name: '发布版本' }).click();
  await expect(plan.versions()).toContainText(/第 \d+ 版/);
  await imageQuery.screenshot(testInfo.outputPath('publish.png'));

  // when admin opens 采购计划 for 2026
  await app.open('/plan/purchase');
  const answer = plan.purchaseOf(YEAR);
  await plan.choose('purchase-year', `${YEAR} 年`);
  const purchase = await answer;
  // then the line of the class is there with the covered part taken off
  expect(purchase.version).not.toBeNull();
  const line = purchase.rows.find((row) => row.resolution === 2);
  expect(line?.coveredKm2).toBeGreaterThan(0);
  expect(line?.purchaseKm2).toBeLessThan(line?.planKm2 ?? 0);
  await expect(plan.purchaseLines()).toContainText(RESOLUTION);
  await expect(page.getByTestId('purchase-sums')).toContainText(`第 ${purchase.version} 版`);
  await imageQuery.screenshot(testInfo.outputPath('purchase.png'));

  // when admin opens 总体计划 for 2026
  await app.open('/plan/overall');
  const overallAnswer = plan.overallOf(YEAR);
  await plan.choose('overall-year', `${YEAR} 年`);
  const overall = await overallAnswer;
  // then 湖北's row sets what the catalogue acquired against what remains to buy, adding up
  const hubeiRow = overall.rows.find((row) => row.key === '420000');
  expect(hubeiRow?.acquiredKm2).toBeGreaterThan(0);
  expect((hubeiRow?.acquiredKm2 ?? 0) + (hubeiRow?.purchaseKm2 ?? 0)).toBeCloseTo(
    hubeiRow?.planKm2 ?? -1,
    3,
  );
  await expect(page.getByTestId('overall-rows')).toContainText('湖北省');
  await expect
    .poll(async () => (await imageQuery.overlays())['plan-areas'] ?? 0)
    .toBeGreaterThan(1);
  await imageQuery.screenshot(testInfo.outputPath('overall.png'));

  // when hubei rates the year on 省级反馈
  await app.logOut();
  await app.open('/home');
  await app.logIn(demoUsers.hubei);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/plan/feedback');
  await plan.choose('feedback-year', `${YEAR} 年`);
  await expect(plan.feedbackRow('湖北省')).toBeVisible();
  await plan.rate('湖北省', 4, `影像基本满足需求 ${tag}`);
  // then admin reads the rating and the comment there
  await app.logOut();
  await app.open('/home');
  await app.logIn(demoUsers.admin);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/plan/feedback');
  await plan.choose('feedback-year', `${YEAR} 年`);
  await expect(plan.feedbackRow('湖北省')).toContainText(`影像基本满足需求 ${tag}`);
  await expect(page.getByTestId('feedback-sums')).toContainText(/已评价\s*\d+ 个/);
  await imageQuery.screenshot(testInfo.outputPath('feedback.png'));
});
