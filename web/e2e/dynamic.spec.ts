// 动态分析 (/monitor/dynamicAnalysis): what changed between two batches of a monitoring theme.
import { DynamicDriver } from './support/dynamic';
import { demoUsers } from './support/driver';
import { expect, test } from './support/harness';

test('a provincial user compares the two latest batches of PV land in 湖北 and exports the table', async ({
  app,
}) => {
  const dynamic = new DynamicDriver(app.page);
  // given hubei, who holds the monitoring permissions over 湖北省
  await app.open('/home');
  await app.logIn(demoUsers.hubei);
  await expect(app.personalCentreLink()).toBeVisible();
  // when they open 动态分析 and choose 光伏用地监测
  await app.open('/monitor/dynamicAnalysis');
  await expect(app.pageTitle()).toHaveText('动态分析');
  await dynamic.chooseTheme('光伏用地监测');
  // then the changes between the two latest batches over 湖北省 show, by city
  await expect(dynamic.total()).toContainText('湖北省');
  await expect(dynamic.total()).toContainText('2025年第三季度 至 2025年第四季度');
  await expect(dynamic.regionRows().first()).toBeVisible();
  // and the map's legend names the four kinds
  await expect(dynamic.legendKinds()).toHaveText(['新增', '扩大', '缩小', '消失']);
  // when they export the table to Excel
  const download = await dynamic.exportExcel();
  // then a workbook arrives
  expect(download.suggestedFilename()).toBe('pvland_dynamic_2025Q3_2025Q4.xlsx');
});

test('a user without any monitoring permission is refused the page with the reason', async ({
  app,
}) => {
  await app.open('/home');
  await app.logIn(demoUsers.person);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/monitor/dynamicAnalysis');
  await expect(app.accessRefusal()).toContainText('无查看信息权限，请联系管理员');
  await expect(app.pageTitle()).toBeHidden();
});
