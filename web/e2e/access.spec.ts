import { demoUsers } from './support/driver';
import { expect, test } from './support/harness';

test('a user with the permission but no area range is refused with the reason', async ({
  app,
  accounts,
}) => {
  // given an account holding the monitoring permissions and no area range
  const user = accounts.add('norange', { roles: ['monitor'] });
  await app.open('/home');
  await app.logIn(user);
  await expect(app.personalCentreLink()).toBeVisible();
  // when it opens a monitoring page
  await app.open('/monitor/landcover');
  // then the page says why it cannot show
  await expect(app.accessRefusal()).toContainText('未关联用户权限范围，请联系管理员');
  await expect(app.pageTitle()).toBeHidden();
});

test('a user without the permission is refused with the reason', async ({ app }) => {
  await app.open('/home');
  await app.logIn(demoUsers.person);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/monitor/landcover');
  await expect(app.accessRefusal()).toContainText('无查看信息权限，请联系管理员');
});
