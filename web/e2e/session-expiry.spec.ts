import { expect, test } from './support/harness';
import { MonitorDriver } from './support/monitor';

test('an ended session warns 登录已过期，请重新登录！ and returns home', async ({
  app,
  accounts,
}) => {
  // given a monitoring user on the land-cover page
  const user = accounts.add('expiring', { roles: ['monitor'], ranges: ['420000'] });
  await app.open('/home');
  await app.logIn(user);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/monitor/landcover');
  await expect(app.pageTitle()).toHaveText('地表覆盖监测');
  // and the page has everything it asked for (a request still on its way when the session
  // ends would warn before the user acts, and the menu would be gone)
  await new MonitorDriver(app.page).statisticsShown('湖北省');
  // when an administrator sets a new password (which ends the account's sessions)
  accounts.changePassword(user.username, 'Other12345');
  // and the user opens another monitoring page, which asks the server
  await app.hoverMenu('/monitor');
  await app.menuEntry('/monitor/windmill').click();
  // then they are warned, logged out and back home
  await expect(app.toast('登录已过期，请重新登录！')).toBeVisible();
  await app.waitForAddress('/chinese/home');
  await expect(app.loginButton()).toBeVisible();
});
