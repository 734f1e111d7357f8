import { demoUsers } from './support/driver';
import { expect, test } from './support/harness';

test('a monitoring user logs in through the dialog and opens land-cover monitoring', async ({
  app,
}) => {
  // given the demo user hubei on the home page
  await app.open('/home');
  // when they log in through the header's dialog
  await app.logIn(demoUsers.hubei);
  // then the header shows their cart, personal centre and logout instead of login/register
  await expect(app.personalCentreLink()).toBeVisible();
  await expect(app.cartLink()).toBeVisible();
  await expect(app.loginButton()).toBeHidden();
  await expect(app.loginDialog()).toBeHidden();
  // and the monitoring menu leads to the land-cover page
  await app.hoverMenu('/monitor');
  await app.menuEntry('/monitor/landcover').click();
  await app.waitForAddress('/chinese/monitor/landcover');
  await expect(app.pageTitle()).toHaveText('地表覆盖监测');
});

test('an anonymous visitor opening a monitoring page logs in and lands on it', async ({ app }) => {
  // when an anonymous visitor opens the windmill page's address
  await app.open('/monitor/windmill');
  // then they wait on the home page with the login dialog
  await app.waitForAddress('/chinese/home');
  await expect(app.loginDialog()).toBeVisible();
  // and after logging in, the page they asked for opens
  await app.fillLoginDialog(demoUsers.hubei);
  await app.waitForAddress('/chinese/monitor/windmill');
  await expect(app.pageTitle()).toHaveText('风电设施监测');
});

test('a reload keeps the login', async ({ app }) => {
  await app.open('/normal');
  await app.logIn(demoUsers.hubei);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.page.reload();
  await expect(app.personalCentreLink()).toBeVisible();
  await expect(app.loginButton()).toBeHidden();
});

test('logging out returns to the home page with login and register', async ({ app }) => {
  await app.open('/normal');
  await app.logIn(demoUsers.hubei);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.logOut();
  await app.waitForAddress('/chinese/home');
  await expect(app.loginButton()).toBeVisible();
  await expect(app.registerButton()).toBeVisible();
  await expect(app.personalCentreLink()).toBeHidden();
});

test("a wrong password shows the server's message and a new captcha", async ({ app, accounts }) => {
  const user = accounts.add('wrongpw');
  await app.open('/home');
  await app.openLoginDialog();
  const firstCaptcha = await app.captchaAddress();
  await app.fillLoginDialog({ ...user, password: 'Wrong12345' });
  await expect(app.toast('用户名或密码错误')).toBeVisible();
  await expect(app.loginDialog()).toBeVisible();
  await expect(app.loginCaptcha()).not.toHaveAttribute('src', firstCaptcha);
});
