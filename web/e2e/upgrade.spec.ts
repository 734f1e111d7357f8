import { expect, test } from './support/harness';

test('an account that must change its password gets the upgrade notice', async ({
  app,
  accounts,
}) => {
  // given an account flagged to change its password
  const user = accounts.add('upgrader', { mustChangePassword: true });
  // when it logs in
  await app.open('/home');
  await app.logIn(user);
  // then the login dialog gives way to the upgrade notice, with no session
  await expect(app.upgradeNotice()).toContainText('由于系统升级');
  await expect(app.loginDialog()).toBeHidden();
  await expect(app.loginButton()).toBeVisible();
  // and confirming opens the password reset
  await app.confirmUpgrade();
  await app.waitForAddress('/chinese/resetPassword');
});
